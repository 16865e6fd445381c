/**
 * Writes the predecessor's `InputDaten` document (docs/sources/legacy-format.md §L4.4, §L5.1) from the workbook.
 * Values are converted with the catalogue's XML mappings (contracts `toXmlValue`, ADR 0053). Never written: the
 * engine account credentials (`userMailAddress`, `userKey`, `userKeyHorizontal`) and user/company records
 * (ADR 0070). Added after `hLasten`, in our own namespace: `PfahlplanerDaten` (the settings the predecessor's XML
 * has no element for, so our export re-imports without loss) and `OutputDaten` (results, when a calculation result
 * is given).
 */
import {
  FIELD_CATALOGUE,
  XML_ELEMENT_ORDER,
  fieldsOf,
  toXmlValue,
  type FieldDef,
  type FieldEntity,
} from '@pfahlplaner/contracts';
import type { ProjectResult } from '@pfahlplaner/engine';
import type { ReportResult } from '../result';
import type { ImportedWorkbook } from '../validate';
import {
  extensionPileFields,
  extensionSettings,
  INPUT_DATEN_NAMESPACE,
  PFAHLPLANER_NAMESPACE,
  type Row,
} from './input-daten-fields';

/** XML 1.0 text: markup characters escaped, CR kept as a reference, characters XML cannot carry dropped. */
export const escapeXml = (text: string): string =>
  text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '')
    .replace(
      /[&<>"']/g,
      (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!,
    )
    .replace(/\r/g, '&#13;');

const element = (name: string, text: string, indent: string): string =>
  `${indent}<${name}>${escapeXml(text)}</${name}>`;

const fieldElements = (entity: FieldEntity, row: Row, indent: string): string[] =>
  (XML_ELEMENT_ORDER[entity] as readonly string[]).map((key) => {
    const field = (FIELD_CATALOGUE[entity] as Record<string, FieldDef>)[key]!;
    return element(field.xml!.element, toXmlValue(field, row[key] as never), indent);
  });

const outputSection = (result: ReportResult, indent: string): string[] => {
  const lines = [`${indent}<OutputDaten xmlns="${PFAHLPLANER_NAMESPACE}">`];
  const i1 = `${indent}\t`;
  const i2 = `${i1}\t`;
  const i3 = `${i2}\t`;
  lines.push(element('_engineVersion', result.engineVersion, i1));
  lines.push(`${i1}<pfaehle>`, `${i2}<LastPunktOutputList>`);
  const pileResults = (fieldsOf('pile') as readonly FieldDef[]).filter(
    (f) => f.role === 'result' && f.xml !== null,
  );
  for (const pile of result.piles) {
    lines.push(`${i3}<LastPunktOutput>`, element('_Pname', pile.Pname, `${i3}\t`));
    for (const field of pileResults) {
      const value = (pile as unknown as Row)[field.key];
      if (value === undefined) continue;
      lines.push(element(field.xml!.element, toXmlValue(field, value as never), `${i3}\t`));
    }
    lines.push(`${i3}</LastPunktOutput>`);
  }
  lines.push(`${i2}</LastPunktOutputList>`, `${i1}</pfaehle>`, `${i1}<BodenNutzung>`);
  for (const profile of result.soil_profiles) {
    lines.push(`${i2}<BodenProfilNutzung>`, element('_profilName', profile.name, `${i2}\t`));
    lines.push(element('_Pfahltyp', profile.PfahlTyp ?? '', `${i2}\t`), `${i2}\t<_schichten>`);
    for (const layer of profile.soil_layers) {
      lines.push(`${i3}\t<BodenSchichtNutzung>`);
      for (const key of ['usedQsk', 'usedQbk002', 'usedQbk003', 'usedQbk01'] as const) {
        const field = FIELD_CATALOGUE.soilLayer[key] as FieldDef;
        lines.push(
          element(field.xml!.element, toXmlValue(field, layer[key] as never), `${i3}\t\t`),
        );
      }
      lines.push(`${i3}\t</BodenSchichtNutzung>`);
    }
    lines.push(`${i2}\t</_schichten>`, `${i2}</BodenProfilNutzung>`);
  }
  lines.push(`${i1}</BodenNutzung>`);
  if (result.horizontal_loadcases) {
    const loadResults = (fieldsOf('horizontalLoad') as readonly FieldDef[]).filter(
      (f) => f.role === 'result' && f.xml !== null,
    );
    lines.push(`${i1}<hLasten>`);
    for (const loadCase of result.horizontal_loadcases) {
      lines.push(`${i2}<HLastOutputTabelle>`, element('hTabelleName', loadCase.name, `${i2}\t`));
      for (const row of loadCase.horizontal_loads) {
        lines.push(`${i2}\t<HLastPunktHorOutput>`, element('_Pname', row.Pname, `${i3}\t`));
        for (const field of loadResults) {
          const value = (row as unknown as Row)[field.key];
          if (value === undefined) continue;
          const text = typeof value === 'string' ? value : toXmlValue(field, value as never);
          lines.push(element(field.xml!.element, text, `${i3}\t`));
        }
        lines.push(`${i2}\t</HLastPunktHorOutput>`);
      }
      lines.push(`${i2}</HLastOutputTabelle>`);
    }
    lines.push(`${i1}</hLasten>`);
  }
  const issues = [
    ...result.issues.map((entry) => ({ where: '', entry })),
    ...result.piles.flatMap((pile) => pile.issues.map((entry) => ({ where: pile.Pname, entry }))),
  ];
  lines.push(`${i1}<_hinweise>`);
  for (const { where, entry } of issues) {
    lines.push(
      `${i2}<Hinweis code="${escapeXml(entry.code)}" severity="${escapeXml(entry.severity)}" lastpunkt="${escapeXml(where)}"/>`,
    );
  }
  lines.push(`${i1}</_hinweise>`, `${indent}</OutputDaten>`);
  return lines;
};

/**
 * The `InputDaten` document of a workbook (engine units, predecessor element order), plus our
 * extension and, when `result` is given, an `OutputDaten` section with the results.
 * @param workbook the project workbook (version is not written)
 * @param result optional engine result (`calculateProject`, plus horizontal load cases when calculated)
 */
export function writeInputDatenXml(
  workbook: ImportedWorkbook | (ImportedWorkbook & { version: number }),
  result?: ReportResult | ProjectResult,
): string {
  const t1 = '\t';
  const t2 = '\t\t';
  const t3 = '\t\t\t';
  const t4 = '\t\t\t\t';
  const t5 = '\t\t\t\t\t';
  const t6 = '\t\t\t\t\t\t';
  const lines = [
    '<?xml version="1.0" encoding="utf-8"?>',
    `<InputDaten xmlns="${INPUT_DATEN_NAMESPACE}" xmlns:i="http://www.w3.org/2001/XMLSchema-instance">`,
    `${t1}<projektInfo>`,
    ...fieldElements('settings', workbook.settings, t2),
    `${t1}</projektInfo>`,
    `${t1}<boden>`,
    `${t2}<alleBodenProfile>`,
  ];
  for (const profile of workbook.soil_profiles) {
    lines.push(`${t3}<BodenProfilDaten>`, ...fieldElements('soilProfile', profile, t4));
    lines.push(`${t4}<alleBodenSchichten>`);
    for (const layer of profile.soil_layers) {
      lines.push(`${t5}<BodenSchichtDaten>`, ...fieldElements('soilLayer', layer, t6));
      lines.push(`${t5}</BodenSchichtDaten>`);
    }
    lines.push(`${t4}</alleBodenSchichten>`, `${t3}</BodenProfilDaten>`);
  }
  lines.push(
    `${t2}</alleBodenProfile>`,
    `${t1}</boden>`,
    `${t1}<pfaehle>`,
    `${t2}<LastPunktInputList>`,
  );
  for (const pile of workbook.piles) {
    lines.push(
      `${t3}<LastPunktInput>`,
      ...fieldElements('pile', pile, t4),
      `${t3}</LastPunktInput>`,
    );
  }
  lines.push(`${t2}</LastPunktInputList>`, `${t1}</pfaehle>`, `${t1}<hLasten>`, `${t2}<hTabellen>`);
  for (const loadCase of workbook.horizontal_loadcases) {
    lines.push(`${t3}<HLastInputTabelle>`, ...fieldElements('horizontalLoadCase', loadCase, t4));
    lines.push(`${t4}<hLastPunkte>`);
    for (const load of loadCase.horizontal_loads) {
      lines.push(`${t5}<HLastPunktInput>`, ...fieldElements('horizontalLoad', load, t6));
      lines.push(`${t5}</HLastPunktInput>`);
    }
    lines.push(`${t4}</hLastPunkte>`, `${t3}</HLastInputTabelle>`);
  }
  lines.push(`${t2}</hTabellen>`, `${t1}</hLasten>`);
  lines.push(`${t1}<PfahlplanerDaten xmlns="${PFAHLPLANER_NAMESPACE}">`, `${t2}<projektInfo>`);
  for (const field of extensionSettings()) {
    lines.push(
      element(field.key, toXmlValue(field, (workbook.settings as Row)[field.key] as never), t3),
    );
  }
  lines.push(`${t2}</projektInfo>`);
  // One LastPunktZusatz per LastPunktInput, in the same order, named by its Pname for readers.
  lines.push(`${t2}<pfaehle>`);
  for (const pile of workbook.piles) {
    lines.push(`${t3}<LastPunktZusatz>`, element('Pname', String(pile.Pname), t4));
    for (const field of extensionPileFields()) {
      lines.push(element(field.key, toXmlValue(field, (pile as Row)[field.key] as never), t4));
    }
    lines.push(`${t3}</LastPunktZusatz>`);
  }
  lines.push(`${t2}</pfaehle>`, `${t1}</PfahlplanerDaten>`);
  if (result) lines.push(...outputSection(result, t1));
  lines.push('</InputDaten>', '');
  return lines.join('\n');
}
