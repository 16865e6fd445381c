/**
 * Types of the field catalogue: one entry per wire field (docs/sources/legacy-format.md §L2.5–§L2.10).
 * The entries are plain data (`as const satisfies`), so the docs generator, the grid, the codecs and the
 * zod schemas all read the same facts.
 */

/** The record types that own wire fields. `horizontalLoadCase` owns only the case `name`. */
export const FIELD_ENTITIES = [
  'settings',
  'pile',
  'soilProfile',
  'soilLayer',
  'horizontalLoadCase',
  'horizontalLoad',
] as const;
export type FieldEntity = (typeof FIELD_ENTITIES)[number];

/**
 * Wire units: the unit the value has in the API, the grid and the Excel file (the predecessor's UI/DB
 * unit). `-` = dimensionless (ratios, partial factors, flags, codes) or not documented (see the entry's
 * `source`); `text` = free text; `count` = a whole number of things.
 */
export const FIELD_UNITS = [
  'm NHN',
  'm',
  'cm',
  'mm',
  'cm²',
  'cm²/m',
  'm³',
  'kN',
  'kNm',
  'kN/m',
  'MN/m²',
  'kN/m³',
  '%',
  '‰',
  '°',
  '×D',
  '-',
  'count',
  'text',
] as const;
export type FieldUnit = (typeof FIELD_UNITS)[number];

/**
 * Boxes of the settings dialog (docs/sources/legacy-format.md §L2.5, the dialog's grouping [S], plus cross
 * section and PDF output). `internal` = kept for file round trips, not shown.
 */
export const SETTINGS_GROUPS = [
  'projectData',
  'standard',
  'pileLengths',
  'permissibleLimits',
  'partialFactors',
  'pileFootSteps',
  'general',
  'minimumValues',
  'increaseFactors',
  'crossSection',
  'pdfOutput',
  'internal',
] as const;
export type SettingsGroup = (typeof SETTINGS_GROUPS)[number];

/** `input` is edited by the user; `result` is written by the calculation (null until calculated). */
export type FieldRole = 'input' | 'result';

/** Grid column policy: `default` columns cannot be hidden, `optional` ones are in the column chooser. */
export type GridPolicy = 'default' | 'optional' | 'none';

/**
 * Excel column. `de` is the header we write (for `legacy: true` exactly the predecessor's header,
 * braces included, e.g. `E_{k}`); `en` is the header of our English export. Import matches either.
 */
export type ExcelColumn = { readonly de: string; readonly en: string; readonly legacy: boolean };

/**
 * Mapping to the predecessor's engine XML (`InputDaten`, output elements for results).
 * `factor`: wire value × factor = XML value (docs/sources/legacy-format.md §L4.3); 1 when not converted.
 * `format`: `color` = wire `RRGGBB[AA]` ⇄ XML `AARRGGBB`; `nan` = null is written as `NaN` (the
 * predecessor's model default for that field) and `NaN` is read as null.
 */
export type XmlMapping = {
  readonly element: string;
  readonly factor: number;
  readonly format?: 'color' | 'nan';
};

type FieldBase = {
  /** Wire name, verbatim (API key, grid dataIndex, i18n segment). */
  readonly key: string;
  readonly entity: FieldEntity;
  readonly role: FieldRole;
  readonly unit: FieldUnit;
  /** True when null is a valid stored value (half-filled grid rows, results before calculation). */
  readonly nullable: boolean;
  readonly grid: GridPolicy;
  readonly excel: ExcelColumn | null;
  /** null: the field is not part of the predecessor's XML (not sent to its engine). */
  readonly xml: XmlMapping | null;
  /** Settings only: the dialog box the field belongs to. */
  readonly group?: SettingsGroup;
  /**
   * Where the facts come from (section of docs/sources/legacy-format.md `§L…` or docs/sources/engine.md `§E…`,
   * marker [C]/[S]/[I]) and deviations.
   */
  readonly source: string;
};

export type NumberFieldDef = FieldBase & {
  readonly kind: 'number';
  readonly default: number | null;
  readonly min?: number;
  readonly max?: number;
  /** The bound itself is not allowed (e.g. SollDurchmesser > 0). */
  readonly exclusiveMin?: boolean;
  readonly exclusiveMax?: boolean;
};

export type IntegerFieldDef = FieldBase & {
  readonly kind: 'integer';
  readonly default: number | null;
  readonly min?: number;
  readonly max?: number;
  /** A 0/1 integer the UI shows as a checkbox (the predecessor's PDF option flags). */
  readonly control?: 'checkbox';
};

export type BooleanFieldDef = FieldBase & {
  readonly kind: 'boolean';
  readonly default: boolean | null;
};

export type StringFieldDef = FieldBase & {
  readonly kind: 'string';
  readonly default: string | null;
  readonly maxLength: number;
  /** Empty (after trimming) is refused with REQUIRED. */
  readonly required?: boolean;
  /** `color`: `RRGGBB` or `RRGGBBAA`, stored upper case without `#`. */
  readonly format?: 'color';
};

export type EnumOption = { readonly value: string | number; readonly label: string };

export type EnumFieldDef = FieldBase & {
  readonly kind: 'enum';
  /** Allowed values; `label` is the language-neutral short text (translations: field.<key>.option.<value>). */
  readonly values: readonly EnumOption[];
  readonly default: string | number | null;
};

export type FieldDef =
  NumberFieldDef | IntegerFieldDef | BooleanFieldDef | StringFieldDef | EnumFieldDef;
export type FieldKind = FieldDef['kind'];

type BaseValue<F> = F extends { readonly kind: 'number' | 'integer' }
  ? number
  : F extends { readonly kind: 'boolean' }
    ? boolean
    : F extends { readonly kind: 'enum'; readonly values: readonly (infer O)[] }
      ? O extends { readonly value: infer V }
        ? V
        : never
      : string;

/** The TypeScript type of a field's wire value. */
export type FieldValue<F> = F extends { readonly nullable: true }
  ? BaseValue<F> | null
  : BaseValue<F>;

/** One row (object) of wire values for a list of field definitions. */
export type RowOf<Fs extends readonly FieldDef[]> = {
  -readonly [F in Fs[number] as F['key']]: FieldValue<F>;
};
