import { HORIZONTAL_LOAD_CASE_FIELDS, HORIZONTAL_LOAD_FIELDS } from './loadcase';
import { PILE_FIELDS } from './pile';
import { SETTINGS_FIELDS } from './settings';
import { SOIL_LAYER_FIELDS, SOIL_PROFILE_FIELDS } from './soil';
import { FIELD_ENTITIES } from './types';
import type { FieldDef, FieldEntity, FieldUnit } from './types';

/** The catalogue as ordered lists per entity (order = the predecessor's Excel column order, then the rest). */
export const FIELDS_BY_ENTITY = {
  settings: SETTINGS_FIELDS,
  pile: PILE_FIELDS,
  soilProfile: SOIL_PROFILE_FIELDS,
  soilLayer: SOIL_LAYER_FIELDS,
  horizontalLoadCase: HORIZONTAL_LOAD_CASE_FIELDS,
  horizontalLoad: HORIZONTAL_LOAD_FIELDS,
} as const satisfies Record<FieldEntity, readonly FieldDef[]>;

type FieldsByEntity = typeof FIELDS_BY_ENTITY;

/** The field definitions of one entity, in catalogue order. */
export type EntityFields<E extends FieldEntity> = FieldsByEntity[E];
/** Wire names of one entity. */
export type FieldKey<E extends FieldEntity> = EntityFields<E>[number]['key'];
/** The definition of one field, by entity and wire name. */
export type FieldOf<E extends FieldEntity, K extends FieldKey<E>> = Extract<
  EntityFields<E>[number],
  { key: K }
>;

type LookupOf<Fs extends readonly FieldDef[]> = { readonly [F in Fs[number] as F['key']]: F };
type DefaultsOfFields<Fs extends readonly FieldDef[]> = {
  readonly [F in Fs[number] as F['key']]: F['default'];
};

const lookup = <Fs extends readonly FieldDef[]>(fields: Fs): LookupOf<Fs> =>
  Object.freeze(Object.fromEntries(fields.map((field) => [field.key, field]))) as LookupOf<Fs>;

/**
 * Lookup by entity and wire name: `FIELD_CATALOGUE.pile.SollDurchmesser`. Wire names are unique within an
 * entity, not across entities (`Pname` is a pile and a load-row field; `name` names settings, profiles
 * and load cases), hence the entity level.
 */
export const FIELD_CATALOGUE: { readonly [E in FieldEntity]: LookupOf<FieldsByEntity[E]> } = {
  settings: lookup(SETTINGS_FIELDS),
  pile: lookup(PILE_FIELDS),
  soilProfile: lookup(SOIL_PROFILE_FIELDS),
  soilLayer: lookup(SOIL_LAYER_FIELDS),
  horizontalLoadCase: lookup(HORIZONTAL_LOAD_CASE_FIELDS),
  horizontalLoad: lookup(HORIZONTAL_LOAD_FIELDS),
};

/** Every field of every entity (entity order of FIELD_ENTITIES, then catalogue order). */
export const ALL_FIELDS: readonly FieldDef[] = FIELD_ENTITIES.flatMap(
  (entity): readonly FieldDef[] => FIELDS_BY_ENTITY[entity],
);

/** The fields of an entity in catalogue order. */
export const fieldsOf = <E extends FieldEntity>(entity: E): EntityFields<E> =>
  FIELDS_BY_ENTITY[entity];

/** Runtime lookup by a wire name that is only known as a string (e.g. an import header); undefined if unknown. */
export const findField = (entity: FieldEntity, key: string): FieldDef | undefined =>
  (FIELDS_BY_ENTITY[entity] as readonly FieldDef[]).find((field) => field.key === key);

/** Input fields of an entity (what the user edits and files carry). */
export const inputFieldsOf = (entity: FieldEntity): readonly FieldDef[] =>
  (FIELDS_BY_ENTITY[entity] as readonly FieldDef[]).filter((field) => field.role === 'input');

/** Result fields of an entity (written by the calculation; null until then). */
export const resultFieldsOf = (entity: FieldEntity): readonly FieldDef[] =>
  (FIELDS_BY_ENTITY[entity] as readonly FieldDef[]).filter((field) => field.role === 'result');

/** Grid columns of an entity in order (`default` ones cannot be hidden, `optional` ones are in the chooser). */
export const gridColumnsOf = (entity: FieldEntity): readonly FieldDef[] =>
  (FIELDS_BY_ENTITY[entity] as readonly FieldDef[]).filter((field) => field.grid !== 'none');

/**
 * Defaults of every field of an entity: the model defaults of the predecessor
 * (docs/sources/legacy-format.md §L2.5–§L2.9; results: null). A null
 * default on a non-nullable field (settings `name`, soil-profile `name`) means "must be supplied".
 */
export const defaultsOf = <E extends FieldEntity>(entity: E): DefaultsOfFields<EntityFields<E>> =>
  Object.fromEntries(
    (FIELDS_BY_ENTITY[entity] as readonly FieldDef[]).map((field) => [field.key, field.default]),
  ) as DefaultsOfFields<EntityFields<E>>;

/** Columns with an Excel header, in sheet order; `legacyOnly` gives exactly the predecessor's columns. */
export const excelColumnsOf = (
  entity: FieldEntity,
  options: { legacyOnly?: boolean } = {},
): readonly FieldDef[] =>
  (FIELDS_BY_ENTITY[entity] as readonly FieldDef[]).filter(
    (field) => field.excel !== null && (!options.legacyOnly || field.excel.legacy),
  );

const normalizeHeader = (header: string): string =>
  header.trim().replace(/\s+/g, ' ').toLowerCase();

/**
 * The field whose German or English Excel header matches `header` (trimmed, inner whitespace collapsed,
 * case-insensitive); undefined for unknown columns (the predecessor ignored them too).
 */
export const findFieldByExcelHeader = (
  entity: FieldEntity,
  header: string,
): FieldDef | undefined => {
  const wanted = normalizeHeader(header);
  return (FIELDS_BY_ENTITY[entity] as readonly FieldDef[]).find(
    (field) =>
      field.excel !== null &&
      (normalizeHeader(field.excel.de) === wanted || normalizeHeader(field.excel.en) === wanted),
  );
};

/** i18n keys of a field: `field.<WireName>.label|unit|help` (ADR 0055). */
export const i18nKeysOf = (field: Pick<FieldDef, 'key'>) =>
  ({
    label: `field.${field.key}.label`,
    unit: `field.${field.key}.unit`,
    help: `field.${field.key}.help`,
  }) as const;

/** i18n key of an enum option label: `field.<WireName>.option.<value>`. */
export const optionI18nKey = (field: Pick<FieldDef, 'key'>, value: string | number): string =>
  `field.${field.key}.option.${String(value)}`;

/**
 * Unit symbols for headers and the Excel unit row, the same in both languages. Units that are not
 * physical (`-`, `count`, `text`) show nothing. `m NHN` is written `mNHN` as the predecessor showed it.
 */
export const UNIT_SYMBOLS: Readonly<Record<FieldUnit, string>> = {
  'm NHN': 'mNHN',
  m: 'm',
  cm: 'cm',
  mm: 'mm',
  'cm²': 'cm²',
  'cm²/m': 'cm²/m',
  'm³': 'm³',
  kN: 'kN',
  kNm: 'kNm',
  'kN/m': 'kN/m',
  'MN/m²': 'MN/m²',
  'kN/m³': 'kN/m³',
  '%': '%',
  '‰': '‰',
  '°': '°',
  '×D': '×D',
  '-': '',
  count: '',
  text: '',
};

/**
 * Element order of the predecessor's input XML (docs/sources/legacy-format.md §L4.4), as wire names, without
 * `_KopfEinbindung` (removed: it had no effect, ADR 0133; read from predecessor files as a dropped value). Fields of an
 * entity that are not listed are not part of that document (not sent, or results).
 */
export const XML_ELEMENT_ORDER = {
  settings: [
    'name',
    'runHorBemessung',
    'AbtreppungsWinkelRad',
    'AchsabstandGleicherTiefe',
    'AuslastungProzent',
    'Beeinflussungsweite',
    'EAErhoehungProzent',
    'Exzentrizitaet',
    'FuszBeeinfluszung',
    'FuszErhoehungProzent',
    'MantelErhoehungProzent',
    'MindestEinbindung',
    'MindestPfahllaenge',
    'MvonMaxfuerSchub',
    'Norm',
    'Schrittweite',
    'SpitzendruckMittelung',
    'WinkelAusProfilen',
    'bemesseHorizontal',
    'gammaDruck',
    'gammaStaendig',
    'gammaVeraenderlich',
    'gammaZug',
    'gegenRaeumlichenEP',
    'ksNichtReduzieren',
    'qbkCukAb0',
    'qbkQcAb0',
    'qskCukAb0',
    'qskQcAb0',
    'useErhoehung',
    'zulaessigeSetzungCm',
    'BetonZyl',
    'Betondeckung',
    'MaxBuegel',
    'MaxLaenge',
    'MaxLaengs',
    'MinLaengsAbstand',
    'MindestEindringung',
    'Stahlsorte',
    'StandardPfahlTyp',
    'projektLocation',
    'projektStreet',
    'projektPostalCode',
    'companyAltName',
    'companyAltLocation',
    'companyAltStreet',
    'companyAltPostalCode',
    'companyAltLogo',
    'nameAnlageAuszen',
    'seitenBezeichnung',
    'seitenStartNummer',
    'SeiteVonSeiten',
    'erstelleUebersichtAuszen',
    'UebersichtQuer',
    'erstelleEinzelnachweise',
    'zeichneNachweislinien',
    'UKKotenInTabelle',
    'erstellegrafikAuszen',
    'erstellegrafikInnen',
  ],
  soilProfile: ['name', 'pfahlTyp', 'grundwasserStand', 'startKote'],
  soilLayer: [
    'endKote',
    'bodenArt',
    'ESoben',
    'ESunten',
    'FuszAbsetzbar',
    'IstEindringRelevant',
    'MaxElementWeite',
    'cuEP',
    'cuk',
    'deltaVonPhi',
    'gammaBoden',
    'gammaStrichBoden',
    'phi',
    'qbk002',
    'qbk003',
    'qbk01',
    'qc',
    'qsk',
    'qskStern',
    'bodenSchichtColor',
    'tauNk',
    'qskZug',
  ],
  pile: [
    'Pname',
    'AEHoehe',
    'AlternativeCharakteristischeLastZ',
    'AlternativeCharakteristischeMinLastZ',
    'AlternativeDesignLastZ',
    'AlternativeDesignMinLastZ',
    'BetonZyl',
    'BodenProfil',
    'Hochwert',
    'PfahlAchsAbstandxD',
    'PfahlAnzahl',
    'PfahlTyp',
    'Rechtswert',
    'SollDurchmesser',
    'SollPfahlOberKante',
    'einzelAusnutzung',
    'einzelExzentrizitaet',
    'einzelKnickLaenge',
    'einzelMaximaleBohrtiefe',
    'einzelMindestEindringung',
    'einzelzulaessigeSetzungCm',
    'prozentualerMantelAnteil',
  ],
  horizontalLoadCase: ['name'],
  horizontalLoad: [
    'Pname',
    'Grundwasser',
    'Hgkx',
    'Hgky',
    'Hqkx',
    'Hqky',
    'Mgkx',
    'Mgky',
    'Mqkx',
    'Mqky',
    'OKBodenBiegung',
    'gkz',
    'pAnOberkante',
    'qkz',
  ],
} as const satisfies { readonly [E in FieldEntity]: readonly FieldKey<E>[] };

/**
 * Sheet names of the predecessor's Excel layout (docs/sources/legacy-format.md §L5.3): the pile sheet, and the suffix of
 * the one-row sheet that carries a soil profile's `grundwasserStand` and `startKote`.
 */
export const EXCEL_SHEETS = { piles: 'Pfahltabelle', profileInfoSuffix: '-Info' } as const;
