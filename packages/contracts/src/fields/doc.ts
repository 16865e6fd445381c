import en from '../i18n/fields.en.json';
import { FIELDS_BY_ENTITY } from './catalogue';
import type { FieldDef, FieldEntity } from './types';
import { FIELD_ENTITIES } from './types';
import { DEG_TO_RAD } from './units';

type FieldTexts = { label: string; unit: string; help: string };
const TEXTS = en.field as Record<string, FieldTexts | undefined>;

const TITLES: Record<FieldEntity, string> = {
  settings: 'Project settings (`settings`, XML `projektInfo`)',
  pile: 'Load points (`piles[]`, XML `LastPunktInput`, Excel sheet `Pfahltabelle`)',
  soilProfile:
    'Soil profiles (`soil_profiles[]`, XML `BodenProfilDaten`, Excel sheet `<name>-Info`)',
  soilLayer:
    'Soil layers (`soil_profiles[].soil_layers[]`, XML `BodenSchichtDaten`, Excel sheet `<profile name>`)',
  horizontalLoadCase:
    'Horizontal load cases (`horizontal_loadcases[]`, XML `HLastInputTabelle`, Excel sheet `<case name>`)',
  horizontalLoad:
    'Horizontal load rows (`horizontal_loadcases[].horizontal_loads[]`, XML `HLastPunktInput`)',
};

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (text: string): string => `\`${text}\``;

const defaultText = (field: FieldDef): string => {
  if (field.default === null) return '–';
  if (typeof field.default === 'string') return field.default === '' ? '""' : code(field.default);
  return String(field.default);
};

const rangeText = (field: FieldDef): string => {
  switch (field.kind) {
    case 'number':
    case 'integer': {
      const parts: string[] = field.kind === 'integer' ? ['integer'] : [];
      if (field.min !== undefined) {
        parts.push(`${'exclusiveMin' in field && field.exclusiveMin ? '>' : '≥'} ${field.min}`);
      }
      if (field.max !== undefined) {
        parts.push(`${'exclusiveMax' in field && field.exclusiveMax ? '<' : '≤'} ${field.max}`);
      }
      return parts.join(', ');
    }
    case 'string':
      return field.format === 'color'
        ? 'RRGGBB[AA]'
        : `${field.required ? 'required, ' : ''}≤ ${field.maxLength} chars`;
    case 'enum':
      return field.values.map((option) => `${String(option.value)} = ${option.label}`).join('; ');
    case 'boolean':
      return 'true/false';
  }
};

const factorText = (factor: number): string => {
  if (factor === 1) return '';
  if (factor === DEG_TO_RAD) return ' ×π/180';
  return ` ×${factor}`;
};

const xmlText = (field: FieldDef): string => {
  if (field.xml === null) return 'not sent';
  const format =
    field.xml.format === 'color'
      ? ' (AARRGGBB)'
      : field.xml.format === 'nan'
        ? ' (null = NaN)'
        : '';
  return `${code(field.xml.element)}${factorText(field.xml.factor)}${format}`;
};

const roleText = (field: FieldDef): string =>
  `${field.role}${field.grid === 'none' ? '' : `, ${field.grid} column`}${field.nullable ? ', nullable' : ''}`;

const row = (field: FieldDef): string => {
  const texts = TEXTS[field.key];
  const meaning = texts ? `${texts.label}: ${texts.help}` : '';
  const cells = [
    code(field.key),
    meaning,
    field.unit,
    defaultText(field),
    rangeText(field),
    roleText(field),
    xmlText(field),
    field.excel ? code(field.excel.de) + (field.excel.legacy ? ' (legacy)' : '') : '–',
    field.excel ? code(field.excel.en) : '–',
    field.source,
  ];
  return `| ${cells.map(cell).join(' | ')} |`;
};

/**
 * docs/fields.md: every wire field with meaning, unit, default, rules, XML element and Excel headers,
 * generated from the catalogue and the English i18n texts. A test fails when the committed file differs.
 */
export const renderFieldsDoc = (): string => {
  const lines = [
    '# Field catalogue',
    '',
    '<!-- Generated from packages/contracts/src/fields by',
    '     `npx tsx packages/contracts/scripts/generate-fields-doc.mjs` — do not edit by hand. -->',
    '',
    'Every wire field of the workbook: the name is the API key, grid column, i18n segment and (with `_`) the',
    "XML element of the predecessor's engine file. Unit = wire unit (API, grid, Excel); the XML column gives",
    'the factor to the engine unit (docs/sources/legacy-format.md §L4.3). Defaults are the model defaults of',
    "§L2.5–§L2.9 (not the predecessor's reset values). Source: §L… = docs/sources/legacy-format.md, §E… =",
    'docs/sources/engine.md (ADR 0189). Decisions: docs/adr/0050–0055.',
    '',
  ];
  for (const entity of FIELD_ENTITIES) {
    const fields = FIELDS_BY_ENTITY[entity] as readonly FieldDef[];
    lines.push(
      `## ${TITLES[entity]}`,
      '',
      '| Wire name | Meaning | Unit | Default | Rules | Role | XML | Excel (de) | Excel (en) | Source |',
      '|---|---|---|---|---|---|---|---|---|---|',
      ...fields.map(row),
      '',
    );
  }
  return `${lines.join('\n').trimEnd()}\n`;
};
