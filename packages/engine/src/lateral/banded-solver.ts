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
  const n = m.size;
  const b = m.halfBandwidth;
  const w = b + 1;
  const a = Float64Array.from(m.data);
  let maxDiag = 0;
  for (let i = 0; i < n; i++) maxDiag = Math.max(maxDiag, Math.abs(a[i * w]!));
  const tolerance = maxDiag * 1e-13;
  for (let i = 0; i < n; i++) {
    const d = a[i * w]!;
    if (!(d > tolerance)) return null;
    const last = Math.min(n - 1, i + b);
    for (let j = i + 1; j <= last; j++) {
      const lji = a[i * w + (j - i)]! / d;
      if (lji === 0) continue;
      for (let k = j; k <= last; k++) a[j * w + (k - j)]! -= lji * a[i * w + (k - i)]!;
    }
  }
  return rhs.map((r) => {
    const x = Float64Array.from(r);
    for (let i = 0; i < n; i++) {
      const d = a[i * w]!;
      const last = Math.min(n - 1, i + b);
      for (let j = i + 1; j <= last; j++) x[j]! -= (a[i * w + (j - i)]! / d) * x[i]!;
    }
    for (let i = n - 1; i >= 0; i--) {
      const d = a[i * w]!;
      let s = x[i]! / d;
      const last = Math.min(n - 1, i + b);
      for (let j = i + 1; j <= last; j++) s -= (a[i * w + (j - i)]! / d) * x[j]!;
      x[i] = s;
    }
    return x;
  });
};
