// Small dense matrix helpers of the Newton lateral solver (plastic-newton.ts).

/**
 * Solves the 4×4 system S·X = R for the 5 columns of R in place, Gaussian elimination with partial pivoting;
 * S is overwritten. S is read from `s` at `so` (row-major 4×4), R from `r` at `ro` (row-major 4×5), so the
 * caller's block arrays are used without copies.
 * @returns false when a pivot is below 1e-14 of the largest entry (singular) or not finite
 */
export const solve4 = (s: Float64Array, r: Float64Array, so = 0, ro = 0): boolean => {
  let scale = 0;
  for (let i = 0; i < 16; i++) scale = Math.max(scale, Math.abs(s[so + i]!));
  if (!(scale > 0) || !Number.isFinite(scale)) return false;
  // Entries below the diagonal are never read once their column is eliminated, so neither the elimination nor
  // a row swap writes them (ADR 0204); every entry that is read gets the same operations in the same order.
  for (let k = 0; k < 4; k++) {
    let p = k;
    for (let i = k + 1; i < 4; i++) {
      if (Math.abs(s[so + 4 * i + k]!) > Math.abs(s[so + 4 * p + k]!)) p = i;
    }
    if (!(Math.abs(s[so + 4 * p + k]!) > 1e-14 * scale)) return false;
    const sk = so + 4 * k;
    const rk = ro + 5 * k;
    if (p !== k) {
      const sp = so + 4 * p;
      for (let c = k; c < 4; c++) {
        const t = s[sk + c]!;
        s[sk + c] = s[sp + c]!;
        s[sp + c] = t;
      }
      const rp = ro + 5 * p;
      for (let c = 0; c < 5; c++) {
        const t = r[rk + c]!;
        r[rk + c] = r[rp + c]!;
        r[rp + c] = t;
      }
    }
    const pivot = s[sk + k]!;
    const r0 = r[rk]!;
    const r1 = r[rk + 1]!;
    const r2 = r[rk + 2]!;
    const r3 = r[rk + 3]!;
    const r4 = r[rk + 4]!;
    for (let i = k + 1; i < 4; i++) {
      const si = so + 4 * i;
      const l = s[si + k]! / pivot;
      if (l === 0) continue;
      for (let c = k + 1; c < 4; c++) s[si + c]! -= l * s[sk + c]!;
      const ri = ro + 5 * i;
      r[ri]! -= l * r0;
      r[ri + 1]! -= l * r1;
      r[ri + 2]! -= l * r2;
      r[ri + 3]! -= l * r3;
      r[ri + 4]! -= l * r4;
    }
  }
  // back substitution, row k: (r_k − Σ_{t>k} s_kt·x_t) / s_kk, t ascending
  for (let k = 3; k >= 0; k--) {
    const sk = so + 4 * k;
    const rk = ro + 5 * k;
    const d = s[sk + k]!;
    for (let c = 0; c < 5; c++) {
      let v = r[rk + c]!;
      for (let t = k + 1; t < 4; t++) v -= s[sk + t]! * r[ro + 5 * t + c]!;
      r[rk + c] = v / d;
    }
  }
  return true;
};

/** Product of two 2×2 matrices (row-major), used once per system. */
export const mul2 = (a: readonly number[], b: readonly number[]): number[] => [
  a[0]! * b[0]! + a[1]! * b[2]!,
  a[0]! * b[1]! + a[1]! * b[3]!,
  a[2]! * b[0]! + a[3]! * b[2]!,
  a[2]! * b[1]! + a[3]! * b[3]!,
];
