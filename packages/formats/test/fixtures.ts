/** Test fixtures: the documented example project as a canonical workbook, and its engine result. */
import { readFileSync } from 'node:fs';
import { calculateProject } from '@pfahlplaner/engine';
import { sampleWorkbook } from '../src/sample';
import type { ImportedWorkbook } from '../src/validate';
import type { ReportResult } from '../src/result';

/** docs/examples/example-project.json without its deliberately broken load point (src/sample.ts). */
export const exampleWorkbook = (): ImportedWorkbook => sampleWorkbook();

export const legacyExampleXml = (): Buffer =>
  readFileSync(new URL('./fixtures/calculation-input-example.xml', import.meta.url));

/** Engine result of a workbook, with the horizontal load cases. */
export const resultOf = (workbook: ImportedWorkbook): ReportResult => calculateProject(workbook);
