import { calculatePileDetail, calculateProject } from '@pfahlplaner/engine';
import type { PileDetail, ProjectResult } from '@pfahlplaner/engine';

/** Engine output of one project run: the axial results plus the load cases (lateral and section). */
export type FullProjectResult = ProjectResult;

/**
 * What a worker computes: the `full` result (reports), the `compact` one that is stored (ADR 0170), or the
 * full detail of the load point at `index` (`pile`).
 */
export type CalculationTask =
  { kind: 'full' } | { kind: 'compact' } | { kind: 'pile'; index: number };
export type TaskResult = FullProjectResult | PileDetail | null;

/**
 * The whole calculation of a project in wire format, as the CLI does it (`apps/cli/src/run-calc.ts`):
 * one `calculateProject` call computes the axial results and then the load cases with the axial toe
 * levels of the same run. Pure; runs in a worker.
 */
export const runCalculation = (input: unknown): FullProjectResult => calculateProject(input);

/**
 * Runs one task of the pool; the compact form is made in the worker (built directly, without distributions,
 * section designs and traces: ADR 0209), so only it crosses threads.
 */
export const runTask = (input: unknown, task: CalculationTask): TaskResult =>
  task.kind === 'pile'
    ? calculatePileDetail(input, task.index)
    : task.kind === 'compact'
      ? calculateProject(input, { compact: true })
      : calculateProject(input);
