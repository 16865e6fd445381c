import type { KiloNewtonPerSquareMeter } from '../units/units';

/**
 * Verification tag of one table value (docs/sources/engine.md §E0):
 * 'S' = confirmed in a public source naming EA-Pfähle; 'U' = unverified (must be shown as a warning).
 */
export type Verification = 'S' | 'U';

/** One table cell: the EA range (lower and upper value) and its verification. */
export type RangeCell = {
  readonly lower: number;
  readonly upper: number;
  readonly tag: Verification;
};

/** Input quantity of a table: cone resistance (non-cohesive) or undrained shear strength (cohesive). */
export type TableAxis = 'qc' | 'cuk';

/**
 * An EA-Pfähle empirical table: rows (e.g. s/D = 0.02) × columns (qc or cu,k nodes).
 * Axis values and cell values are kN/m² (qc headings written as `mn(7.5)` to read like the source).
 */
export type RangeTable = {
  /** Stable id used in issues and traces, e.g. `EA-5.12`. */
  readonly id: string;
  /** What the table gives, e.g. "q_b,k bored piles, non-cohesive". */
  readonly title: string;
  /** Full source citation. */
  readonly source: string;
  readonly axis: TableAxis;
  /** Column nodes [kN/m²], strictly increasing. */
  readonly axisValues: readonly KiloNewtonPerSquareMeter[];
  /** Rows by key (e.g. '0.02', 'sg', 'ssgStar'); each has one cell per axis node. */
  readonly rows: Readonly<Record<string, readonly RangeCell[]>>;
  /** Tag of the rule "above the last column keep the last value". */
  readonly aboveLastRule: Verification;
};
