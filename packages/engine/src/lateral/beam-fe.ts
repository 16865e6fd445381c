import { createBandedMatrix, factorBanded, substituteBanded } from './banded-solver';

/**
 * Finite-element mesh of the pile: node depths below the head and the line-spring modulus k = ks·D
 * [kN/m²] at the top and bottom end of every element (linear in between).
 */
export type BeamMesh = {
  /** node depth below the pile head [m], strictly increasing, depth[0] = 0 */
  depth: Float64Array;
  /** k at the top end of element e [kN/m²] */
  kTop: Float64Array;
  /** k at the bottom end of element e [kN/m²] */
  kBottom: Float64Array;
};

/** Head load of one bending direction: force H [kN] and moment M [kNm] (positive M increases the deflection of positive H). */
export type HeadLoad = { H: number; M: number };

/** Nodal results of one bending direction. */
export type BeamSolution = {
  /** deflection [m] */ w: Float64Array;
  /** slope dw/dz, z downward [rad] */ theta: Float64Array;
  /** bending moment M = EI·w'' [kNm] */ M: Float64Array;
  /** shear force Q = dM/dz [kN] */ Q: Float64Array;
  /** soil reaction per unit length p = k·w [kN/m] (with reduced k where limited) */ p: Float64Array;
};

/** 4-point Gauss–Legendre rule on [0, 1]: exact for the degree-7 integrand k(ξ)·Nᵢ·Nⱼ. */
const GAUSS_POINTS = [
  0.0694318442029737, 0.3300094782075719, 0.6699905217924281, 0.9305681557970263,
];
const GAUSS_WEIGHTS = [
  0.1739274225687269, 0.3260725774312731, 0.3260725774312731, 0.1739274225687269,
];

/** ∫₀¹ (1−ξ)·Nᵢ·Nⱼ dξ and ∫₀¹ ξ·Nᵢ·Nⱼ dξ for the Hermite functions of a unit-length element. */
const UNIT_SPRING = ((): [Float64Array, Float64Array] => {
  const top = new Float64Array(16);
  const bottom = new Float64Array(16);
  GAUSS_POINTS.forEach((x, g) => {
    const N = [
      1 - 3 * x * x + 2 * x ** 3,
      x - 2 * x * x + x ** 3,
      3 * x * x - 2 * x ** 3,
      x ** 3 - x * x,
    ];
    const wg = GAUSS_WEIGHTS[g]!;
    for (let i = 0; i < 4; i++) {
      for (let j = 0; j < 4; j++) {
        top[i * 4 + j]! += wg * (1 - x) * N[i]! * N[j]!;
        bottom[i * 4 + j]! += wg * x * N[i]! * N[j]!;
      }
    }
  });
  return [top, bottom];
})();
export const UNIT_TOP = UNIT_SPRING[0];
export const UNIT_BOTTOM = UNIT_SPRING[1];

/**
 * Element stiffness (bending + consistent Winkler spring with k varying linearly) as a 4×4 row-major array
 * for the DOFs [w1, θ1, w2, θ2]. Spring part K_s = ∫ k(z)·Nᵀ·N dz, integrated exactly (4-point Gauss).
 * @param length element length L [m] @param EI bending stiffness [kNm²] @param k1 k at top [kN/m²]
 * @param k2 k at bottom [kN/m²] @returns 16 entries [kN/m, kN, kNm]
 * @see Przemieniecki, Theory of Matrix Structural Analysis (1968), §5.6 (beam element); docs/sources/engine.md §E5.3
 */
export const elementStiffness = (
  length: number,
  EI: number,
  k1: number,
  k2: number,
): Float64Array => {
  const K = new Float64Array(16);
  writeElementStiffness(K, 0, length, EI, k1, k2);
  return K;
};

/** Writes the 16 entries of elementStiffness into `out` from `base` on (no allocation in the solver loop). */
const writeElementStiffness = (
  out: Float64Array,
  base: number,
  L: number,
  EI: number,
  k1: number,
  k2: number,
): void => {
  const c = EI / (L * L * L);
  const L2 = L * L;
  const powers = [1, L, L2];
  for (let idx = 0; idx < 16; idx++) {
    // rotational DOFs (1, 3) carry one factor L each: bending c·coef·L^p, spring L^(1+p)·∫k·N·N
    const p = (idx & 1) + ((idx >> 2) & 1);
    const Lp = powers[p]!;
    out[base + idx] =
      c * BEND_COEF[idx]! * Lp + L * Lp * (k1 * UNIT_TOP[idx]! + k2 * UNIT_BOTTOM[idx]!);
  }
};

/** Entries (i, j ≥ i) of the 4×4 element matrix (index 4i + j), in the order of the `upper` arrays. */
const UPPER_INDEX = Int32Array.from([0, 1, 2, 3, 5, 6, 7, 10, 11, 15]);

/** Euler–Bernoulli beam stiffness coefficients (times EI/L³ and L^p). */
export const BEND_COEF = [12, 6, -12, 6, 6, 4, -6, 2, -12, -6, 12, -6, 6, 2, -6, 4];

/**
 * The FE system of one pile (mesh, EI, head restraint) with everything that does not depend on the
 * spring factors computed once: per element entry the bending part c·coef·L^p and the spring weight
 * L^(1+p) (so a passive-pressure iteration only re-adds the springs), and the work arrays of the band
 * matrix, its factors and the element matrices. The arithmetic is the same as writeElementStiffness.
 */
export type WinklerSystem = {
  /**
   * Assembles K with the spring factors, factorises it and solves for the head loads.
   * @returns the DOF vectors [w0, θ0, w1, θ1, …] (one per load), or null when unstable
   */
  solveDisplacements: (
    loads: readonly HeadLoad[],
    springFactor?: Float64Array,
  ) => Float64Array[] | null;
  /**
   * Nodal results of a DOF vector that solves K(springFactor)·x = f (element forces with these factors).
   * @param out buffer of 5 values per node the result's arrays are views of (else a new one, ADR 0204)
   */
  recover: (x: Float64Array, springFactor?: Float64Array, out?: Float64Array) => BeamSolution;
};

/**
 * Creates the reusable FE system of a pile. Toe free; head free (H and M applied) or fixed against
 * rotation (θ = 0, H applied, M ignored).
 * @param mesh nodes and spring moduli @param EI bending stiffness [kNm²] @param isHeadFixed head restraint
 * @see docs/sources/engine.md §E5.3; Przemieniecki (1968) §5.6
 */
export const createWinklerSystem = (
  mesh: BeamMesh,
  EI: number,
  isHeadFixed: boolean,
): WinklerSystem => {
  const nNodes = mesh.depth.length;
  const nElements = nNodes - 1;
  const bend = new Float64Array(16 * nElements);
  const weight = new Float64Array(16 * nElements);
  for (let e = 0; e < nElements; e++) {
    const L = mesh.depth[e + 1]! - mesh.depth[e]!;
    const c = EI / (L * L * L);
    const powers = [1, L, L * L];
    for (let idx = 0; idx < 16; idx++) {
      // rotational DOFs (1, 3) carry one factor L each: bending c·coef·L^p, spring L^(1+p)·∫k·N·N
      const Lp = powers[(idx & 1) + ((idx >> 2) & 1)]!;
      bend[16 * e + idx] = c * BEND_COEF[idx]! * Lp;
      weight[16 * e + idx] = L * Lp;
    }
  }
  const K = createBandedMatrix(2 * nNodes, 3);
  const elements = new Float64Array(16 * nElements);
  const work = { a: new Float64Array(K.data.length), l: new Float64Array(K.data.length) };
  const upper = new Float64Array(10 * nElements);
  const lastK1 = new Float64Array(nElements).fill(NaN);
  const lastK2 = new Float64Array(nElements).fill(NaN);
  // the factors each element of `elements` was last written with (NaN: never), so x and y of one solution
  // write it once and elements whose factors did not change are not written again
  const written = new Float64Array(2 * nElements).fill(NaN);
  /**
   * Element matrices for the spring factors (only needed to recover the forces); an element whose two factors
   * are those it was last written with keeps its matrix (the same numbers: the entries depend only on them).
   */
  const writeElements = (springFactor?: Float64Array): void => {
    for (let e = 0; e < nElements; e++) {
      const fTop = springFactor ? springFactor[2 * e]! : 1;
      const fBottom = springFactor ? springFactor[2 * e + 1]! : 1;
      if (written[2 * e] === fTop && written[2 * e + 1] === fBottom) continue;
      written[2 * e] = fTop;
      written[2 * e + 1] = fBottom;
      const k1 = mesh.kTop[e]! * fTop;
      const k2 = mesh.kBottom[e]! * fBottom;
      const base = 16 * e;
      for (let idx = 0; idx < 16; idx++) {
        elements[base + idx] =
          bend[base + idx]! + weight[base + idx]! * (k1 * UNIT_TOP[idx]! + k2 * UNIT_BOTTOM[idx]!);
      }
    }
  };
  const solveDisplacements = (
    loads: readonly HeadLoad[],
    springFactor?: Float64Array,
  ): Float64Array[] | null => {
    const data = K.data;
    // upper triangle of each element matrix (the same entries as writeElements), recomputed only for
    // elements whose spring moduli changed since the last call; then the band rows of their nodes are
    // re-summed in the order of a full assembly (element e−1 before e), so K is the same as a new one
    let first = nNodes;
    let last = -1;
    for (let e = 0; e < nElements; e++) {
      const k1 = mesh.kTop[e]! * (springFactor ? springFactor[2 * e]! : 1);
      const k2 = mesh.kBottom[e]! * (springFactor ? springFactor[2 * e + 1]! : 1);
      if (k1 === lastK1[e] && k2 === lastK2[e]) continue;
      lastK1[e] = k1;
      lastK2[e] = k2;
      const b = 16 * e;
      const c = 10 * e;
      for (let t = 0; t < 10; t++) {
        const idx = UPPER_INDEX[t]!;
        upper[c + t] =
          bend[b + idx]! + weight[b + idx]! * (k1 * UNIT_TOP[idx]! + k2 * UNIT_BOTTOM[idx]!);
      }
      first = Math.min(first, e);
      last = Math.max(last, e + 1);
    }
    for (let node = first; node <= last; node++) assembleNodeRows(data, upper, node, nElements);
    if (isHeadFixed) {
      for (let j = 0; j <= 3; j++) K.data[1 * 4 + j] = 0;
      K.data[0 * 4 + 1] = 0;
      K.data[1 * 4] = 1;
    }
    const f = factorBanded(K, work);
    if (f === null) return null;
    return loads.map((load) => {
      const x = new Float64Array(2 * nNodes);
      x[0] = load.H;
      // the generalised force conjugate to θ = dw/dz (z downward) of a moment that increases +w is −M
      x[1] = isHeadFixed ? 0 : -load.M;
      substituteBanded(K, f, x);
      return x;
    });
  };
  return {
    solveDisplacements,
    recover: (x, springFactor, out) => {
      writeElements(springFactor);
      return internalForces(mesh, elements, x, springFactor, out);
    },
  };
};

/**
 * Solves the laterally loaded pile (Euler–Bernoulli beam on Winkler springs) for one or more head loads.
 * Toe free. Head free (H and M applied) or fixed against rotation (θ = 0, H applied, M ignored).
 * @param mesh nodes and spring moduli @param EI bending stiffness [kNm²] @param isHeadFixed head restraint
 * @param loads head loads, one solution each @param springFactor optional factor on k per element end
 * (index 2e top, 2e+1 bottom), used by the passive-pressure limitation
 * @returns one solution per load, or null when the system is unstable (no or too little soil support)
 * @see docs/sources/engine.md §E5.3; Hetényi, Beams on Elastic Foundation (1946)
 */
export const solveWinklerBeam = (
  mesh: BeamMesh,
  EI: number,
  isHeadFixed: boolean,
  loads: readonly HeadLoad[],
  springFactor?: Float64Array,
): BeamSolution[] | null => {
  const system = createWinklerSystem(mesh, EI, isHeadFixed);
  const u = system.solveDisplacements(loads, springFactor);
  if (u === null) return null;
  return u.map((x) => system.recover(x, springFactor));
};

/**
 * Writes the band rows 2·node and 2·node + 1 of K from the upper element entries (`upper`, 10 per
 * element in UPPER_INDEX order): element node − 1 contributes its local rows 2, 3, element node its
 * local rows 0, 1; shared entries are summed as 0 + (element node − 1) + (element node).
 */
const assembleNodeRows = (
  data: Float64Array,
  upper: Float64Array,
  node: number,
  nElements: number,
): void => {
  const r = 8 * node;
  for (let t = 0; t < 8; t++) data[r + t] = 0;
  if (node > 0) {
    const p = 10 * (node - 1);
    data[r]! += upper[p + 7]!; // (2,2)
    data[r + 1]! += upper[p + 8]!; // (2,3)
    data[r + 4]! += upper[p + 9]!; // (3,3)
  }
  if (node < nElements) {
    const c = 10 * node;
    data[r]! += upper[c]!; // (0,0)
    data[r + 1]! += upper[c + 1]!; // (0,1)
    data[r + 2]! += upper[c + 2]!; // (0,2)
    data[r + 3]! += upper[c + 3]!; // (0,3)
    data[r + 4]! += upper[c + 4]!; // (1,1)
    data[r + 5]! += upper[c + 5]!; // (1,2)
    data[r + 6]! += upper[c + 6]!; // (1,3)
  }
};

/** Row r of an element matrix times the element DOFs, summed left to right. */
const dot4 = (
  k: Float64Array,
  r: number,
  x0: number,
  x1: number,
  x2: number,
  x3: number,
): number => {
  let s = 0;
  s += k[r]! * x0;
  s += k[r + 1]! * x1;
  s += k[r + 2]! * x2;
  s += k[r + 3]! * x3;
  return s;
};

const internalForces = (
  mesh: BeamMesh,
  elements: Float64Array,
  x: Float64Array,
  springFactor?: Float64Array,
  out?: Float64Array,
): BeamSolution => {
  const n = mesh.depth.length;
  // the five arrays share one buffer (every entry is written below): the caller's or one new allocation outside
  // the JavaScript heap instead of five (ADR 0204)
  const all = out ?? new Float64Array(5 * n);
  const w = all.subarray(0, n);
  const theta = all.subarray(n, 2 * n);
  const M = all.subarray(2 * n, 3 * n);
  const Q = all.subarray(3 * n, 4 * n);
  const p = all.subarray(4 * n, 5 * n);
  for (let i = 0; i < n; i++) {
    w[i] = x[2 * i]!;
    theta[i] = x[2 * i + 1]!;
  }
  for (let e = 0; e < n - 1; e++) {
    const base = 16 * e;
    const x0 = x[2 * e]!;
    const x1 = x[2 * e + 1]!;
    const x2 = x[2 * e + 2]!;
    const x3 = x[2 * e + 3]!;
    // element end forces f = K_e·u (rows 0…3) → section forces: M(top) = −m1, Q(top) = f1;
    // M(bottom) = m2, Q(bottom) = −f2
    const f0 = dot4(elements, base, x0, x1, x2, x3);
    const m1 = dot4(elements, base + 4, x0, x1, x2, x3);
    M[e] = -m1;
    Q[e] = f0;
    p[e] = mesh.kTop[e]! * (springFactor ? springFactor[2 * e]! : 1) * w[e]!;
    if (e === n - 2) {
      const f2 = dot4(elements, base + 8, x0, x1, x2, x3);
      const m2 = dot4(elements, base + 12, x0, x1, x2, x3);
      M[e + 1] = m2;
      Q[e + 1] = -f2;
      p[e + 1] = mesh.kBottom[e]! * (springFactor ? springFactor[2 * e + 1]! : 1) * w[e + 1]!;
    }
  }
  return { w, theta, M, Q, p };
};
