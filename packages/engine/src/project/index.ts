export { calculateProject } from './calculate-project';
export type * from './result-types';
