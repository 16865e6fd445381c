export { calculateProject } from './calculate-project';
export { calculatePileDetail, compactResult } from './compact';
export type { PileDetail } from './compact';
export type * from './result-types';
