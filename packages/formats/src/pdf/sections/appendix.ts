/**
 * Appendix: every setting that influences results (grouped as in the settings dialog, labels and units
 * of the field catalogue) and the list of the sources cited in the document.
 */
import {
  FIELD_TEXTS,
  SETTINGS_FIELDS,
  UNIT_SYMBOLS,
  type FieldDef,
  type SettingsGroup,
} from '@pfahlplaner/contracts';
import type { Content, TableCell } from 'pdfmake/interfaces';
import { heading, kv, runs, textOf, type Ctx } from '../common';
import { formatNumber } from '../texts';
import { citation } from '../citations';

const PARAMETER_GROUPS: SettingsGroup[] = [
  'standard',
  'partialFactors',
  'increaseFactors',
  'permissibleLimits',
  'pileLengths',
  'minimumValues',
  'pileFootSteps',
  'general',
  'crossSection',
];

const settingValue = (ctx: Ctx, field: FieldDef, value: unknown): string => {
  const { t, lang } = ctx;
  if (value === null || value === undefined || value === '') return '–';
  switch (field.kind) {
    case 'boolean':
      return value ? t.yes : t.no;
    case 'enum':
      return FIELD_TEXTS[lang][field.key]?.option?.[textOf(value)] ?? textOf(value);
    case 'number':
      return formatNumber(value as number, 4, lang, true);
    case 'integer':
      return field.control === 'checkbox'
        ? value
          ? t.yes
          : t.no
        : formatNumber(value as number, 0, lang);
    case 'string':
      return textOf(value);
  }
};

/** Label, value and unit of every setting of a group. */
export const settingRows = (ctx: Ctx, group: SettingsGroup): TableCell[][] =>
  (SETTINGS_FIELDS as readonly FieldDef[])
    .filter((field) => field.group === group)
    .map((field) =>
      kv(
        FIELD_TEXTS[ctx.lang][field.key]?.label ?? field.key,
        settingValue(ctx, field, (ctx.settings as Record<string, unknown>)[field.key]),
        // a dimensionless number says so (every number with its unit)
        UNIT_SYMBOLS[field.unit] || (field.kind === 'number' ? '–' : ''),
      ),
    );

/** Every table source the printed load points used, as citations. */
export const citedSources = (ctx: Ctx): string[] => {
  const cited = new Set<string>();
  for (const pile of ctx.input.result.piles) {
    const trace = pile.trace;
    if (!trace) continue;
    for (const layer of trace.layers) {
      for (const q of [layer.skin, layer.skinStar, ...layer.base]) {
        if (q?.source === 'table' && q.tableSource) cited.add(citation(q.tableSource, ctx.lang));
      }
    }
  }
  return [...cited].sort();
};

export function appendixSection(ctx: Ctx, letter: string): Content[] {
  const { t } = ctx;
  const tables: Content[] = [];
  for (const group of PARAMETER_GROUPS) {
    const rows = settingRows(ctx, group);
    if (rows.length === 0) continue;
    tables.push({
      unbreakable: true,
      stack: [
        { text: t.groups[group] ?? group, style: 'h3' },
        {
          table: { widths: ['*', 62, 36], body: rows },
          layout: 'thin',
          fontSize: 7.5,
          margin: [0, 0, 0, 6],
        },
      ],
    });
  }
  const sources = citedSources(ctx);
  return [
    heading(`${t.appendix} ${letter}: ${t.appendixParameters}`, 1, { pageBreak: 'before' }),
    { text: t.parametersIntro, fontSize: 7.5, margin: [0, 0, 0, 4] },
    {
      columns: [
        { stack: tables.filter((_, i) => i % 2 === 0), width: '*' },
        { stack: tables.filter((_, i) => i % 2 === 1), width: '*' },
      ],
      columnGap: 16,
    },
    heading(
      `${t.appendix} ${String.fromCharCode(letter.charCodeAt(0) + 1)}: ${t.appendixSources}`,
      1,
    ),
    {
      ol: [...t.standardsList, ...sources].map((line) => ({ text: runs(line) })),
      fontSize: 7.5,
    },
  ];
}
