import { cells, kpa, mn } from './cells';
import type { RangeTable } from './types';

const GEO5_BASE =
  'GEO5 help "Base Resistance" [S8]; GEO5 CZ https://www.fine.cz/napoveda/geo5/cs/hodnoty-odporu-na-pate-01/';
const GEO5_SKIN =
  'GEO5 help "Shaft Bearing Capacity" [S9]; GEO5 CZ https://www.fine.cz/napoveda/geo5/cs/hodnoty-odporu-na-plasti-01/';

/**
 * Driven precast concrete piles: base resistance q_b,k [kN/m²], non-cohesive soil, rows s/D_eq = 0.035
 * and 0.10 (= s_g). Only three q_c columns are public; the book may have q_c = 10/20 columns
 * (docs/sources/engine.md §E1.3) — interpolation between 7.5/15/25 may differ from the book there.
 * @see docs/sources/engine.md §E1.3
 */
export const EA_DRIVEN_BASE_NONCOHESIVE: RangeTable = {
  id: 'EA-driven-qb-qc',
  title: 'q_b,k driven precast piles, non-cohesive soil',
  source: `EA-Pfähle 2012 (driven-pile tables, number not published); values: ${GEO5_BASE}`,
  axis: 'qc',
  axisValues: [mn(7.5), mn(15), mn(25)],
  rows: {
    '0.035': cells('S', [2200, 5000], [4000, 6500], [4500, 7500]),
    '0.10': cells('S', [4200, 6000], [7600, 10200], [8750, 11500]),
  },
  aboveLastRule: 'U',
};

/** Driven precast concrete piles: base resistance q_b,k [kN/m²], cohesive soil. @see docs/sources/engine.md §E1.3 */
export const EA_DRIVEN_BASE_COHESIVE: RangeTable = {
  id: 'EA-driven-qb-cu',
  title: 'q_b,k driven precast piles, cohesive soil',
  source: `EA-Pfähle 2012 (driven-pile tables); values: ${GEO5_BASE}`,
  axis: 'cuk',
  axisValues: [kpa(100), kpa(150), kpa(250)],
  rows: {
    '0.035': cells('S', [350, 450], [550, 700], [800, 950]),
    '0.10': cells('S', [600, 750], [850, 1100], [1150, 1500]),
  },
  aboveLastRule: 'U',
};

/**
 * Driven precast concrete piles: skin friction q_s,k [kN/m²], non-cohesive soil, rows s_sg* and s_g.
 * @see docs/sources/engine.md §E1.3
 */
export const EA_DRIVEN_SKIN_NONCOHESIVE: RangeTable = {
  id: 'EA-driven-qs-qc',
  title: 'q_s,k driven precast piles, non-cohesive soil',
  source: `EA-Pfähle 2012 (driven-pile tables); values: ${GEO5_SKIN}`,
  axis: 'qc',
  axisValues: [mn(7.5), mn(15), mn(25)],
  rows: {
    ssgStar: cells('S', [30, 40], [65, 90], [85, 120]),
    sg: cells('S', [40, 60], [95, 125], [125, 160]),
  },
  aboveLastRule: 'U',
};

/**
 * Driven precast concrete piles: skin friction q_s,k [kN/m²], cohesive soil. The column headings conflict
 * between GEO5 pages (c_u,k = 60/150/250 vs 100/150/200); ADR 0013 adopts 60/150/250 and every value
 * is tagged [U] so that its use is always shown as a warning.
 * @see docs/sources/engine.md §E1.3, docs/adr/0013-driven-cohesive-skin-friction-headings.md
 */
export const EA_DRIVEN_SKIN_COHESIVE: RangeTable = {
  id: 'EA-driven-qs-cu',
  title: 'q_s,k driven precast piles, cohesive soil (column headings unverified)',
  source: `EA-Pfähle 2012 (driven-pile tables); values: ${GEO5_SKIN}; headings per fine.cz piles page`,
  axis: 'cuk',
  axisValues: [kpa(60), kpa(150), kpa(250)],
  rows: {
    ssgStar: cells('U', [20, 30], [35, 50], [45, 65]),
    sg: cells('U', [20, 35], [40, 60], [55, 80]),
  },
  aboveLastRule: 'U',
};
