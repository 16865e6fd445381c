import type { PfahlTyp } from '../input/pile-types';
import { m, type Meter } from '../units/units';

/** Table family: EA bored tables, EA driven tables, or user-entered layer values only. */
export type TableFamily = 'bored-tables' | 'driven-tables' | 'user-values';
/** Resistance–settlement curve construction. */
export type CurveKind = 'bored' | 'driven';

/** How a pile type is calculated. */
export type PileFamily = {
  tables: TableFamily;
  curve: CurveKind;
  /** Adjustment factors on TABLE values (η_b base, η_s skin): plain factors like the partial factors (ADR 0205). */
  etaBase: number;
  etaSkin: number;
  /** Upper validity limit of the η factors for the toe diameter [m] (null = unlimited). */
  etaMaxDiameter: Meter | null;
  /** True when the tables are verified EA tables for this type (else a warning names the mapping). */
  hasVerifiedTables: boolean;
  /** Text of the mapping, shown in the warning and the trace. */
  mapping: string;
};

const USER_VALUES: PileFamily = {
  tables: 'user-values',
  curve: 'bored',
  etaBase: 1,
  etaSkin: 1,
  etaMaxDiameter: null,
  hasVerifiedTables: false,
  mapping:
    'no public EA table: layer values qsk/qbk002/qbk003/qbk01 required; bored-type curve [U]',
};

/**
 * Pile type → table family and curve (ADR 0011).
 * - `bp`: EA Tables 5.12–5.15, bored curve.
 * - `f` (Fundex, partial displacement): bored tables as a PRODUCT CONVENTION (increase via
 *   `useErhoehung`), flagged; docs/sources/engine.md §E1.4/§E1.5 [P][S26].
 * - `c`: driven tables, η = 1.0; `r`: driven tables with η_b = 0.8, η_s = 0.6, valid for D_b ≤ 0.80 m
 *   (§E1.3, EA-Pfähle 2012 via GEO5).
 * - `fv`, `v`, `a`, `fdp`, `js`, `jo`, `jb`, `jv`: EA screw-pile tables not found (§E1.4);
 *   user-entered layer values only, never invented tables.
 */
export const PILE_FAMILIES: Readonly<Record<PfahlTyp, PileFamily>> = {
  bp: {
    tables: 'bored-tables',
    curve: 'bored',
    etaBase: 1,
    etaSkin: 1,
    etaMaxDiameter: null,
    hasVerifiedTables: true,
    mapping: 'EA-Pfähle Tab. 5.12–5.15',
  },
  f: {
    tables: 'bored-tables',
    curve: 'bored',
    etaBase: 1,
    etaSkin: 1,
    etaMaxDiameter: null,
    hasVerifiedTables: false,
    mapping:
      'bored-pile tables 5.12–5.15 (product convention for Fundex, not EA screw-pile tables) + increase per useErhoehung',
  },
  c: {
    tables: 'driven-tables',
    curve: 'driven',
    etaBase: 1,
    etaSkin: 1,
    etaMaxDiameter: null,
    hasVerifiedTables: true,
    mapping: 'EA-Pfähle driven precast tables, eta_b = eta_s = 1.0',
  },
  r: {
    tables: 'driven-tables',
    curve: 'driven',
    etaBase: 0.8,
    etaSkin: 0.6,
    etaMaxDiameter: m(0.8),
    hasVerifiedTables: true,
    mapping:
      'EA-Pfähle driven tables x eta_b = 0.8, eta_s = 0.6 (closed steel tube, D_b <= 0.80 m)',
  },
  fv: USER_VALUES,
  v: USER_VALUES,
  a: USER_VALUES,
  fdp: USER_VALUES,
  js: USER_VALUES,
  jo: USER_VALUES,
  jb: USER_VALUES,
  jv: USER_VALUES,
};
