import {
  HORIZONTAL_LOAD_FIELDS,
  PILE_FIELDS,
  SETTINGS_FIELDS,
  SOIL_LAYER_FIELDS,
  type FieldDef,
  type Workbook,
} from '@pfahlplaner/contracts';
import { calculateProject, type ProjectResult } from '@pfahlplaner/engine';
import example from '../../../../../../../docs/examples/example-project.json';

const defaults = (fields: readonly FieldDef[]): Record<string, unknown> =>
  Object.fromEntries(fields.map((f) => [f.key, f.default]));

/**
 * docs/examples/example-project.json as a workbook with the catalogue defaults filled in. The file
 * deliberately contains an invalid row (110: unknown pile type, D = 0), so it is not zod-parsed.
 */
export const exampleWorkbook = (): Workbook =>
  ({
    version: 1,
    settings: { ...defaults(SETTINGS_FIELDS), ...example.settings, name: 'Beispielprojekt' },
    piles: example.piles.map((p) => ({ ...defaults(PILE_FIELDS), ...p })),
    soil_profiles: example.soil_profiles.map((profile, i) => ({
      ...profile,
      pfahlTyp: 4,
      soil_layers: profile.soil_layers.map((l, k) => ({
        ...defaults(SOIL_LAYER_FIELDS),
        bodenSchichtColor: LAYER_COLORS[(i + k) % LAYER_COLORS.length],
        ...l,
      })),
    })),
    horizontal_loadcases: example.horizontal_loadcases.map((c) => ({
      ...c,
      horizontal_loads: c.horizontal_loads.map((r) => ({
        ...defaults(HORIZONTAL_LOAD_FIELDS),
        ...r,
      })),
    })),
  }) as unknown as Workbook;

// Colours in the predecessor's stored form (no '#', mixed case) so the drawing's normaliser is exercised.
const LAYER_COLORS = ['c8b28a', 'a7c4a0', 'E3D59B', '9fb4c7'];

/** Real engine results for the example: axial results and the horizontal load cases in one engine call. */
export const exampleResult = (workbook: Workbook = exampleWorkbook()): ProjectResult =>
  calculateProject(workbook, { iterationTrace: 'full' });
