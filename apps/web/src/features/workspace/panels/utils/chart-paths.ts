import type { LinearScale } from './scale';

/** One chart point in data units. */
export type XY = { x: number; y: number };

const fmt = (v: number): string => (Math.round(v * 100) / 100).toString();

/**
 * SVG path through the points (data units → pixels). A non-finite point breaks the line, so missing
 * values never draw a false segment to zero.
 */
export const polylinePath = (points: readonly XY[], x: LinearScale, y: LinearScale): string => {
  const parts: string[] = [];
  let isDrawing = false;
  for (const p of points) {
    if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) {
      isDrawing = false;
      continue;
    }
    parts.push(`${isDrawing ? 'L' : 'M'}${fmt(x(p.x))},${fmt(y(p.y))}`);
    isDrawing = true;
  }
  return parts.join(' ');
};

/**
 * Closed area between a curve x(y) and the zero line (for force diagrams along the pile): from the axis
 * at the first level, along the curve, back to the axis at the last level.
 */
export const areaToAxisPath = (points: readonly XY[], x: LinearScale, y: LinearScale): string => {
  const finite = points.filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
  if (finite.length < 2) return '';
  const first = finite[0]!;
  const last = finite[finite.length - 1]!;
  return `M${fmt(x(0))},${fmt(y(first.y))} ${finite
    .map((p) => `L${fmt(x(p.x))},${fmt(y(p.y))}`)
    .join(' ')} L${fmt(x(0))},${fmt(y(last.y))} Z`;
};

/** [min, max] of finite values, always containing `include` (e.g. 0 for force diagrams); null if none. */
export const extent = (values: readonly number[], include?: number): [number, number] | null => {
  let lo = include ?? Number.POSITIVE_INFINITY;
  let hi = include ?? Number.NEGATIVE_INFINITY;
  for (const v of values) {
    if (!Number.isFinite(v)) continue;
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  return Number.isFinite(lo) && Number.isFinite(hi) ? [lo, hi] : null;
};

/** Index of the value with the largest magnitude (first one on ties), or -1 for no finite value. */
export const indexOfMaxAbs = (values: readonly number[]): number => {
  let best = -1;
  for (let i = 0; i < values.length; i += 1) {
    const v = values[i]!;
    if (Number.isFinite(v) && (best < 0 || Math.abs(v) > Math.abs(values[best]!))) best = i;
  }
  return best;
};
