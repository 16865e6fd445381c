import type { Meter, SquareMeter } from '../units/units';

/**
 * Cross-section discretised for strain compatibility, bending about the horizontal axis through the
 * centroid; y upward, the top edge (y = h/2) is the compressed edge.
 */
export type SectionGeometry = {
  shape: 'circle' | 'square';
  /** section depth h (design diameter or side) [m] */ h: Meter;
  /** gross concrete area A_c [m²] */ area: SquareMeter;
  /** concrete strips: centroid y [m] and area [m²] */ stripY: Float64Array;
  stripArea: Float64Array;
  /** reinforcement points: y [m] and share of the total A_s (sum 1) */ barY: Float64Array;
  barShare: Float64Array;
  /** y of the lowest bar (most tensioned) [m] */ barYMin: Meter;
  /** radius of the bar ring, or half the side of the bar square [m] */ barRadius: Meter;
};

const STRIPS = 40;
const RING_POINTS = 36;

/**
 * Circular section of diameter D with a uniform ring of bars of radius r_s (smeared onto 36 points; the
 * orientation of ≥ 8 discrete bars changes M_Rd by ≈ 0.15 %, docs/sources/engine.md §E4.2 step 5).
 * Strip areas and centroids are exact: ∫b(y)dy = y√(R²−y²) + R²·asin(y/R), ∫y·b(y)dy = −⅔(R²−y²)^{3/2}.
 * @param D design diameter [m] @param rs bar ring radius [m] @returns geometry
 * @see docs/sources/engine.md §E4.2 steps 1–2
 */
export const circularSection = (D: Meter, rs: Meter): SectionGeometry => {
  // plain number for the sign change (a brand is not negated, @typescript-eslint/no-unsafe-unary-minus)
  const ringRadius: number = rs;
  const R = D / 2;
  const F = (y: number) =>
    y * Math.sqrt(Math.max(R * R - y * y, 0)) + R * R * Math.asin(Math.max(-1, Math.min(1, y / R)));
  const G = (y: number) => (-2 / 3) * Math.max(R * R - y * y, 0) ** 1.5;
  const stripY = new Float64Array(STRIPS);
  const stripArea = new Float64Array(STRIPS);
  for (let i = 0; i < STRIPS; i++) {
    const y1 = -R + (D * i) / STRIPS;
    const y2 = -R + (D * (i + 1)) / STRIPS;
    stripArea[i] = F(y2) - F(y1);
    stripY[i] = (G(y2) - G(y1)) / stripArea[i]!;
  }
  const barY = Float64Array.from(
    { length: RING_POINTS },
    (_, j) => rs * Math.cos((2 * Math.PI * j) / RING_POINTS),
  );
  return {
    shape: 'circle',
    h: D,
    area: ((Math.PI * D * D) / 4) as SquareMeter,
    stripY,
    stripArea,
    barY,
    barShare: new Float64Array(RING_POINTS).fill(1 / RING_POINTS),
    barYMin: -ringRadius as Meter,
    barRadius: rs,
  };
};

/**
 * Square section of side b with bars uniformly around a square of half-side a_s (4 corners plus three
 * points per side, 16 equal shares), bending about an axis parallel to a side.
 * @param side side b [m] @param halfSide half-side a_s of the bar square [m] @returns geometry
 */
export const squareSection = (side: Meter, halfSide: Meter): SectionGeometry => {
  // plain numbers for the sign changes (a brand is not negated, @typescript-eslint/no-unsafe-unary-minus)
  const b: number = side;
  const as: number = halfSide;
  const stripY = Float64Array.from({ length: STRIPS }, (_, i) => -b / 2 + (b * (i + 0.5)) / STRIPS);
  const stripArea = new Float64Array(STRIPS).fill((b * b) / STRIPS);
  // 16 points: top and bottom rows of 5 (2 corners + 3), 3 per vertical side
  const ys: number[] = [];
  for (let k = 0; k < 5; k++) ys.push(as, -as);
  for (let k = 1; k <= 3; k++) ys.push(-as + (2 * as * k) / 4, -as + (2 * as * k) / 4);
  const barY = Float64Array.from(ys);
  return {
    shape: 'square',
    h: side,
    area: (b * b) as SquareMeter,
    stripY,
    stripArea,
    barY,
    barShare: new Float64Array(barY.length).fill(1 / barY.length),
    barYMin: -as as Meter,
    barRadius: halfSide,
  };
};

/** Geometries by shape, depth and bar offset; bounded like the interaction-grid cache. */
const GEOMETRY_CACHE = new Map<string, SectionGeometry>();
const GEOMETRY_CACHE_SIZE = 256;

/**
 * circularSection / squareSection memoised by their inputs: rows with the same design section share one geometry
 * (its 40 strips cost asin and square roots each time). The geometry is a pure function of the key (the numbers
 * as exact decimal text, −0 kept apart), so results are the same as without the cache. Geometries are read-only.
 * @param shape section shape @param h design diameter or side [m] @param offset bar ring radius or half the side
 *   of the bar square [m]
 */
export const sectionGeometry = (
  shape: 'circle' | 'square',
  h: Meter,
  offset: Meter,
): SectionGeometry => {
  const key = `${shape}|${h}|${Object.is(offset, -0) ? '-0' : offset}`;
  const cached = GEOMETRY_CACHE.get(key);
  if (cached !== undefined) return cached;
  const g = shape === 'circle' ? circularSection(h, offset) : squareSection(h, offset);
  if (GEOMETRY_CACHE.size >= GEOMETRY_CACHE_SIZE) {
    GEOMETRY_CACHE.delete(GEOMETRY_CACHE.keys().next().value!);
  }
  GEOMETRY_CACHE.set(key, g);
  return g;
};
