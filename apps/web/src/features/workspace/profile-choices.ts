import type { PileRow, SoilProfile } from '@pfahlplaner/contracts';
import { useMemo } from 'react';
import type { ColumnChoices } from '../grid/choices';

/** The distinct non-empty trimmed names, one per line: a key that changes only when a name does. */
const namesKey = (names: readonly (string | null | undefined)[]) =>
  [...new Set(names.map((n) => (n ?? '').trim()).filter((n) => n !== ''))].join('\n');

/**
 * The load-point grid's list columns: `BodenProfil` takes the name of one of the project's soil profiles
 * (ADR 0181). The same object while the names stay the same (a layer edit does not refresh the grid).
 */
export const useProfileChoices = (profiles: readonly SoilProfile[]): ColumnChoices => {
  const key = namesKey(profiles.map((p) => p.name));
  return useMemo(() => ({ BodenProfil: key === '' ? [] : key.split('\n') }), [key]);
};

/**
 * The load-case grid's list columns: `Pname` takes the name of one of the project's load points
 * (ADR 0193). The same object while the names stay the same (editing a load point's other values does not
 * refresh the load-case grids).
 */
export const useLoadPointChoices = (piles: readonly PileRow[]): ColumnChoices => {
  const key = namesKey(piles.map((p) => p.Pname));
  return useMemo(() => ({ Pname: key === '' ? [] : key.split('\n') }), [key]);
};
