// EA-Pfähle tables as typed data with sources, and the single lookup helper.
export * from './types';
export * from './bored';
export * from './driven';
export { lookupRange, withinRange } from './lookup';
export type { LookupKind, RangeLookup } from './lookup';
