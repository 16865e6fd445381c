import type { Centimeter, KiloNewton, KiloNewtonPerMeter, Meter } from '../units/units';
import type { CurveKind } from './pile-family';

/** One point of the resistance–settlement curve: s [m], R_s, R_b, R = R_s + R_b [kN]. */
export type CurvePoint = { s: number; Rs: number; Rb: number; R: number };

/** The curve with its characteristic values. */
export type ResistanceCurve = {
  kind: CurveKind;
  points: CurvePoint[];
  /** Limit settlement of the skin friction s_sg (bored) or s_sg* (driven) [m]. */
  ssg: number;
  /** Limit settlement of the base s_g = 0.10·D [m]. */
  sg: number;
  /** True when s_sg was capped (3.0 cm bored, 1.0 cm driven). */
  isSsgCapped: boolean;
  /** R_s,k [kN] (full skin friction; driven: at s_g). */
  Rs_k: number;
  /** R_b,k = R_b(s_g) [kN]. */
  Rb_k: number;
  /** R_c,k = R_s,k + R_b,k [kN]. */
  Rc_k: number;
};

/**
 * Empirical limit settlement of the skin friction: s [cm] = 0.50 · R_s [MN] + 0.50, capped.
 * Bored: cap 3.0 cm (product specification, notebook [S22]; DIN origin [U]). Driven s_sg*: cap 1.0 cm [U].
 * @param Rs skin resistance [kN] @param capCm cap [cm] @returns s [m] and whether it was capped
 * @see docs/sources/engine.md §E2.1 item 3, §E2.2
 */
export function skinLimitSettlement(
  Rs: KiloNewton,
  capCm: Centimeter,
): { s: Meter; isCapped: boolean } {
  const cm = 0.5 * (Rs / 1000) + 0.5;
  return { s: (Math.min(cm, capCm) / 100) as Meter, isCapped: cm > capCm };
}

/** Caps of s_sg (bored) and s_sg* (driven) [cm]. @see docs/sources/engine.md §E2.1 item 3, §E2.2 */
const SKIN_LIMIT_CAP_BORED = 3.0 as Centimeter;
const SKIN_LIMIT_CAP_DRIVEN = 1.0 as Centimeter;

/** Piecewise-linear function through (0,0) and n knots (s_i, R_i); constant after the last knot. */
function pwl(ks: Float64Array, kr: Float64Array, n: number, s: number): number {
  let prevS = 0;
  let prevR = 0;
  for (let i = 0; i < n; i += 1) {
    const a = ks[i]!;
    const b = kr[i]!;
    if (s <= a) return a === prevS ? b : prevR + ((s - prevS) / (a - prevS)) * (b - prevR);
    prevS = a;
    prevR = b;
  }
  return prevR;
}

/** Most knots of a curve: 2 skin + 3 base (bored) → at most 5 distinct settlements + the origin. */
const MAX_POINTS = 8;

/**
 * Builds the resistance–settlement polygon (ADR 0010) into reusable flat arrays, so the length iteration
 * can invert it without allocating; `buildCurve` turns the same numbers into objects.
 * Bored: R_s linear to R_s,k at s_sg; R_b through (0.02D, R_b02), (0.03D, R_b03), (0.10D, R_b10).
 * Driven: R_s to R_s* at s_sg*, then to R_s,k at s_g; R_b through (0.035D, R_b035), (0.10D, R_b10).
 * Knot values never decrease (user overrides could otherwise give a falling curve).
 * @see docs/sources/engine.md §E2.1, §E2.2
 */
export class CurveBuilder {
  private readonly skinS = new Float64Array(2);
  private readonly skinR = new Float64Array(2);
  private readonly baseS = new Float64Array(MAX_POINTS);
  private readonly baseR = new Float64Array(MAX_POINTS);
  private skinCount = 0;
  private baseCount = 0;
  /** Points: s [m], R_s, R_b, R = R_s + R_b [kN]; index 0 is the origin. */
  readonly s = new Float64Array(MAX_POINTS);
  readonly Rs = new Float64Array(MAX_POINTS);
  readonly Rb = new Float64Array(MAX_POINTS);
  readonly R = new Float64Array(MAX_POINTS);
  count = 0;
  ssg = 0;
  sg = 0;
  isSsgCapped = false;
  RsK = 0;
  RbK = 0;

  /**
   * @param D diameter [m] @param Rs R_s,k [kN] @param RsStar R_s,k* [kN] (driven)
   * @param Rb base resistances [kN] at `sRel` (first `nb` entries)
   */
  build(
    kind: CurveKind,
    D: Meter,
    Rs: KiloNewton,
    RsStar: KiloNewton,
    Rb: ArrayLike<number>,
    nb: number,
    sRel: ArrayLike<number>,
  ): void {
    const sg = 0.1 * D;
    const limit =
      kind === 'bored'
        ? skinLimitSettlement(Rs, SKIN_LIMIT_CAP_BORED)
        : skinLimitSettlement(RsStar, SKIN_LIMIT_CAP_DRIVEN);
    if (kind === 'bored') {
      this.skinS[0] = limit.s;
      this.skinR[0] = Rs;
      this.skinCount = 1;
    } else {
      const first = Math.max(0, RsStar);
      this.skinS[0] = limit.s;
      this.skinR[0] = first;
      this.skinS[1] = Math.max(sg, limit.s);
      this.skinR[1] = Math.max(first, Rs);
      this.skinCount = 2;
    }
    let max = 0;
    for (let k = 0; k < nb; k += 1) {
      max = Math.max(max, Rb[k]!);
      this.baseS[k] = sRel[k]! * D;
      this.baseR[k] = max;
    }
    this.baseCount = nb;
    // Union of the knot settlements, ascending, without duplicates (insertion into s[1..]).
    this.count = 1;
    for (let k = 0; k < this.skinCount; k += 1) this.insert(this.skinS[k]!);
    for (let k = 0; k < nb; k += 1) this.insert(this.baseS[k]!);
    const n = this.count - 1;
    const s = this.s;
    s[0] = 0;
    this.Rs[0] = 0;
    this.Rb[0] = 0;
    this.R[0] = 0;
    for (let i = 1; i <= n; i += 1) {
      const rs = pwl(this.skinS, this.skinR, this.skinCount, s[i]!);
      const rb = pwl(this.baseS, this.baseR, nb, s[i]!);
      this.Rs[i] = rs;
      this.Rb[i] = rb;
      this.R[i] = rs + rb;
    }
    this.ssg = limit.s;
    this.sg = sg;
    this.isSsgCapped = limit.isCapped;
    this.RsK = this.skinR[this.skinCount - 1]!;
    this.RbK = pwl(this.baseS, this.baseR, this.baseCount, sg);
  }

  /** Inserts a knot settlement into the sorted points s[1..count-1] unless present. */
  private insert(value: number): void {
    const s = this.s;
    const n = this.count - 1;
    let at = n;
    while (at > 0 && s[at]! > value) at -= 1;
    if (at > 0 && s[at] === value) return;
    for (let m = n; m > at; m -= 1) s[m + 1] = s[m]!;
    s[at + 1] = value;
    this.count += 1;
  }

  /** Settlement [m] for load F [kN] (`settlementOnPolygon`). */
  settlement(F: KiloNewton): Meter | null {
    return settlementOnPolygon(this.s, this.R, this.count, F);
  }
}

/**
 * Settlement s for a load F by piecewise-linear inversion of the polygon (s_i, R_i), i < count, that starts at
 * the origin and does not fall: the first s at which the curve reaches F (a flat segment is never divided by).
 * The one inversion of the resistance–settlement curve, for the flat arrays of the length iteration and for
 * the points of `buildCurve` alike.
 * @param s settlements [m] @param R resistances [kN] @param count number of points @param F load [kN]
 * @returns s [m]; 0 for F ≤ 0; null when F exceeds the last point of the curve
 * @see calculation-reference.md §2.1 item 8
 */
export function settlementOnPolygon(
  s: ArrayLike<number>,
  R: ArrayLike<number>,
  count: number,
  F: KiloNewton,
): Meter | null {
  if (F <= 0) return 0 as Meter;
  for (let i = 1; i < count; i += 1) {
    if (F <= R[i]!) {
      return (
        R[i] === R[i - 1]
          ? s[i - 1]!
          : s[i - 1]! + ((F - R[i - 1]!) / (R[i]! - R[i - 1]!)) * (s[i]! - s[i - 1]!)
      ) as Meter;
    }
  }
  return null;
}

/**
 * The resistance–settlement polygon as objects (ADR 0010), built by `CurveBuilder`.
 * @param D diameter [m] @param Rs R_s,k [kN] @param RsStar R_s,k* [kN] (driven) @param Rb base resistances [kN] at `sRel`
 * @see docs/sources/engine.md §E2.1, §E2.2
 */
export function buildCurve(
  kind: CurveKind,
  D: Meter,
  Rs: KiloNewton,
  RsStar: KiloNewton,
  Rb: readonly number[],
  sRel: readonly number[],
): ResistanceCurve {
  const b = new CurveBuilder();
  b.build(kind, D, Rs, RsStar, Rb, Rb.length, sRel);
  const points: CurvePoint[] = [];
  for (let i = 0; i < b.count; i += 1) {
    points.push({ s: b.s[i]!, Rs: b.Rs[i]!, Rb: b.Rb[i]!, R: b.R[i]! });
  }
  return {
    kind,
    points,
    ssg: b.ssg,
    sg: b.sg,
    isSsgCapped: b.isSsgCapped,
    Rs_k: b.RsK,
    Rb_k: b.RbK,
    Rc_k: b.RsK + b.RbK,
  };
}

/**
 * Settlement s for a load F from the (monotone) curve, by piecewise-linear inversion (`settlementOnPolygon`).
 * @param F load [kN] @returns s [m]; 0 for F ≤ 0; null when F exceeds the last point of the curve
 * @see docs/sources/engine.md §E2.1 item 8
 */
export function settlementFor(points: readonly CurvePoint[], F: KiloNewton): Meter | null {
  const s = Float64Array.from(points, (p) => p.s);
  const R = Float64Array.from(points, (p) => p.R);
  return settlementOnPolygon(s, R, points.length, F);
}

/**
 * Secant spring stiffness k = F / s(F) [kN/m]; for F ≤ 0 the initial secant of the curve.
 * @see docs/sources/engine.md §E2.1 item 9 [U interpretation]
 */
export function springStiffness(
  points: readonly CurvePoint[],
  F: KiloNewton,
  s: Meter | null,
): KiloNewtonPerMeter | null {
  if (s === null) return null;
  if (F > 0 && s > 0) return (F / s) as KiloNewtonPerMeter;
  const first = points[1];
  return first !== undefined && first.s > 0 ? ((first.R / first.s) as KiloNewtonPerMeter) : null;
}
