import { calculateProject } from '@pfahlplaner/engine';
import type { ProjectResult } from '@pfahlplaner/engine';

/** Engine output of one project run: the axial results plus the load cases (lateral and section). */
export type FullProjectResult = ProjectResult;

/**
 * The whole calculation of a project in wire format, as the CLI does it (`apps/cli/src/run-calc.ts`):
 * one `calculateProject` call computes the axial results and then the load cases with the axial toe
 * levels of the same run. Pure; runs in a worker.
 */
export const runCalculation = (input: unknown): FullProjectResult => calculateProject(input);
