export { calculateProject } from './calculate-project';
export { calculatePileDetail } from './compact';
export { compactResult } from './compact-result';
export type { PileDetail } from './compact';
export type * from './result-types';
