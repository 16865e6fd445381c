/** fast-check arbitraries of canonical workbooks, driven by the field catalogue (input fields only). */
import {
  WorkbookShapeSchema,
  inputFieldsOf,
  type FieldDef,
  type FieldEntity,
} from '@pfahlplaner/contracts';
import fc from 'fast-check';
import type { ImportedWorkbook } from '../src/validate';

/** Printable text incl. umlauts, Greek, markup characters and inner spaces (trimmed by the schema). */
const TEXT_CHARS = [...'abcXYZ019 äöüßØ²φγησ<>&"\'=+-@;,.'];
const text = (maxLength: number, minLength = 0) =>
  fc
    .array(fc.constantFrom(...TEXT_CHARS), { minLength, maxLength })
    .map((chars) => chars.join('').trim())
    .filter((value) => value.length >= minLength);

const number = (field: Extract<FieldDef, { kind: 'number' }>) => {
  const min = field.min ?? -1e6;
  const max = field.max ?? 1e6;
  // Degrees go through π/180 in the XML: values with ≤ 15 significant digits come back exactly (ADR 0053).
  if (field.unit === '°') {
    return fc
      .integer({ min: Math.ceil(min * 1000), max: Math.floor(max * 1000) })
      .map((v) => (v === 0 ? 0 : v / 1000))
      .filter((v) => !(field.exclusiveMin && v === min) && !(field.exclusiveMax && v === max));
  }
  return fc
    .double({ min, max, noNaN: true, noDefaultInfinity: true })
    .map((v) => (Object.is(v, -0) ? 0 : v))
    .filter((v) => !(field.exclusiveMin && v === min) && !(field.exclusiveMax && v === max));
};

const valueOf = (field: FieldDef): fc.Arbitrary<unknown> => {
  let value: fc.Arbitrary<unknown>;
  switch (field.kind) {
    case 'number':
      value = number(field);
      break;
    case 'integer':
      value = fc.integer({ min: field.min ?? -100000, max: field.max ?? 100000 });
      break;
    case 'boolean':
      value = fc.boolean();
      break;
    case 'enum':
      value = fc.constantFrom(...field.values.map((option) => option.value));
      break;
    case 'string':
      value =
        field.format === 'color'
          ? fc
              .tuple(fc.stringMatching(/^[0-9A-F]{6}$/), fc.constantFrom('', '80', '00'))
              .map(([a, b]) => a + b)
          : text(Math.min(field.maxLength, 24), field.required ? 1 : 0);
      break;
  }
  return field.nullable ? fc.option(value, { nil: null }) : value;
};

const row = (entity: FieldEntity, skip: string[] = []) =>
  fc.record(
    Object.fromEntries(
      inputFieldsOf(entity)
        .filter((field) => !skip.includes(field.key))
        .map((field) => [field.key, valueOf(field)]),
    ),
  ) as fc.Arbitrary<Record<string, unknown>>;

/** A canonical workbook (schema-parsed) with unique names. */
export const workbookArbitrary = (): fc.Arbitrary<ImportedWorkbook> =>
  fc
    .record({
      settings: row('settings'),
      piles: fc.array(row('pile'), { maxLength: 4 }),
      soil_profiles: fc.array(
        fc.record({
          profile: row('soilProfile', ['name']),
          layers: fc.array(row('soilLayer'), { maxLength: 3 }),
        }),
        { maxLength: 3 },
      ),
      horizontal_loadcases: fc.array(fc.array(row('horizontalLoad'), { maxLength: 3 }), {
        maxLength: 2,
      }),
    })
    .map((raw) => {
      const parsed = WorkbookShapeSchema.parse({
        version: 0,
        settings: raw.settings,
        piles: raw.piles.map((pile, index) => ({ ...pile, Pname: `P ${index + 1}` })),
        soil_profiles: raw.soil_profiles.map(({ profile, layers }, index) => ({
          ...profile,
          name: `Profil ${index + 1}`,
          soil_layers: layers,
        })),
        horizontal_loadcases: raw.horizontal_loadcases.map((loads, index) => ({
          name: `LK ${index + 1}`,
          horizontal_loads: loads.map((load, l) => ({ ...load, Pname: `P ${l + 1}` })),
        })),
      });
      const { version: _version, ...workbook } = parsed;
      return workbook;
    });
