/**
 * The calculation result the codecs print: `calculateProject()` of the engine. Its `horizontal_loadcases`
 * (lateral analysis and section design) may be empty, or absent in results stored by older versions.
 */
import type { HorizontalLoadCaseResult, ProjectResult } from '@pfahlplaner/engine';

export type ReportResult = Omit<ProjectResult, 'horizontal_loadcases'> & {
  horizontal_loadcases?: HorizontalLoadCaseResult[];
};
