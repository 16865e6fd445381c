import type { EngineIssue } from '../issues/issue';
import type { KiloNewtonMeter } from '../units/units';
import { kN, m } from '../units/units';
import { RowReader, rowRecord } from './reader';
import type { NormalizedHorizontalLoad, NormalizedHorizontalLoadCase } from './types';

/**
 * Normalises one horizontal load case with its rows. No unit conversion: the wire already uses
 * kN, kNm and m NHN. `gkz`/`qkz` stay null when missing (legacy: required for the calculation); so do the
 * levels `OKBodenBiegung`/`Grundwasser` (the predecessor's default 0 m NHN is not copied, ADR 0144).
 * @see docs/sources/legacy-format.md §L2.9
 */
export function normalizeLoadCase(
  raw: unknown,
  rowIndex: number,
  issues: EngineIssue[],
): NormalizedHorizontalLoadCase {
  const path = `horizontal_loadcases[${rowIndex}]`;
  const row = rowRecord(raw, path, rowIndex, issues);
  const r = new RowReader(row, path, rowIndex, issues);
  const loadsRaw = row.horizontal_loads;
  if (loadsRaw !== undefined && !Array.isArray(loadsRaw)) {
    r.report('INVALID_TYPE', 'error', 'horizontal_loads', { expected: 'array' });
  }
  const list: unknown[] = Array.isArray(loadsRaw) ? loadsRaw : [];
  return {
    rowIndex,
    name: r.str('name', ''),
    horizontal_loads: list.map((load, i) =>
      normalizeLoad(load, `${path}.horizontal_loads[${i}]`, i, issues),
    ),
  };
}

function normalizeLoad(
  raw: unknown,
  path: string,
  rowIndex: number,
  issues: EngineIssue[],
): NormalizedHorizontalLoad {
  const row = rowRecord(raw, path, rowIndex, issues);
  const r = new RowReader(row, path, rowIndex, issues);
  const force = (field: string) => kN(r.num(field, 0));
  const moment = (field: string) => r.num(field, 0) as KiloNewtonMeter;
  const level = (field: string) => {
    const value = r.num(field, null);
    return value === null ? null : m(value);
  };
  const gkz = r.num('gkz', null);
  const qkz = r.num('qkz', null);
  return {
    rowIndex,
    Pname: r.str('Pname', '', true),
    gkz: gkz === null ? null : kN(gkz),
    qkz: qkz === null ? null : kN(qkz),
    Hgkx: force('Hgkx'),
    Hqkx: force('Hqkx'),
    Hgky: force('Hgky'),
    Hqky: force('Hqky'),
    Mgkx: moment('Mgkx'),
    Mqkx: moment('Mqkx'),
    Mgky: moment('Mgky'),
    Mqky: moment('Mqky'),
    // empty: taken from the pile and its soil profile in the calculation (ADR 0144), never 0 m NHN
    OKBodenBiegung: level('OKBodenBiegung'),
    Grundwasser: level('Grundwasser'),
    pAnOberkante: r.num('pAnOberkante', 1.9),
  };
}
