import type { SoilProfile } from '@pfahlplaner/contracts';
import { useMemo } from 'react';
import type { ColumnChoices } from '../grid/choices';

/**
 * The load-point grid's list columns: `BodenProfil` takes the name of one of the project's soil profiles
 * (ADR 0181). The same object while the names stay the same (a layer edit does not refresh the grid).
 */
export const useProfileChoices = (profiles: readonly SoilProfile[]): ColumnChoices => {
  const key = [...new Set(profiles.map((p) => p.name.trim()).filter((n) => n !== ''))].join('\n');
  return useMemo(() => ({ BodenProfil: key === '' ? [] : key.split('\n') }), [key]);
};
