import { analysePileLateral } from '../src/lateral/pile-lateral';
import type { LateralLayer, LateralModel } from '../src/lateral/mesh';
import type { ExpectedValue, VerificationExample, VerificationFamily } from './types';
import { linearSegments, maxAbsMoment, solveReference, type Segment } from './transfer-matrix';
import { kN, kNm, kNPerM3, kPa, m, rad } from '../src/units/units';

// Laterally loaded piles: the engine's Winkler-beam finite elements (src/lateral) against closed forms
// (Hetényi 1946 for constant k on long piles; Reese & Matlock 1956 coefficients for k = n_h·z) and against the
// exact solution of EI·w⁗ + k·w = 0 with piecewise-constant k by the independent transfer-matrix solver in
// transfer-matrix.ts (docs/sources/engine.md §E5.2). Pile D = 0.8 m, E = 33 000 MN/m², gross I:
// EI = 33·10⁶·π·0.8⁴/64 = 663 501 kNm². Subgrade rule of the engine (ADR 0021, D ≤ 1 m): k = E_s, so the soil
// is entered as E_s = k. Loads: characteristic = design (so w and M come from the same load).

const D = 0.8;
const EI = (33e6 * Math.PI * D ** 4) / 64;
const H = 100;

const layer = (top: number, bottom: number, EsTop: number, EsBottom = EsTop): LateralLayer => ({
  topLevel: m(top),
  bottomLevel: m(bottom),
  ESoben: kPa(EsTop),
  ESunten: kPa(EsBottom),
  MaxElementWeite: m(0.1),
  phi: rad(Math.PI / 6),
  cuEP: kPa(0),
  gammaBoden: kNPerM3(19),
  gammaStrichBoden: kNPerM3(10),
});

/** Runs the engine on a pile with its head at 0.0 and returns head values and max |M| (direction x). */
const engine = (args: {
  length: number;
  layers: LateralLayer[];
  isHeadFixed: boolean;
  M0?: number;
  groundLevel?: number;
}): Record<string, number> => {
  const model: LateralModel = {
    headLevel: m(0),
    toeLevel: m(-args.length),
    diameter: m(D),
    EI,
    isHeadFixed: args.isHeadFixed,
    groundLevel: m(args.groundLevel ?? 0),
    groundwaterLevel: m(-100),
    layers: args.layers,
    ksNichtReduzieren: true,
    gegenRaeumlichenEP: false,
  };
  const loads = { x: { H: kN(H), M: kNm(args.M0 ?? 0) }, y: { H: kN(0), M: kNm(0) } };
  const r = analysePileLateral(model, loads, loads).result;
  if (!r) throw new Error('no lateral result');
  return {
    w0: r.wxOben / 1000,
    theta0: r.wStrichKopfx,
    Mhead: r.forces.My[0]!,
    Mmax: r.MyMax,
  };
};

const rel = (r: number) => ({ rel: r });
const check = (quantity: string, unit: string, expected: number, tol: number): ExpectedValue => ({
  quantity,
  unit,
  expected,
  tolerance: rel(tol),
});

/** Expected values from the transfer-matrix reference for the same pile. */
const referenceChecks = (
  segments: Segment[],
  isHeadFixed: boolean,
  M0: number,
  tol: number,
): ExpectedValue[] => {
  const s = solveReference(segments, EI, H, M0, isHeadFixed);
  return [
    check('w0', 'm', s.w0, tol),
    ...(isHeadFixed ? [check('Mhead', 'kNm', s.M0, tol)] : [check('theta0', 'rad', s.theta0, tol)]),
    check('Mmax', 'kNm', maxAbsMoment(s), tol),
  ];
};

const k1 = 20000;
const lambda = (k1 / (4 * EI)) ** 0.25; // 0.29466 1/m
const nh = 5000;
const T = (EI / nh) ** 0.2; // relative stiffness of Reese–Matlock

const hetenyiInputs = {
  D: '0.8 m',
  EI: '663 501 kNm²',
  k: '20 000 kN/m² (E_s = 20 MN/m²)',
  L: '40 m (λL = 11.8)',
};

const examples: VerificationExample[] = [
  {
    id: 'H-1',
    title: 'Constant k, long pile, free head, force H (Hetényi)',
    source:
      'closed form, Hetényi (1946), Beams on Elastic Foundation; docs/sources/engine.md §E5.2',
    inputs: { ...hetenyiInputs, H: '100 kN', M0: '0' },
    derivation: [
      `λ = (k/(4·EI))^¼ = ${lambda.toFixed(6)} 1/m; the pile is long (λL = ${(lambda * 40).toFixed(1)} ≥ π).`,
      `w₀ = 2Hλ/k = ${((2 * H * lambda) / k1).toExponential(6)} m; θ₀ = −2Hλ²/k = ${((-2 * H * lambda ** 2) / k1).toExponential(6)}.`,
      `M(z) = (H/λ)·e^(−λz)·sin λz, maximum at z = π/(4λ): M_max = (H/λ)·e^(−π/4)·sin(π/4) = 0.322397·H/λ = ${((H / lambda) * Math.exp(-Math.PI / 4) * Math.SQRT1_2).toFixed(3)} kNm.`,
    ],
    expected: [
      check('w0', 'm', (2 * H * lambda) / k1, 5e-4),
      check('theta0', 'rad', (-2 * H * lambda ** 2) / k1, 5e-4),
      check('Mmax', 'kNm', (H / lambda) * Math.exp(-Math.PI / 4) * Math.SQRT1_2, 5e-4),
    ],
    run: () => engine({ length: 40, layers: [layer(0, -40, k1)], isHeadFixed: false }),
  },
  {
    id: 'H-2',
    title: 'Constant k, long pile, free head, force H and moment M₀ (Hetényi)',
    source: 'closed form, Hetényi (1946); docs/sources/engine.md §E5.2',
    inputs: { ...hetenyiInputs, H: '100 kN', M0: '200 kNm' },
    derivation: [
      `w₀ = 2Hλ/k + 2M₀λ²/k = ${((2 * H * lambda) / k1 + (2 * 200 * lambda ** 2) / k1).toExponential(6)} m.`,
      `θ₀ = −(2Hλ²/k + 4M₀λ³/k) = ${(-((2 * H * lambda ** 2) / k1 + (4 * 200 * lambda ** 3) / k1)).toExponential(6)}.`,
    ],
    expected: [
      check('w0', 'm', (2 * H * lambda) / k1 + (2 * 200 * lambda ** 2) / k1, 5e-4),
      check('theta0', 'rad', -((2 * H * lambda ** 2) / k1 + (4 * 200 * lambda ** 3) / k1), 5e-4),
      check('Mhead', 'kNm', 200, 1e-6),
    ],
    run: () => engine({ length: 40, layers: [layer(0, -40, k1)], isHeadFixed: false, M0: 200 }),
  },
  {
    id: 'H-3',
    title: 'Constant k, long pile, fixed head (Hetényi)',
    source: 'closed form, Hetényi (1946); docs/sources/engine.md §E5.2',
    inputs: { ...hetenyiInputs, H: '100 kN', head: 'rotation restrained' },
    derivation: [
      `w₀ = Hλ/k = ${((H * lambda) / k1).toExponential(6)} m.`,
      `Head moment M₀ = −H/(2λ) = ${(-H / (2 * lambda)).toFixed(3)} kNm (the largest |M|).`,
    ],
    expected: [
      check('w0', 'm', (H * lambda) / k1, 5e-4),
      check('Mhead', 'kNm', -H / (2 * lambda), 5e-4),
      check('Mmax', 'kNm', H / (2 * lambda), 5e-4),
    ],
    run: () => engine({ length: 40, layers: [layer(0, -40, k1)], isHeadFixed: true }),
  },
  {
    id: 'H-4',
    title:
      'Linear k = n_h·z, long pile, free head (Reese–Matlock coefficients and exact reference)',
    source:
      'Reese & Matlock (1956) non-dimensional solution, coefficients A_y = 2.435, A_m,max = 0.772 (docs/sources/engine.md §E5.2); transfer-matrix reference with 2000 constant-k slices',
    inputs: {
      D: '0.8 m',
      n_h: '5000 kN/m³ (E_s from 0 at the head to 100 MN/m² at 20 m)',
      L: '20 m',
      H: '100 kN',
    },
    derivation: [
      `T = (EI/n_h)^⅕ = ${T.toFixed(4)} m; L/T = ${(20 / T).toFixed(2)} ≥ 5 (long pile).`,
      `Reese–Matlock: y₀ = 2.435·H·T³/EI = ${((2.435 * H * T ** 3) / EI).toExponential(5)} m; M_max = 0.772·H·T = ${(0.772 * H * T).toFixed(2)} kNm (coefficients to 3–4 digits: tolerance 1 %).`,
      'Exact reference: the transfer-matrix solution with k constant on 2000 slices of 1 cm (midpoint values), tolerance 0.1 %.',
    ],
    expected: [
      check('w0 (Reese–Matlock)', 'm', (2.435 * H * T ** 3) / EI, 0.01),
      check('Mmax (Reese–Matlock)', 'kNm', 0.772 * H * T, 0.01),
      ...referenceChecks(linearSegments(20, 0, nh * 20, 2000), false, 0, 1e-3),
    ],
    run: () => {
      const r = engine({ length: 20, layers: [layer(0, -20, 0, nh * 20)], isHeadFixed: false });
      return { ...r, 'w0 (Reese–Matlock)': r.w0!, 'Mmax (Reese–Matlock)': r.Mmax! };
    },
  },
  {
    id: 'H-5',
    title: 'Linear k = n_h·z, long pile, fixed head (Reese–Matlock and exact reference)',
    source:
      'Reese & Matlock (1956), fixed head: y₀ = 0.93·H·T³/EI, M₀ = −0.93·H·T (docs/sources/engine.md §E5.2); transfer-matrix reference',
    inputs: { D: '0.8 m', n_h: '5000 kN/m³', L: '20 m', H: '100 kN', head: 'rotation restrained' },
    derivation: [
      `Reese–Matlock: y₀ = 0.93·H·T³/EI = ${((0.93 * H * T ** 3) / EI).toExponential(4)} m, M₀ = −0.93·H·T = ${(-0.93 * H * T).toFixed(2)} kNm (two-digit coefficients: tolerance 2 %).`,
      'Exact reference: transfer matrices, 2000 slices, tolerance 0.1 %.',
    ],
    expected: [
      check('w0 (Reese–Matlock)', 'm', (0.93 * H * T ** 3) / EI, 0.02),
      check('Mhead (Reese–Matlock)', 'kNm', -0.93 * H * T, 0.02),
      ...referenceChecks(linearSegments(20, 0, nh * 20, 2000), true, 0, 1e-3),
    ],
    run: () => {
      const r = engine({ length: 20, layers: [layer(0, -20, 0, nh * 20)], isHeadFixed: true });
      return { ...r, 'w0 (Reese–Matlock)': r.w0!, 'Mhead (Reese–Matlock)': r.Mhead! };
    },
  },
  {
    id: 'H-6',
    title: 'Layered soil, finite pile, free head (exact transfer-matrix reference)',
    source:
      'exact solution of EI·w⁗ + k·w = 0 with piecewise-constant k (transfer matrices, transfer-matrix.ts)',
    inputs: {
      layers: 'k = 5000 kN/m² from 0 to −4 m, 40 000 kN/m² from −4 to −12 m',
      L: '12 m',
      H: '100 kN',
      M0: '50 kNm',
    },
    derivation: [
      'Field matrix of each slice exp(A·h), A⁴ = −(k/EI)·I (series summed to machine precision); free-head state',
      '[w₀, θ₀, M₀/EI, H/EI]; the two unknowns w₀, θ₀ follow from M = Q = 0 at the toe.',
    ],
    expected: referenceChecks(
      [
        { length: 4, k: 5000 },
        { length: 8, k: 40000 },
      ],
      false,
      50,
      1e-3,
    ),
    run: () =>
      engine({
        length: 12,
        layers: [layer(0, -4, 5000), layer(-4, -12, 40000)],
        isHeadFixed: false,
        M0: 50,
      }),
  },
  {
    id: 'H-7',
    title: 'Layered soil, finite pile, fixed head (exact transfer-matrix reference)',
    source: 'exact solution with piecewise-constant k (transfer matrices)',
    inputs: {
      layers: 'k = 40 000 kN/m² from 0 to −3 m, 8 000 kN/m² from −3 to −10 m',
      L: '10 m',
      H: '100 kN',
      head: 'rotation restrained',
    },
    derivation: [
      'Fixed-head state [w₀, 0, M₀/EI, H/EI]; unknowns w₀ and M₀ from M = Q = 0 at the toe.',
    ],
    expected: referenceChecks(
      [
        { length: 3, k: 40000 },
        { length: 7, k: 8000 },
      ],
      true,
      0,
      1e-3,
    ),
    run: () =>
      engine({
        length: 10,
        layers: [layer(0, -3, 40000), layer(-3, -10, 8000)],
        isHeadFixed: true,
      }),
  },
  {
    id: 'H-8',
    title: 'Short (rigid-like) pile, constant k, free head (exact reference)',
    source: 'exact solution with constant k on a finite length (transfer matrices)',
    inputs: { k: '20 000 kN/m²', L: '5 m (λL = 1.47)', H: '100 kN' },
    derivation: [
      'Same solver as H-6 with one segment; the toe deflects against the load (rigid rotation).',
    ],
    expected: referenceChecks([{ length: 5, k: k1 }], false, 0, 1e-3),
    run: () => engine({ length: 5, layers: [layer(0, -5, k1)], isHeadFixed: false }),
  },
];

// free length: the head 2 m above the ground level (OKBodenBiegung); long pile in constant k below
const e = 2;
const wg = (2 * H * lambda) / k1 + (2 * H * e * lambda ** 2) / k1;
const thg = -((2 * H * lambda ** 2) / k1 + (4 * H * e * lambda ** 3) / k1);
const wHead = wg - thg * e + (H * e ** 3) / (3 * EI);
examples.push({
  id: 'H-9',
  title: 'Free length 2 m above the ground, long pile, free head (Hetényi + cantilever)',
  source:
    'closed form: Hetényi at the ground with M₀ = H·e, plus the cantilever of length e (beam theory)',
  inputs: {
    k: '20 000 kN/m² below the ground',
    'free length e': '2 m',
    L: '42 m',
    H: '100 kN at the head',
  },
  derivation: [
    `At the ground: M₀ = H·e = 200 kNm; w_g = 2Hλ/k + 2M₀λ²/k = ${wg.toExponential(6)} m, θ_g = −(2Hλ²/k + 4M₀λ³/k) = ${thg.toExponential(6)}.`,
    `Head: w = w_g − θ_g·e + H·e³/(3EI) = ${wHead.toExponential(6)} m (z downward, so the head moves by −θ_g·e).`,
    `Head slope: θ = θ_g − H·e²/(2EI) = ${(thg - (H * e * e) / (2 * EI)).toExponential(6)}; max |M| at the ground is ≥ H·e (Hetényi below).`,
  ],
  expected: [
    check('w0', 'm', wHead, 5e-4),
    check('theta0', 'rad', thg - (H * e * e) / (2 * EI), 5e-4),
    ...referenceChecks(
      [
        { length: e, k: 0 },
        { length: 40, k: k1 },
      ],
      false,
      0,
      1e-3,
    ).map((c) => ({ ...c, quantity: `${c.quantity} (reference)` })),
  ],
  run: () => {
    const r = engine({
      length: 42,
      layers: [layer(-2, -42, k1)],
      isHeadFixed: false,
      groundLevel: -2,
    });
    return {
      ...r,
      'w0 (reference)': r.w0!,
      'theta0 (reference)': r.theta0!,
      'Mmax (reference)': r.Mmax!,
    };
  },
});

examples.push({
  id: 'H-10',
  title: 'Free length 2 m above layered soil, fixed head (exact transfer-matrix reference)',
  source:
    'exact solution with piecewise-constant k, k = 0 over the free length (transfer matrices)',
  inputs: {
    'free length': '2 m (OKBodenBiegung 2 m below the head)',
    layers: 'k = 10 000 kN/m² for 4 m, then 30 000 kN/m² for 10 m',
    L: '16 m',
    H: '100 kN',
    head: 'rotation restrained',
  },
  derivation: [
    'Segments from the head: 2 m with k = 0, 4 m with k = 10 000, 10 m with k = 30 000 kN/m²; fixed-head state',
    '[w₀, 0, M₀/EI, H/EI], unknowns w₀ and M₀ from M = Q = 0 at the toe.',
  ],
  expected: referenceChecks(
    [
      { length: 2, k: 0 },
      { length: 4, k: 10000 },
      { length: 10, k: 30000 },
    ],
    true,
    0,
    1e-3,
  ),
  run: () =>
    engine({
      length: 16,
      layers: [layer(-2, -6, 10000), layer(-6, -16, 30000)],
      isHeadFixed: true,
      groundLevel: -2,
    }),
});

export const LATERAL: VerificationFamily = {
  id: 'H',
  title: 'Lateral analysis (Winkler beam)',
  examples,
};
