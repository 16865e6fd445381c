import type { EngineIssue } from '../issues/issue';
import type { Centimeter, Degree, Millimeter, Percent } from '../units/units';
import { cmToM, degToRad, kN, m, mmToM, percentToFraction } from '../units/units';
import { isPfahlTyp } from './pile-types';
import { RowReader, rowRecord } from './reader';
import type { NormalizedPile, NormalizedSettings } from './types';
import { CONCRETE_CODES } from './normalize-settings';

/**
 * Normalises one load-point row. Required for the axial calculation (issues are `error`s on the row):
 * `Pname`, `PfahlTyp` (known code), `SollPfahlOberKante`, `SollDurchmesser` (> 0), `BodenProfil`.
 * @see legacy-format.md §2.6 (fields, defaults), §4.3 (prozentualerMantelAnteil ×0.01)
 */
export function normalizePile(
  raw: unknown,
  rowIndex: number,
  settings: NormalizedSettings,
  issues: EngineIssue[],
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
    einzelMindestEindringung: m(
      r.positive('einzelMindestEindringung', settings.MindestEinbindung, { allowZero: true }),
    ),
    einzelzulaessigeSetzungCm: cmToM(
      r.positive('einzelzulaessigeSetzungCm', 0, { allowZero: true }) as Centimeter,
    ),
    prozentualerMantelAnteil: percentToFraction(
      r.positive('prozentualerMantelAnteil', 100, { allowZero: true }) as Percent,
    ),
    BetonZyl: r.oneOf('BetonZyl', CONCRETE_CODES, settings.BetonZyl),
    einzelAusnutzung: r.num('einzelAusnutzung', 1),
    einzelExzentrizitaet: m(r.num('einzelExzentrizitaet', 0.1)),
    einzelKnickLaenge: m(r.positive('einzelKnickLaenge', 0, { allowZero: true })),
    einzelMaximaleBohrtiefe: m(r.positive('einzelMaximaleBohrtiefe', 100)),
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
