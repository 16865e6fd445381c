/**
 * The example project (docs/examples/example-project.json) as a valid workbook: the "Sample Import File"
 * and the test fixture. The example file deliberately contains one broken load point (110: unknown
 * pile type, negative diameter, unknown profile) to show the engine's issues; the sample leaves out
 * rows the row schema refuses and shortens the name to the 40 characters a project name may have.
 */
import { PileRowSchema, WorkbookShapeSchema } from '@pfahlplaner/contracts';
import example from '../../../docs/examples/example-project.json' with { type: 'json' };
import type { ImportedWorkbook } from './validate';

export function sampleWorkbook(): ImportedWorkbook {
  const raw = structuredClone(example) as unknown as {
    settings: Record<string, unknown>;
    piles: unknown[];
    soil_profiles: unknown[];
    horizontal_loadcases: unknown[];
  };
  const { version: _version, ...workbook } = WorkbookShapeSchema.parse({
    ...raw,
    version: 0,
    settings: { ...raw.settings, name: 'Beispielprojekt / Example project' },
    piles: raw.piles.filter((pile) => PileRowSchema.safeParse(pile).success),
  });
  return workbook;
}
