import type { EngineIssue } from '../issues/issue';
import type { Centimeter, Degree, Millimeter, Percent } from '../units/units';
import { cmToM, degToRad, kN, m, mmToM, percentToFraction } from '../units/units';
import { isPfahlTyp } from './pile-types';
import { RowReader, rowRecord } from './reader';
import type { NormalizedPile, NormalizedSettings } from './types';
import { CONCRETE_CODES } from './normalize-settings';
import { ROW_PROJECT_PAIRS, resolvePaired, type PairedRowField } from './row-values';

/**
 * Normalises one load-point row. Required for the axial calculation (issues are `error`s on the row):
 * `Pname`, `PfahlTyp` (known code), `SollPfahlOberKante`, `SollDurchmesser` (> 0), `BodenProfil`.
 * @see docs/sources/legacy-format.md §L2.6 (fields, defaults), §L4.3 (prozentualerMantelAnteil ×0.01)
 */
export function normalizePile(
  raw: unknown,
  rowIndex: number,
  settings: NormalizedSettings,
  issues: EngineIssue[],
  givenSettings: ReadonlySet<string> = new Set(),
): NormalizedPile {
  const row = rowRecord(raw, `piles[${rowIndex}]`, rowIndex, issues);
  const r = new RowReader(row, `piles[${rowIndex}]`, rowIndex, issues);
  const typeRaw = r.str('PfahlTyp', settings.StandardPfahlTyp);
  if (!isPfahlTyp(typeRaw)) r.report('UNKNOWN_PILE_TYPE', 'error', 'PfahlTyp', { value: typeRaw });
  const nullableM = (field: string, required = false) => {
    const value = r.num(field, null, required);
    return value === null ? null : m(value);
  };
  const nullableKN = (field: string) => {
    const value = r.num(field, null);
    return value === null ? null : kN(value);
  };
  const count = r.positive('PfahlAnzahl', 1);
  if (!Number.isInteger(count)) {
    r.report('INVALID_VALUE', 'error', 'PfahlAnzahl', { value: count, expected: 'integer' });
  }
  const diameter = r.positive('SollDurchmesser', null, { required: true });
  const wall = r.positive('Wanddicke', null);
  // Row values with a project counterpart: empty → project, explicit (0 included) → row (ADR 0132).
  const rowWire: Record<PairedRowField, number | null> = {
    einzelMindestEindringung: r.positive('einzelMindestEindringung', null, { allowZero: true }),
    einzelzulaessigeSetzungCm: r.positive('einzelzulaessigeSetzungCm', null, { allowZero: true }),
    einzelExzentrizitaet: r.positive('einzelExzentrizitaet', null, { allowZero: true }),
    einzelKnickLaenge: r.positive('einzelKnickLaenge', null, { allowZero: true }),
    einzelMaximaleBohrtiefe: r.positive('einzelMaximaleBohrtiefe', null),
    BetonZyl:
      r.num('BetonZyl', null) === null
        ? null
        : r.oneOf('BetonZyl', CONCRETE_CODES, settings.BetonZyl),
  };
  const toCalc = (field: PairedRowField, v: number): number =>
    field === 'einzelzulaessigeSetzungCm' ? cmToM(v as Centimeter) : v;
  const rowValues = ROW_PROJECT_PAIRS.map((pair) => {
    const wire = rowWire[pair.row];
    return resolvePaired(
      pair,
      wire === null ? null : toCalc(pair.row, wire),
      settings[pair.project],
      givenSettings.has(pair.project),
    );
  });
  const used = (field: PairedRowField) => rowValues.find((v) => v.field === field)!.value;
  const paired = {
    einzelMindestEindringung: m(used('einzelMindestEindringung')),
    einzelzulaessigeSetzungCm: m(used('einzelzulaessigeSetzungCm')),
    BetonZyl: used('BetonZyl'),
    einzelExzentrizitaet: m(used('einzelExzentrizitaet')),
    einzelKnickLaenge: m(used('einzelKnickLaenge')),
    einzelMaximaleBohrtiefe: m(used('einzelMaximaleBohrtiefe')),
  };
  return {
    rowIndex,
    Pname: r.str('Pname', `#${rowIndex + 1}`, true),
    PfahlTyp: isPfahlTyp(typeRaw) ? typeRaw : null,
    PfahlAnzahl: Number.isInteger(count) ? count : 1,
    PfahlAchsAbstandxD: r.positive('PfahlAchsAbstandxD', 3),
    AEHoehe: nullableM('AEHoehe'),
    SollPfahlOberKante: nullableM('SollPfahlOberKante', true),
    Rechtswert: nullableM('Rechtswert'),
    Hochwert: nullableM('Hochwert'),
    SollDurchmesser: diameter === null ? null : m(diameter),
    AlternativeCharakteristischeLastZ: nullableKN('AlternativeCharakteristischeLastZ'),
    AlternativeDesignLastZ: nullableKN('AlternativeDesignLastZ'),
    AlternativeCharakteristischeMinLastZ: kN(r.num('AlternativeCharakteristischeMinLastZ', 0)),
    AlternativeDesignMinLastZ: kN(r.num('AlternativeDesignMinLastZ', 0)),
    BodenProfil: r.str('BodenProfil', null, true),
    prozentualerMantelAnteil: percentToFraction(
      r.positive('prozentualerMantelAnteil', 100, { allowZero: true }) as Percent,
    ),
    einzelAusnutzung: r.num('einzelAusnutzung', 1),
    ...paired,
    rowValues,
    einzelNeigungMproM: ranged(r, 'einzelNeigungMproM', 0, 1),
    einzelNeigungsRichtung: degToRad(ranged(r, 'einzelNeigungsRichtung', 0, 360, true) as Degree),
    einzelSchiefStellungMProM: ranged(r, 'einzelSchiefStellungMProM', 0, 0.1),
    Wanddicke: wall === null ? null : mmToM(wall as Millimeter),
  };
}

/**
 * A number in [min, max] (max excluded with `isMaxExclusive`), default 0; TOO_SMALL / TOO_BIG errors.
 * Ranges as in the field catalogue (packages/contracts/src/fields/pile.ts, ADR 0025).
 */
function ranged(r: RowReader, field: string, min: number, max: number, isMaxExclusive = false) {
  const value = r.num(field, 0);
  if (value < min) r.report('TOO_SMALL', 'error', field, { value, min });
  else if (value > max || (isMaxExclusive && value === max)) {
    r.report('TOO_BIG', 'error', field, { value, max });
  } else return value;
  return 0;
}
