/**
 * "Grundlagen": standards with edition, the geotechnical report (user reference), the method in words,
 * the software with its version and where its verification manual is; the partial factors and limits
 * that govern the results. The full settings list is in the appendix (sections/appendix.ts).
 */
import type { Content } from 'pdfmake/interfaces';
import { cite } from '../citations';
import { heading, kvTable, runs, type Ctx } from '../common';
import { fill } from '../texts';
import { settingRows } from './appendix';

export function basisSection(ctx: Ctx, no: number): Content[] {
  const { t, settings, input } = ctx;
  const s = settings as Record<string, unknown>;
  const report =
    typeof s.berichtBaugrundgutachten === 'string' && s.berichtBaugrundgutachten.trim() !== ''
      ? s.berichtBaugrundgutachten.trim()
      : t.notGiven;
  // the method's sources, from the one citation table (citations.ts)
  const citations = {
    eaBored: cite('EA-bored', ctx.lang),
    eaDriven: cite('EA-driven', ctx.lang),
    gammaT: cite('DIN1054-A2.3', ctx.lang),
    gammaGQ: cite('DIN1054-A2.1', ctx.lang),
  };
  return [
    heading(`${no} ${t.basis}`, 1, { pageBreak: 'before' }),
    heading(`${no}.1 ${t.standards}`, 2),
    { ul: t.standardsList.map((line) => ({ text: line })), fontSize: 8 },
    heading(`${no}.2 ${t.soilReport}`, 2),
    { text: report, fontSize: 8 },
    heading(`${no}.3 ${t.method}`, 2),
    { ul: t.methodText.map((line) => ({ text: runs(fill(line, citations)) })), fontSize: 8 },
    {
      unbreakable: true,
      stack: [
        { text: t.groups.partialFactors ?? '', style: 'h3' },
        kvTable(settingRows(ctx, 'partialFactors')),
        { text: t.groups.permissibleLimits ?? '', style: 'h3' },
        kvTable(settingRows(ctx, 'permissibleLimits')),
      ],
    },
    heading(`${no}.4 ${t.software}`, 2),
    {
      text: fill(t.softwareText, {
        name: fill(t.softwareName, { version: input.calculation.engine_version }),
      }),
      fontSize: 8,
    },
  ];
}
