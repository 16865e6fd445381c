// Small dense matrix helpers of the Newton lateral solver (plastic-newton.ts).

/**
 * Solves the 4×4 system S·X = R for the 5 columns of R in place, Gaussian elimination with partial pivoting.
 * S is read from `s` at `so` (row-major 4×4) and left unchanged; R is read from `r` at `ro` (row-major 4×5) and
 * overwritten by X, so the caller's block arrays are used without copies.
 *
 * The 36 values are held in local variables (one set per row: `aI0…aI3` of S, `bI0…bI4` of R), which V8 keeps in
 * registers instead of loading and bounds-checking array entries in the elimination loops. Every value is computed
 * by the same operations in the same order as the array form of ADR 0204 (kept as the reference in
 * small-matrix.test.ts, which checks equality to the bit): the first largest |pivot| of the column (strict >),
 * multipliers l = s_ik / pivot skipped when exactly 0 (a product 0·x would turn −0 into +0), s_ic − l·s_kc and
 * r_ic − l·r_kc, then back substitution (r_kc − Σ_{t>k} s_kt·x_tc) / s_kk with t ascending. A row swap exchanges
 * the row's values of the columns from k on (those left of k are never read again). ADR 0209.
 * @returns false when a pivot is below 1e-14 of the largest entry (singular) or not finite
 */
export const solve4 = (s: Float64Array, r: Float64Array, so = 0, ro = 0): boolean => {
  let a00 = s[so]!;
  let a01 = s[so + 1]!;
  let a02 = s[so + 2]!;
  let a03 = s[so + 3]!;
  let a10 = s[so + 4]!;
  let a11 = s[so + 5]!;
  let a12 = s[so + 6]!;
  let a13 = s[so + 7]!;
  let a20 = s[so + 8]!;
  let a21 = s[so + 9]!;
  let a22 = s[so + 10]!;
  let a23 = s[so + 11]!;
  let a30 = s[so + 12]!;
  let a31 = s[so + 13]!;
  let a32 = s[so + 14]!;
  let a33 = s[so + 15]!;
  // the largest |entry| (NaN when one is NaN: Math.max in any order)
  let scale = Math.max(
    Math.abs(a00),
    Math.abs(a01),
    Math.abs(a02),
    Math.abs(a03),
    Math.abs(a10),
    Math.abs(a11),
    Math.abs(a12),
    Math.abs(a13),
  );
  scale = Math.max(
    scale,
    Math.abs(a20),
    Math.abs(a21),
    Math.abs(a22),
    Math.abs(a23),
    Math.abs(a30),
    Math.abs(a31),
    Math.abs(a32),
    Math.abs(a33),
  );
  if (!(scale > 0) || !Number.isFinite(scale)) return false;
  const tiny = 1e-14 * scale;
  let b00 = r[ro]!;
  let b01 = r[ro + 1]!;
  let b02 = r[ro + 2]!;
  let b03 = r[ro + 3]!;
  let b04 = r[ro + 4]!;
  let b10 = r[ro + 5]!;
  let b11 = r[ro + 6]!;
  let b12 = r[ro + 7]!;
  let b13 = r[ro + 8]!;
  let b14 = r[ro + 9]!;
  let b20 = r[ro + 10]!;
  let b21 = r[ro + 11]!;
  let b22 = r[ro + 12]!;
  let b23 = r[ro + 13]!;
  let b24 = r[ro + 14]!;
  let b30 = r[ro + 15]!;
  let b31 = r[ro + 16]!;
  let b32 = r[ro + 17]!;
  let b33 = r[ro + 18]!;
  let b34 = r[ro + 19]!;
  let t0: number;
  let t1: number;
  let t2: number;
  let t3: number;
  let t4: number;
  let l: number;

  // column 0: pivot row among 0…3, swapped into row 0
  let p = 0;
  let best = Math.abs(a00);
  if (Math.abs(a10) > best) {
    p = 1;
    best = Math.abs(a10);
  }
  if (Math.abs(a20) > best) {
    p = 2;
    best = Math.abs(a20);
  }
  if (Math.abs(a30) > best) {
    p = 3;
    best = Math.abs(a30);
  }
  if (!(best > tiny)) return false;
  if (p === 1) {
    t0 = a00;
    a00 = a10;
    a10 = t0;
    t1 = a01;
    a01 = a11;
    a11 = t1;
    t2 = a02;
    a02 = a12;
    a12 = t2;
    t3 = a03;
    a03 = a13;
    a13 = t3;
    t0 = b00;
    b00 = b10;
    b10 = t0;
    t1 = b01;
    b01 = b11;
    b11 = t1;
    t2 = b02;
    b02 = b12;
    b12 = t2;
    t3 = b03;
    b03 = b13;
    b13 = t3;
    t4 = b04;
    b04 = b14;
    b14 = t4;
  } else if (p === 2) {
    t0 = a00;
    a00 = a20;
    a20 = t0;
    t1 = a01;
    a01 = a21;
    a21 = t1;
    t2 = a02;
    a02 = a22;
    a22 = t2;
    t3 = a03;
    a03 = a23;
    a23 = t3;
    t0 = b00;
    b00 = b20;
    b20 = t0;
    t1 = b01;
    b01 = b21;
    b21 = t1;
    t2 = b02;
    b02 = b22;
    b22 = t2;
    t3 = b03;
    b03 = b23;
    b23 = t3;
    t4 = b04;
    b04 = b24;
    b24 = t4;
  } else if (p === 3) {
    t0 = a00;
    a00 = a30;
    a30 = t0;
    t1 = a01;
    a01 = a31;
    a31 = t1;
    t2 = a02;
    a02 = a32;
    a32 = t2;
    t3 = a03;
    a03 = a33;
    a33 = t3;
    t0 = b00;
    b00 = b30;
    b30 = t0;
    t1 = b01;
    b01 = b31;
    b31 = t1;
    t2 = b02;
    b02 = b32;
    b32 = t2;
    t3 = b03;
    b03 = b33;
    b33 = t3;
    t4 = b04;
    b04 = b34;
    b34 = t4;
  }
  l = a10 / a00;
  if (l !== 0) {
    a11 -= l * a01;
    a12 -= l * a02;
    a13 -= l * a03;
    b10 -= l * b00;
    b11 -= l * b01;
    b12 -= l * b02;
    b13 -= l * b03;
    b14 -= l * b04;
  }
  l = a20 / a00;
  if (l !== 0) {
    a21 -= l * a01;
    a22 -= l * a02;
    a23 -= l * a03;
    b20 -= l * b00;
    b21 -= l * b01;
    b22 -= l * b02;
    b23 -= l * b03;
    b24 -= l * b04;
  }
  l = a30 / a00;
  if (l !== 0) {
    a31 -= l * a01;
    a32 -= l * a02;
    a33 -= l * a03;
    b30 -= l * b00;
    b31 -= l * b01;
    b32 -= l * b02;
    b33 -= l * b03;
    b34 -= l * b04;
  }

  // column 1: pivot row among 1…3
  p = 1;
  best = Math.abs(a11);
  if (Math.abs(a21) > best) {
    p = 2;
    best = Math.abs(a21);
  }
  if (Math.abs(a31) > best) {
    p = 3;
    best = Math.abs(a31);
  }
  if (!(best > tiny)) return false;
  if (p === 2) {
    t1 = a11;
    a11 = a21;
    a21 = t1;
    t2 = a12;
    a12 = a22;
    a22 = t2;
    t3 = a13;
    a13 = a23;
    a23 = t3;
    t0 = b10;
    b10 = b20;
    b20 = t0;
    t1 = b11;
    b11 = b21;
    b21 = t1;
    t2 = b12;
    b12 = b22;
    b22 = t2;
    t3 = b13;
    b13 = b23;
    b23 = t3;
    t4 = b14;
    b14 = b24;
    b24 = t4;
  } else if (p === 3) {
    t1 = a11;
    a11 = a31;
    a31 = t1;
    t2 = a12;
    a12 = a32;
    a32 = t2;
    t3 = a13;
    a13 = a33;
    a33 = t3;
    t0 = b10;
    b10 = b30;
    b30 = t0;
    t1 = b11;
    b11 = b31;
    b31 = t1;
    t2 = b12;
    b12 = b32;
    b32 = t2;
    t3 = b13;
    b13 = b33;
    b33 = t3;
    t4 = b14;
    b14 = b34;
    b34 = t4;
  }
  l = a21 / a11;
  if (l !== 0) {
    a22 -= l * a12;
    a23 -= l * a13;
    b20 -= l * b10;
    b21 -= l * b11;
    b22 -= l * b12;
    b23 -= l * b13;
    b24 -= l * b14;
  }
  l = a31 / a11;
  if (l !== 0) {
    a32 -= l * a12;
    a33 -= l * a13;
    b30 -= l * b10;
    b31 -= l * b11;
    b32 -= l * b12;
    b33 -= l * b13;
    b34 -= l * b14;
  }

  // column 2: pivot row among 2…3
  if (Math.abs(a32) > Math.abs(a22)) {
    if (!(Math.abs(a32) > tiny)) return false;
    t2 = a22;
    a22 = a32;
    a32 = t2;
    t3 = a23;
    a23 = a33;
    a33 = t3;
    t0 = b20;
    b20 = b30;
    b30 = t0;
    t1 = b21;
    b21 = b31;
    b31 = t1;
    t2 = b22;
    b22 = b32;
    b32 = t2;
    t3 = b23;
    b23 = b33;
    b33 = t3;
    t4 = b24;
    b24 = b34;
    b34 = t4;
  } else if (!(Math.abs(a22) > tiny)) return false;
  l = a32 / a22;
  if (l !== 0) {
    a33 -= l * a23;
    b30 -= l * b20;
    b31 -= l * b21;
    b32 -= l * b22;
    b33 -= l * b23;
    b34 -= l * b24;
  }

  // column 3
  if (!(Math.abs(a33) > tiny)) return false;

  // back substitution, row k: (r_k − Σ_{t>k} s_kt·x_t) / s_kk, t ascending
  b30 = b30 / a33;
  b31 = b31 / a33;
  b32 = b32 / a33;
  b33 = b33 / a33;
  b34 = b34 / a33;
  b20 = (b20 - a23 * b30) / a22;
  b21 = (b21 - a23 * b31) / a22;
  b22 = (b22 - a23 * b32) / a22;
  b23 = (b23 - a23 * b33) / a22;
  b24 = (b24 - a23 * b34) / a22;
  b10 = (b10 - a12 * b20 - a13 * b30) / a11;
  b11 = (b11 - a12 * b21 - a13 * b31) / a11;
  b12 = (b12 - a12 * b22 - a13 * b32) / a11;
  b13 = (b13 - a12 * b23 - a13 * b33) / a11;
  b14 = (b14 - a12 * b24 - a13 * b34) / a11;
  r[ro] = (b00 - a01 * b10 - a02 * b20 - a03 * b30) / a00;
  r[ro + 1] = (b01 - a01 * b11 - a02 * b21 - a03 * b31) / a00;
  r[ro + 2] = (b02 - a01 * b12 - a02 * b22 - a03 * b32) / a00;
  r[ro + 3] = (b03 - a01 * b13 - a02 * b23 - a03 * b33) / a00;
  r[ro + 4] = (b04 - a01 * b14 - a02 * b24 - a03 * b34) / a00;
  r[ro + 5] = b10;
  r[ro + 6] = b11;
  r[ro + 7] = b12;
  r[ro + 8] = b13;
  r[ro + 9] = b14;
  r[ro + 10] = b20;
  r[ro + 11] = b21;
  r[ro + 12] = b22;
  r[ro + 13] = b23;
  r[ro + 14] = b24;
  r[ro + 15] = b30;
  r[ro + 16] = b31;
  r[ro + 17] = b32;
  r[ro + 18] = b33;
  r[ro + 19] = b34;
  return true;
};

/** Product of two 2×2 matrices (row-major), used once per system. */
export const mul2 = (a: readonly number[], b: readonly number[]): number[] => [
  a[0]! * b[0]! + a[1]! * b[2]!,
  a[0]! * b[1]! + a[1]! * b[3]!,
  a[2]! * b[0]! + a[3]! * b[2]!,
  a[2]! * b[1]! + a[3]! * b[3]!,
];
