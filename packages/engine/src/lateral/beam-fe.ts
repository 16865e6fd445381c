import { createBandedMatrix, solveBanded } from './banded-solver';

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
const UNIT_TOP = UNIT_SPRING[0];
const UNIT_BOTTOM = UNIT_SPRING[1];

/**
 * Element stiffness (bending + consistent Winkler spring with k varying linearly) as a 4×4 row-major array
 * for the DOFs [w1, θ1, w2, θ2]. Spring part K_s = ∫ k(z)·Nᵀ·N dz, integrated exactly (4-point Gauss).
 * @param length element length L [m] @param EI bending stiffness [kNm²] @param k1 k at top [kN/m²]
 * @param k2 k at bottom [kN/m²] @returns 16 entries [kN/m, kN, kNm]
 * @see Przemieniecki, Theory of Matrix Structural Analysis (1968), §5.6 (beam element); calculation-reference §5.3
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

/** Euler–Bernoulli beam stiffness coefficients (times EI/L³ and L^p). */
const BEND_COEF = [12, 6, -12, 6, 6, 4, -6, 2, -12, -6, 12, -6, 6, 2, -6, 4];

/**
 * Solves the laterally loaded pile (Euler–Bernoulli beam on Winkler springs) for one or more head loads.
 * Toe free. Head free (H and M applied) or fixed against rotation (θ = 0, H applied, M ignored).
 * @param mesh nodes and spring moduli @param EI bending stiffness [kNm²] @param isHeadFixed head restraint
 * @param loads head loads, one solution each @param springFactor optional factor on k per element end
 * (index 2e top, 2e+1 bottom), used by the passive-pressure limitation
 * @returns one solution per load, or null when the system is unstable (no or too little soil support)
 * @see calculation-reference §5.3; Hetényi, Beams on Elastic Foundation (1946)
 */
export const solveWinklerBeam = (
  mesh: BeamMesh,
  EI: number,
  isHeadFixed: boolean,
  loads: readonly HeadLoad[],
  springFactor?: Float64Array,
): BeamSolution[] | null => {
  const nNodes = mesh.depth.length;
  const nElements = nNodes - 1;
  const K = createBandedMatrix(2 * nNodes, 3);
  const elements = new Float64Array(16 * nElements);
  for (let e = 0; e < nElements; e++) {
    const ft = springFactor ? springFactor[2 * e]! : 1;
    const fb = springFactor ? springFactor[2 * e + 1]! : 1;
    const L = mesh.depth[e + 1]! - mesh.depth[e]!;
    writeElementStiffness(elements, 16 * e, L, EI, mesh.kTop[e]! * ft, mesh.kBottom[e]! * fb);
    // band storage row r holds columns r … r + 3: entry (2e+i, 2e+j), j ≥ i, sits at (2e+i)·4 + (j − i)
    for (let i = 0; i < 4; i++)
      {for (let j = i; j < 4; j++)
        {K.data[(2 * e + i) * 4 + (j - i)]! += elements[16 * e + i * 4 + j]!;}}
  }
  if (isHeadFixed) {
    for (let j = 0; j <= 3; j++) K.data[1 * 4 + j] = 0;
    K.data[0 * 4 + 1] = 0;
    K.data[1 * 4] = 1;
  }
  const rhs = loads.map((load) => {
    const f = new Float64Array(2 * nNodes);
    f[0] = load.H;
    // the generalised force conjugate to θ = dw/dz (z downward) of a moment that increases +w is −M
    f[1] = isHeadFixed ? 0 : -load.M;
    return f;
  });
  const u = solveBanded(K, rhs);
  if (u === null) return null;
  return u.map((x) => internalForces(mesh, elements, x, springFactor));
};

const internalForces = (
  mesh: BeamMesh,
  elements: Float64Array,
  x: Float64Array,
  springFactor?: Float64Array,
): BeamSolution => {
  const n = mesh.depth.length;
  const w = new Float64Array(n);
  const theta = new Float64Array(n);
  const M = new Float64Array(n);
  const Q = new Float64Array(n);
  const p = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    w[i] = x[2 * i]!;
    theta[i] = x[2 * i + 1]!;
  }
  for (let e = 0; e < n - 1; e++) {
    const end = [0, 0, 0, 0];
    for (let i = 0; i < 4; i++) {
      let s = 0;
      for (let j = 0; j < 4; j++) s += elements[16 * e + i * 4 + j]! * x[2 * e + j]!;
      end[i] = s;
    }
    // element end forces → section forces: M(top) = −m1, Q(top) = f1; M(bottom) = m2, Q(bottom) = −f2
    M[e] = -end[1]!;
    Q[e] = end[0]!;
    p[e] = mesh.kTop[e]! * (springFactor ? springFactor[2 * e]! : 1) * w[e]!;
    if (e === n - 2) {
      M[e + 1] = end[3]!;
      Q[e + 1] = -end[2]!;
      p[e + 1] = mesh.kBottom[e]! * (springFactor ? springFactor[2 * e + 1]! : 1) * w[e + 1]!;
    }
  }
  return { w, theta, M, Q, p };
};
