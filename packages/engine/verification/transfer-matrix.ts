/**
 * Independent reference solver for the laterally loaded pile (verification only; it shares no code with the
 * engine's finite elements in src/lateral/). It solves EI·w⁗(z) + k(z)·w(z) = 0 exactly for k constant on
 * each segment by transfer matrices:
 *
 * state y = [w, w′, w″, w‴] (z downward from the head), y′ = A·y with
 * A = [[0,1,0,0], [0,0,1,0], [0,0,0,1], [−c,0,0,0]], c = k/EI. Because A⁴ = −c·I, the field matrix of a
 * segment of length h is exp(A·h) = Σ_{j=0..3} f_j·(A·h)^j with f_j = Σ_{m≥0} (−c·h⁴)^m/(4m + j)!
 * (the series is exact; it is summed until the terms vanish and segments are cut so that c·h⁴ ≤ 1).
 * Sign convention (Hetényi's): M = EI·w″, Q = EI·w‴; at the head Q(0) = H and M(0) = M₀ (free head) or
 * w′(0) = 0 (fixed head); at the toe M = Q = 0 (free toe). Positive M₀ increases the deflection of positive H.
 * Above the ground level k = 0 (free length): the same series reduces to the cantilever polynomials.
 * Conditioning: the field matrices grow like e^(βL), β = (k/(4EI))^¼; the examples keep Σβ·L below about 20 (a
 * very stiff, long segment, e.g. β·L ≈ 25, loses digits). The solver is checked against Hetényi and the cantilever
 * in test/transfer-matrix.test.ts.
 */

/** A segment of the pile from the head downwards: length [m] and line spring modulus k [kN/m²]. */
export type Segment = { length: number; k: number };

/** Reference solution: head values and the moment and shear at every station. */
export type ReferenceSolution = {
  /** head deflection [m] */ w0: number;
  /** head slope dw/dz [rad] */ theta0: number;
  /** head moment [kNm] (M₀ for a free head, restraint moment for a fixed head) */ M0: number;
  /** stations: depth [m], w [m], M [kNm], Q [kN] */ z: number[];
  w: number[];
  M: number[];
  Q: number[];
};

type Mat = number[][];

const multiply = (a: Mat, b: Mat): Mat =>
  a.map((row) => b[0]!.map((_, j) => row.reduce((s, v, k) => s + v * b[k]![j]!, 0)));

const apply = (a: Mat, y: number[]): number[] =>
  a.map((row) => row.reduce((s, v, k) => s + v * y[k]!, 0));

/** exp(A·h) for c = k/EI (see the file comment). */
export const fieldMatrix = (c: number, h: number): Mat => {
  const x = -c * h ** 4;
  const f = [0, 1, 2, 3].map((j) => {
    let term = 1;
    for (let i = 2; i <= j; i++) term /= i; // 1/j!
    let sum = term;
    for (let m = 1; m < 60; m++) {
      // (x^m/(4m+j)!) from the previous term
      term *= x / ((4 * m + j) * (4 * m + j - 1) * (4 * m + j - 2) * (4 * m + j - 3));
      sum += term;
      if (Math.abs(term) < 1e-20 * Math.abs(sum)) break;
    }
    return sum;
  });
  const [f0, f1, f2, f3] = f as [number, number, number, number];
  const a1 = f1 * h;
  const a2 = f2 * h * h;
  const a3 = f3 * h ** 3;
  // I·f0 + A·h·f1 + A²·h²·f2 + A³·h³·f3 written out (A² and A³ follow from A⁴ = −c·I)
  return [
    [f0, a1, a2, a3],
    [-c * a3, f0, a1, a2],
    [-c * a2, -c * a3, f0, a1],
    [-c * a1, -c * a2, -c * a3, f0],
  ];
};

/**
 * Solves the pile for a head force H and moment M0 (ignored for a fixed head).
 * @param segments from the head down @param EI [kNm²] @param H [kN] @param M0 [kNm]
 * @param isHeadFixed rotation restrained at the head @param step largest station spacing [m]
 */
export const solveReference = (
  segments: readonly Segment[],
  EI: number,
  H: number,
  M0: number,
  isHeadFixed: boolean,
  step = 0.02,
): ReferenceSolution => {
  // stations: every segment cut into n equal pieces, n from the station spacing and c·h⁴ ≤ 1
  const pieces: { c: number; h: number }[] = [];
  for (const s of segments) {
    const c = s.k / EI;
    const hMax = Math.min(step, c > 0 ? c ** -0.25 : Infinity);
    const n = Math.max(1, Math.ceil(s.length / hMax - 1e-9));
    for (let i = 0; i < n; i++) pieces.push({ c, h: s.length / n });
  }
  // propagate the two unit head states and the load state; the toe conditions fix the two unknowns
  const identity: Mat = [0, 1, 2, 3].map((i) => [0, 1, 2, 3].map((j) => (i === j ? 1 : 0)));
  const total = pieces.reduce((acc, p) => multiply(fieldMatrix(p.c, p.h), acc), identity);
  const unknownA = isHeadFixed ? [1, 0, 0, 0] : [1, 0, 0, 0]; // w0
  const unknownB = isHeadFixed ? [0, 0, 1, 0] : [0, 1, 0, 0]; // fixed: w″0, free: w′0
  const known = isHeadFixed ? [0, 0, 0, H / EI] : [0, 0, M0 / EI, H / EI];
  const ya = apply(total, unknownA);
  const yb = apply(total, unknownB);
  const yk = apply(total, known);
  // toe: w″(L) = 0 and w‴(L) = 0 → [ya2 yb2; ya3 yb3]·[a; b] = −[yk2; yk3]
  const det = ya[2]! * yb[3]! - yb[2]! * ya[3]!;
  const a = (-yk[2]! * yb[3]! + yb[2]! * yk[3]!) / det;
  const b = (-ya[2]! * yk[3]! + yk[2]! * ya[3]!) / det;
  let y = known.map((v, i) => v + a * unknownA[i]! + b * unknownB[i]!);
  const out: ReferenceSolution = {
    w0: y[0]!,
    theta0: y[1]!,
    M0: EI * y[2]!,
    z: [0],
    w: [y[0]!],
    M: [EI * y[2]!],
    Q: [EI * y[3]!],
  };
  let z = 0;
  for (const p of pieces) {
    y = apply(fieldMatrix(p.c, p.h), y);
    z += p.h;
    out.z.push(z);
    out.w.push(y[0]!);
    out.M.push(EI * y[2]!);
    out.Q.push(EI * y[3]!);
  }
  return out;
};

/** max |M| over the stations [kNm]. */
export const maxAbsMoment = (s: ReferenceSolution): number =>
  s.M.reduce((m, v) => Math.max(m, Math.abs(v)), 0);

/**
 * Piecewise-constant approximation of a linearly varying k: `count` pieces with the value at each piece's
 * midpoint (converges with the square of the piece length; used for k = n_h·z).
 */
export const linearSegments = (
  length: number,
  kTop: number,
  kBottom: number,
  count: number,
): Segment[] =>
  Array.from({ length: count }, (_, i) => ({
    length: length / count,
    k: kTop + ((kBottom - kTop) * (i + 0.5)) / count,
  }));
