// Normalised input model (shared with the lateral / section engine).
export * from './types';
export * from './pile-types';
export { normalizeProject } from './normalize';
export { ROW_PROJECT_PAIRS } from './row-values';
export type { PairedRowField, RowValueTrace, ValueSource } from './row-values';
