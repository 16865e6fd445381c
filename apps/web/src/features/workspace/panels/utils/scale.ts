/** A linear map from a domain (e.g. m NHN) to a pixel range; works for inverted ranges (SVG y down). */
export type LinearScale = {
  (value: number): number;
  domain: readonly [number, number];
  range: readonly [number, number];
  invert: (pixel: number) => number;
};

/** Linear scale; a degenerate domain (d0 = d1) maps everything to the middle of the range. */
export const linearScale = (
  domain: readonly [number, number],
  range: readonly [number, number],
): LinearScale => {
  const [d0, d1] = domain;
  const [r0, r1] = range;
  const span = d1 - d0;
  const scale = ((value: number) =>
    span === 0 ? (r0 + r1) / 2 : r0 + ((value - d0) / span) * (r1 - r0)) as LinearScale;
  scale.domain = domain;
  scale.range = range;
  scale.invert = (pixel: number) => (r1 === r0 ? d0 : d0 + ((pixel - r0) / (r1 - r0)) * span);
  return scale;
};

/** Tick step of 1, 2, 2.5 or 5 × 10^k giving about `count` intervals over `span`. */
export const niceStep = (span: number, count: number): number => {
  if (!(span > 0) || !(count > 0)) return 1;
  const raw = span / count;
  const power = 10 ** Math.floor(Math.log10(raw));
  const fraction = raw / power;
  const nice =
    fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10;
  return nice * power;
};

/** Rounds away floating-point noise of tick arithmetic (0.1 + 0.2 → 0.3). */
const clean = (value: number): number => Math.round(value * 1e9) / 1e9;

/**
 * Tick values on multiples of a nice step inside [min, max] (order of min/max does not matter).
 * @returns ascending ticks, at least the two ends for a degenerate range
 */
export const niceTicks = (min: number, max: number, count = 6): number[] => {
  const lo = Math.min(min, max);
  const hi = Math.max(min, max);
  if (!Number.isFinite(lo) || !Number.isFinite(hi)) return [];
  if (hi === lo) return [clean(lo)];
  const step = niceStep(hi - lo, count);
  const first = Math.ceil(clean(lo / step)) * step;
  const ticks: number[] = [];
  for (let v = first; v <= hi + step * 1e-9; v += step) ticks.push(clean(v));
  return ticks;
};

/** Extends [min, max] outwards to multiples of the nice step (for axis ends), with optional padding. */
export const niceDomain = (min: number, max: number, count = 6): [number, number] => {
  const lo = Math.min(min, max);
  const hi = Math.max(min, max);
  if (hi === lo) return [lo - 1, hi + 1];
  const step = niceStep(hi - lo, count);
  return [clean(Math.floor(clean(lo / step)) * step), clean(Math.ceil(clean(hi / step)) * step)];
};

/** Number of decimals needed to print every multiple of `step` exactly (0.25 → 2, 5 → 0). */
export const decimalsOf = (step: number): number => {
  for (let d = 0; d <= 6; d += 1) {
    if (Math.abs(Math.round(step * 10 ** d) - step * 10 ** d) < 1e-6) return d;
  }
  return 6;
};
