/** Field catalogue: one entry per wire field (key, unit, rules, default, grid, Excel and XML mapping). */
export * from './types';
export * from './enums';
export * from './units';
export * from './settings';
export * from './pile';
export * from './soil';
export * from './loadcase';
export * from './catalogue';
export * from './schema';
export * from './xml-value';
