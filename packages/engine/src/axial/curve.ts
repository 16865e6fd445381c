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

type Knot = readonly [number, number];

/** Piecewise-linear function through (0,0) and the knots; constant after the last knot. */
function pwl(knots: readonly Knot[], s: number): number {
  let prevS = 0;
  let prevR = 0;
  for (const [ks, kr] of knots) {
    if (s <= ks) return ks === prevS ? kr : prevR + ((s - prevS) / (ks - prevS)) * (kr - prevR);
    prevS = ks;
    prevR = kr;
  }
  return prevR;
}

/** Knot values never decrease (user overrides could otherwise give a falling curve). */
const monotone = (knots: Knot[]): Knot[] => {
  let max = 0;
  return knots.map(([s, r]) => {
    max = Math.max(max, r);
    return [s, max] as const;
  });
};

/**
 * Empirical limit settlement of the skin friction: s [cm] = 0.50 · R_s [MN] + 0.50, capped.
 * Bored: cap 3.0 cm (product specification, notebook [S22]; DIN origin [U]). Driven s_sg*: cap 1.0 cm [U].
 * @param Rs skin resistance [kN] @param capCm cap [cm] @returns s [m] and whether it was capped
 * @see calculation-reference.md §2.1 item 3, §2.2; calculation-gaps.md §3.3
 */
export function skinLimitSettlement(Rs: number, capCm: number): { s: number; isCapped: boolean } {
  const cm = 0.5 * (Rs / 1000) + 0.5;
  return { s: Math.min(cm, capCm) / 100, isCapped: cm > capCm };
}

/**
 * Builds the resistance–settlement polygon (ADR 0010).
 * Bored: R_s linear to R_s,k at s_sg; R_b through (0.02D, R_b02), (0.03D, R_b03), (0.10D, R_b10).
 * Driven: R_s to R_s* at s_sg*, then to R_s,k at s_g; R_b through (0.035D, R_b035), (0.10D, R_b10).
 * @param D diameter [m] @param Rs R_s,k [kN] @param RsStar R_s,k* [kN] (driven) @param Rb base resistances [kN] at `sRel`
 * @see calculation-reference.md §2.1, §2.2
 */
export function buildCurve(
  kind: CurveKind,
  D: number,
  Rs: number,
  RsStar: number,
  Rb: readonly number[],
  sRel: readonly number[],
): ResistanceCurve {
  const sg = 0.1 * D;
  const limit = kind === 'bored' ? skinLimitSettlement(Rs, 3.0) : skinLimitSettlement(RsStar, 1.0);
  const skinKnots: Knot[] =
    kind === 'bored'
      ? [[limit.s, Rs]]
      : monotone([
          [limit.s, RsStar],
          [Math.max(sg, limit.s), Rs],
        ]);
  const baseKnots = monotone(Rb.map((r, k) => [sRel[k]! * D, r] as const));
  const sValues = [...new Set([...skinKnots.map((k) => k[0]), ...baseKnots.map((k) => k[0])])].sort(
    (a, b) => a - b,
  );
  const points: CurvePoint[] = [{ s: 0, Rs: 0, Rb: 0, R: 0 }];
  for (const s of sValues) {
    const rs = pwl(skinKnots, s);
    const rb = pwl(baseKnots, s);
    points.push({ s, Rs: rs, Rb: rb, R: rs + rb });
  }
  const RsK = skinKnots[skinKnots.length - 1]![1];
  const RbK = pwl(baseKnots, sg);
  return {
    kind,
    points,
    ssg: limit.s,
    sg,
    isSsgCapped: limit.isCapped,
    Rs_k: RsK,
    Rb_k: RbK,
    Rc_k: RsK + RbK,
  };
}

/**
 * Settlement s for a load F from the (monotone) curve, by piecewise-linear inversion.
 * @param F load [kN] @returns s [m]; 0 for F ≤ 0; null when F exceeds the last point of the curve
 * @see calculation-reference.md §2.1 item 8
 */
export function settlementFor(points: readonly CurvePoint[], F: number): number | null {
  if (F <= 0) return 0;
  for (let i = 1; i < points.length; i += 1) {
    const a = points[i - 1]!;
    const b = points[i]!;
    if (F <= b.R) return b.R === a.R ? a.s : a.s + ((F - a.R) / (b.R - a.R)) * (b.s - a.s);
  }
  return null;
}

/**
 * Secant spring stiffness k = F / s(F) [kN/m]; for F ≤ 0 the initial secant of the curve.
 * @see calculation-reference.md §2.1 item 9 [U interpretation]
 */
export function springStiffness(
  points: readonly CurvePoint[],
  F: number,
  s: number | null,
): number | null {
  if (s === null) return null;
  if (F > 0 && s > 0) return F / s;
  const first = points[1];
  return first !== undefined && first.s > 0 ? first.R / first.s : null;
}
