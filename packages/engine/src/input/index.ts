// Normalised input model (shared with the lateral / section engine).
export * from './types';
export * from './pile-types';
export { normalizeProject } from './normalize';
