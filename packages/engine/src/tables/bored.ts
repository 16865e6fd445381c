import { cells, kpa, mn } from './cells';
import type { RangeTable } from './types';

const GEO5_BASE =
  'GEO5 help "Base Resistance" (EA-Pfähle values) http://www.finesoftware.eu/help/geo5/en/base-resistance-02/';
const GEO5_SKIN =
  'GEO5 help "Shaft Bearing Capacity" https://www.finesoftware.eu/help/geo5/en/shaft-bearing-capacity-01/ ; GEO5 CZ https://www.fine.cz/napoveda/geo5/cs/hodnoty-odporu-na-plasti-01/';

/**
 * EA-Pfähle (2nd ed. 2012) Table 5.12: base resistance q_b,k [kN/m²] of bored piles, non-cohesive soil,
 * against q_c and s/D. @see docs/sources/engine.md §E1.2 [S8][S12]
 */
export const EA_5_12: RangeTable = {
  id: 'EA-5.12',
  title: 'q_b,k bored piles, non-cohesive soil',
  source: `EA-Pfähle 2012, Tab. 5.12 (number per GGU [S1]); values: ${GEO5_BASE}; grundrichtig.de [S12]`,
  axis: 'qc',
  axisValues: [mn(7.5), mn(15), mn(25)],
  rows: {
    '0.02': cells('S', [550, 800], [1050, 1400], [1750, 2300]),
    '0.03': cells('S', [700, 1050], [1350, 1800], [2250, 2950]),
    '0.10': cells('S', [1600, 2300], [3000, 4000], [4000, 5300]),
  },
  aboveLastRule: 'U',
};

/**
 * EA-Pfähle Table 5.13: skin friction q_s,k [kN/m²] of bored piles, non-cohesive soil.
 * The "≥ 25" heading (constant above) is [U]. @see docs/sources/engine.md §E1.2 [S9]
 */
export const EA_5_13: RangeTable = {
  id: 'EA-5.13',
  title: 'q_s,k bored piles, non-cohesive soil',
  source: `EA-Pfähle 2012, Tab. 5.13; values: ${GEO5_SKIN}`,
  axis: 'qc',
  axisValues: [mn(7.5), mn(15), mn(25)],
  rows: { sg: cells('S', [55, 80], [105, 140], [130, 170]) },
  aboveLastRule: 'U',
};

/**
 * EA-Pfähle Table 5.14: base resistance q_b,k [kN/m²] of bored piles, cohesive soil, against c_u,k [kN/m²].
 * @see docs/sources/engine.md §E1.2 [S8]
 */
export const EA_5_14: RangeTable = {
  id: 'EA-5.14',
  title: 'q_b,k bored piles, cohesive soil',
  source: `EA-Pfähle 2012, Tab. 5.14; values: ${GEO5_BASE}`,
  axis: 'cuk',
  axisValues: [kpa(100), kpa(150), kpa(250)],
  rows: {
    '0.02': cells('S', [350, 450], [600, 750], [950, 1200]),
    '0.03': cells('S', [450, 550], [700, 900], [1200, 1450]),
    '0.10': cells('S', [800, 1000], [1200, 1500], [1600, 2000]),
  },
  aboveLastRule: 'U',
};

/**
 * EA-Pfähle Table 5.15: skin friction q_s,k [kN/m²] of bored piles, cohesive soil.
 * Sourced in the second research pass (docs/sources/engine.md §E1.2 [S31][S32]).
 */
export const EA_5_15: RangeTable = {
  id: 'EA-5.15',
  title: 'q_s,k bored piles, cohesive soil',
  source: `EA-Pfähle 2012, Tab. 5.15; values: ${GEO5_SKIN}; https://geosoftware.hu/help/geo5/de/orientierungswerte-der-mantelreibung-01`,
  axis: 'cuk',
  axisValues: [kpa(60), kpa(150), kpa(250)],
  rows: { sg: cells('S', [30, 40], [50, 65], [65, 85]) },
  aboveLastRule: 'U',
};
