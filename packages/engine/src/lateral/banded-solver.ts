/**
 * Symmetric banded matrix in row-major band storage: entry (i, j) with i ≤ j ≤ i + halfBandwidth is stored
 * at `data[i * (halfBandwidth + 1) + (j - i)]`.
 */
export type BandedMatrix = { size: number; halfBandwidth: number; data: Float64Array };

/** Creates a zero banded matrix. */
export const createBandedMatrix = (size: number, halfBandwidth: number): BandedMatrix => ({
  size,
  halfBandwidth,
  data: new Float64Array(size * (halfBandwidth + 1)),
});

/** Adds `value` to entry (i, j) (and by symmetry (j, i)); entries outside the band are ignored. */
export const addBanded = (m: BandedMatrix, i: number, j: number, value: number): void => {
  const r = Math.min(i, j);
  const c = Math.max(i, j);
  if (c - r > m.halfBandwidth) return;
  m.data[r * (m.halfBandwidth + 1) + (c - r)]! += value;
};

/**
 * LDLᵀ factorisation of a symmetric positive definite banded matrix without pivoting (O(n·b²) work):
 * `a` holds D on the diagonal slots, `l` the multipliers l_ji = a_ij/d_i in band storage.
 * @param m the matrix (not modified) @param work optional arrays of m.data's length to reuse
 * @returns the factors, or null when a pivot is not positive (the system is kinematically unstable)
 * @see G. H. Golub, C. F. Van Loan, Matrix Computations, 4th ed., §4.3 (band LDLᵀ)
 */
export const factorBanded = (
  m: BandedMatrix,
  work?: { a: Float64Array; l: Float64Array },
): { a: Float64Array; l: Float64Array } | null => {
  const n = m.size;
  const b = m.halfBandwidth;
  const w = b + 1;
  const a = work ? work.a : new Float64Array(m.data.length);
  const l = work ? work.l : new Float64Array(m.data.length);
  a.set(m.data);
  let maxDiag = 0;
  for (let i = 0; i < n; i++) maxDiag = Math.max(maxDiag, Math.abs(a[i * w]!));
  const tolerance = maxDiag * 1e-13;
  // half bandwidth 3 (the beam's 2 DOFs per node): the same operations unrolled up to the last 3 rows
  const unrolled = b === 3 ? n - 3 : 0;
  for (let i = 0; i < unrolled; i++) {
    const r = 4 * i;
    const d = a[r]!;
    if (!(d > tolerance)) return null;
    const a1 = a[r + 1]!;
    const a2 = a[r + 2]!;
    const a3 = a[r + 3]!;
    const l1 = a1 / d;
    const l2 = a2 / d;
    const l3 = a3 / d;
    l[r + 1] = l1;
    l[r + 2] = l2;
    l[r + 3] = l3;
    if (l1 !== 0) {
      a[r + 4]! -= l1 * a1;
      a[r + 5]! -= l1 * a2;
      a[r + 6]! -= l1 * a3;
    }
    if (l2 !== 0) {
      a[r + 8]! -= l2 * a2;
      a[r + 9]! -= l2 * a3;
    }
    if (l3 !== 0) a[r + 12]! -= l3 * a3;
  }
  for (let i = unrolled; i < n; i++) {
    const d = a[i * w]!;
    if (!(d > tolerance)) return null;
    const last = Math.min(n - 1, i + b);
    for (let j = i + 1; j <= last; j++) {
      const lji = a[i * w + (j - i)]! / d;
      l[i * w + (j - i)] = lji;
      if (lji === 0) continue;
      for (let k = j; k <= last; k++) a[j * w + (k - j)]! -= lji * a[i * w + (k - i)]!;
    }
  }
  return { a, l };
};

/**
 * Forward and back substitution with the factors of factorBanded, in place on `x` (x = b on entry).
 * @param m the matrix (size, bandwidth) @param f factors @param x right-hand side, overwritten by the solution
 */
export const substituteBanded = (
  m: BandedMatrix,
  f: { a: Float64Array; l: Float64Array },
  x: Float64Array,
): void => {
  const n = m.size;
  const b = m.halfBandwidth;
  const w = b + 1;
  const { a, l } = f;
  const unrolled = b === 3 ? n - 3 : 0;
  for (let i = 0; i < unrolled; i++) {
    const r = 4 * i;
    const xi = x[i]!;
    x[i + 1]! -= l[r + 1]! * xi;
    x[i + 2]! -= l[r + 2]! * xi;
    x[i + 3]! -= l[r + 3]! * xi;
  }
  for (let i = unrolled; i < n; i++) {
    const last = Math.min(n - 1, i + b);
    const xi = x[i]!;
    for (let j = i + 1; j <= last; j++) x[j]! -= l[i * w + (j - i)]! * xi;
  }
  for (let i = n - 1; i >= n - 3 && i >= 0 && b === 3; i--) {
    let s = x[i]! / a[i * w]!;
    const last = Math.min(n - 1, i + b);
    for (let j = i + 1; j <= last; j++) s -= l[i * w + (j - i)]! * x[j]!;
    x[i] = s;
  }
  for (let i = b === 3 ? n - 4 : -1; i >= 0; i--) {
    const r = 4 * i;
    let s = x[i]! / a[r]!;
    s -= l[r + 1]! * x[i + 1]!;
    s -= l[r + 2]! * x[i + 2]!;
    s -= l[r + 3]! * x[i + 3]!;
    x[i] = s;
  }
  for (let i = b === 3 ? -1 : n - 1; i >= 0; i--) {
    let s = x[i]! / a[i * w]!;
    const last = Math.min(n - 1, i + b);
    for (let j = i + 1; j <= last; j++) s -= l[i * w + (j - i)]! * x[j]!;
    x[i] = s;
  }
};

/**
 * Solves K·x = b for a symmetric positive definite banded K by LDLᵀ factorisation without pivoting
 * (O(n·b²) work). Several right-hand sides share one factorisation.
 * @param m the matrix (not modified) @param rhs right-hand sides (not modified)
 * @returns the solutions, or null when a pivot is not positive (the system is kinematically unstable)
 * @see G. H. Golub, C. F. Van Loan, Matrix Computations, 4th ed., §4.3 (band LDLᵀ)
 */
export const solveBanded = (
  m: BandedMatrix,
  rhs: readonly Float64Array[],
): Float64Array[] | null => {
  const f = factorBanded(m);
  if (f === null) return null;
  return rhs.map((r) => {
    const x = r.slice();
    substituteBanded(m, f, x);
    return x;
  });
};
