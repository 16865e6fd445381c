import { bisectIndex } from '../numerics/roots';
import type { DesignMaterials } from './materials';
import type { SectionGeometry } from './section-geometry';
import { sectionForces, ultimatePlane } from './strain-compatibility';
import type { KiloNewton, KiloNewtonMeter, SquareMeter } from '../units/units';

/**
 * Ultimate strain planes sampled at K + 1 values of t ∈ [0, 3], each split into the concrete part and
 * the part per unit of A_s: N(t, A_s) = Nc(t) + A_s·ns(t), M(t, A_s) = Mc(t) + A_s·ms(t). Both are
 * exact for a fixed plane because the bar forces are proportional to A_s. Plain Float64Array buffers [kN, kNm,
 * kN/m², kNm/m²] read by the root search of `gridMomentResistance` (ADR 0205: buffers stay unbranded).
 */
export type InteractionGrid = {
  t: Float64Array;
  Nc: Float64Array;
  Mc: Float64Array;
  ns: Float64Array;
  ms: Float64Array;
};

/** Samples the ultimate planes (default 300 intervals). @see docs/sources/engine.md §E4.2 step 3 */
export const buildInteractionGrid = (
  g: SectionGeometry,
  m: DesignMaterials,
  K = 300,
): InteractionGrid => {
  const grid = {
    t: new Float64Array(K + 1),
    Nc: new Float64Array(K + 1),
    Mc: new Float64Array(K + 1),
    ns: new Float64Array(K + 1),
    ms: new Float64Array(K + 1),
  };
  for (let k = 0; k <= K; k++) {
    const plane = ultimatePlane(g, (3 * k) / K);
    const c = sectionForces(g, m, 0 as SquareMeter, plane);
    const s = sectionForces(g, m, 1 as SquareMeter, plane);
    grid.t[k] = (3 * k) / K;
    grid.Nc[k] = c.N;
    grid.Mc[k] = c.M;
    grid.ns[k] = s.N - c.N;
    grid.ms[k] = s.M - c.M;
  }
  return grid;
};

/** Grids by section key; bounded so a long-running server does not grow it without limit. */
const GRID_CACHE = new Map<string, InteractionGrid>();
const GRID_CACHE_SIZE = 256;

/**
 * buildInteractionGrid memoised by the section key (shape, depth, bar radius, strip and bar layout,
 * design material values): load points of equal geometry share one grid. The grid is a pure function
 * of this key, so the results are the same as without the cache. Grids are read-only.
 * @see buildInteractionGrid
 */
export const interactionGridFor = (g: SectionGeometry, m: DesignMaterials): InteractionGrid => {
  // the same geometry object (memoised, section-geometry.ts) with the same material values: its grid without
  // building the text key
  const known = GRIDS_BY_GEOMETRY.get(g);
  const same = known?.find((x) => equal(x.fcd, m.fcd) && equal(x.fyd, m.fyd) && equal(x.Es, m.Es));
  if (same !== undefined) return same.grid;
  const grid = gridByKey(g, m);
  if (known) known.push({ fcd: m.fcd, fyd: m.fyd, Es: m.Es, grid });
  else GRIDS_BY_GEOMETRY.set(g, [{ fcd: m.fcd, fyd: m.fyd, Es: m.Es, grid }]);
  return grid;
};

/** Equal as in the text key: 0 equals −0, NaN equals NaN. */
const equal = (a: number, b: number): boolean => a === b || (a !== a && b !== b);

/** Grids of one geometry object by its material values (collected with the geometry). */
const GRIDS_BY_GEOMETRY = new WeakMap<
  SectionGeometry,
  { fcd: number; fyd: number; Es: number; grid: InteractionGrid }[]
>();

const gridByKey = (g: SectionGeometry, m: DesignMaterials): InteractionGrid => {
  const key = [
    g.shape,
    g.h,
    g.barRadius,
    g.barYMin,
    g.stripY.length,
    g.barY.length,
    m.fcd,
    m.fyd,
    m.Es,
  ].join('|');
  const cached = GRID_CACHE.get(key);
  if (cached !== undefined) return cached;
  const grid = buildInteractionGrid(g, m);
  if (GRID_CACHE.size >= GRID_CACHE_SIZE) GRID_CACHE.delete(GRID_CACHE.keys().next().value!);
  GRID_CACHE.set(key, grid);
  return grid;
};

/**
 * The grid, A_s and N_Ed of the search in progress in `gridMomentResistance`, read by `residualN`: one function
 * object for all searches instead of new closures per call (about 50,000 calls per run of the 1,000-row bench,
 * ADR 0204). Written right before the synchronous search that reads it.
 */
const searched: { grid: InteractionGrid | null; As: number; NEd: number } = {
  grid: null,
  As: 0,
  NEd: 0,
};
/** N(k) − N_Ed of the search in progress, N(k) = N_c,k + A_s·n_s,k (the same operations as in `gridMomentResistance`). */
const residualN = (k: number): number => {
  const grid = searched.grid!;
  return grid.Nc[k]! + searched.As * grid.ns[k]! - searched.NEd;
};

/**
 * M_Rd at N_Ed for A_s from the grid: bisection on the sample index for N (monotonic in t), linear
 * interpolation between the two bracketing samples.
 * @param As [m²] @param NEd compression positive [kN] @returns M_Rd [kNm] or null when N_Ed is outside the axial range
 * @see numerics/roots.ts (`bisectIndex`)
 */
export const gridMomentResistance = (
  grid: InteractionGrid,
  As: SquareMeter,
  NEd: KiloNewton,
): KiloNewtonMeter | null => {
  searched.grid = grid;
  searched.As = As;
  searched.NEd = NEd;
  const bracket = bisectIndex(residualN, 0, grid.t.length - 1);
  if (bracket.status !== 'converged') return null;
  const { below: lo, above: hi } = bracket;
  // N(k) = N_c,k + A_s·n_s,k and M(k) = M_c,k + A_s·m_s,k written out (no closures per call, ADR 0204)
  const n0 = grid.Nc[lo]! + As * grid.ns[lo]!;
  const n1 = grid.Nc[hi]! + As * grid.ns[hi]!;
  const w = n1 > n0 ? (NEd - n0) / (n1 - n0) : 0;
  const m0 = grid.Mc[lo]! + As * grid.ms[lo]!;
  const m1 = grid.Mc[hi]! + As * grid.ms[hi]!;
  return (m0 + w * (m1 - m0)) as KiloNewtonMeter;
};
