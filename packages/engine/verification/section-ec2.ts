import { designSection, type SectionDesignInput } from '../src/section/design-section';
import { CONCRETE_CLASSES, designMaterials } from '../src/section/materials';
import { circularSection, squareSection } from '../src/section/section-geometry';
import { designShear } from '../src/section/shear';
import {
  momentResistance,
  sectionForces,
  ultimatePlane,
} from '../src/section/strain-compatibility';
import type { ExpectedValue, VerificationFamily } from './types';
import { fraction, kN, kNm, m, m2 } from '../src/units/units';

// EC2 cross-section checks. Materials by hand (EN 1992-1-1 3.1.6, 3.1.7, 3.2.7 with the German NA):
// C30/37: f_cd = 0.85·30/1.5 = 17.0 N/mm²; B500: f_yd = 500/1.15 = 434.783 N/mm², E_s = 200 000 N/mm²,
// ε_yd = 2.17391 ‰; parabola–rectangle σ_c = f_cd·[1 − (1 − ε/2‰)²] up to 2 ‰, f_cd up to 3.5 ‰.
// Compression positive. The engine's section is discretised (40 concrete strips, 36 bar points on the ring,
// 16 on the square), the references are not; tolerances allow for that discretisation.

const C30 = CONCRETE_CLASSES.classes.find((c) => c.name === 'C30/37')!;
const materials = designMaterials(C30, 1);
const fcd = 17000; // kN/m²
const fyd = 500000 / 1.15; // kN/m²
const Es = 200e6; // kN/m²
const sigmaC = (eps: number) =>
  eps <= 0 ? 0 : eps >= 0.002 ? fcd : fcd * (1 - (1 - eps / 0.002) ** 2);
const sigmaS = (eps: number) => Math.max(-fyd, Math.min(fyd, Es * eps));
const rel = (r: number) => ({ rel: r });
const check = (quantity: string, unit: string, expected: number, tol: number): ExpectedValue => ({
  quantity,
  unit,
  expected,
  tolerance: rel(tol),
});

// circle D = 0.8 m, bar ring radius r_s = 0.4 − 0.06 − 0.01 − 0.01 = 0.32 m, A_s = 12 Ø 20 = 37.699 cm²
const Dc = 0.8;
const rs = 0.32;
const AsC = (12 * Math.PI * 0.02 ** 2) / 4;
const AcC = (Math.PI * Dc * Dc) / 4;

/**
 * Independent N and M of a circular section for a strain plane ε(y) = εTop − κ·(R − y): concrete by composite
 * Simpson over the chord width 2√(R² − y²) (8000 intervals), bars as a continuous ring (7200 points), bars
 * displace concrete.
 */
const circleForces = (epsTop: number, kappa: number, As = AsC): { N: number; M: number } => {
  const R = Dc / 2;
  const n = 8000;
  const h = Dc / n;
  let N = 0;
  let M = 0;
  for (let i = 0; i <= n; i++) {
    const y = -R + i * h;
    const w = i === 0 || i === n ? 1 : i % 2 === 1 ? 4 : 2;
    const f =
      sigmaC(epsTop - kappa * (R - y)) * 2 * Math.sqrt(Math.max(R * R - y * y, 0)) * (h / 3) * w;
    N += f;
    M += f * y;
  }
  const points = 7200;
  for (let j = 0; j < points; j++) {
    const y = rs * Math.cos((2 * Math.PI * (j + 0.5)) / points);
    const eps = epsTop - kappa * (R - y);
    const f = ((sigmaS(eps) - sigmaC(eps)) * As) / points;
    N += f;
    M += f * y;
  }
  return { N, M };
};

/**
 * M_Rd of the circle at N_Ed on the ultimate planes of regions 1–2 (EC2 Figure 6.1): the neutral-axis depth x is
 * found by bisection; for x below x_lim = 3.5/(3.5 + 25)·d_s the lowest bar is at ε_ud = 25 ‰, above it the
 * top fibre is at ε_cu2 = 3.5 ‰ (d_s = R + r_s, depth of the lowest bar).
 */
const circleMRd = (NEd: number, As = AsC): number => {
  const R = Dc / 2;
  const ds = R + rs;
  const plane = (x: number) => {
    const isSteel = x <= (3.5 / 28.5) * ds;
    const kappa = isSteel ? 0.025 / (ds - x) : 0.0035 / x;
    return { epsTop: kappa * x, kappa };
  };
  let lo = 1e-6;
  let hi = Dc;
  for (let i = 0; i < 80; i++) {
    const x = (lo + hi) / 2;
    const p = plane(x);
    if (circleForces(p.epsTop, p.kappa, As).N < NEd) lo = x;
    else hi = x;
  }
  const p = plane((lo + hi) / 2);
  return circleForces(p.epsTop, p.kappa, As).M;
};

// square b = 0.4 m, bars on a square of half-side a_s = 0.13 m: rows (share of A_s) y = +0.13 (5/16),
// +0.065 (2/16), 0 (2/16), −0.065 (2/16), −0.13 (5/16); A_s = 20 cm²
const b = 0.4;
const as = 0.13;
const AsS = 20e-4;
const rows: [number, number][] = [
  [as, 5 / 16],
  [as / 2, 2 / 16],
  [0, 2 / 16],
  [-as / 2, 2 / 16],
  [-as, 5 / 16],
];
const epsYd = fyd / Es;
const kappaBal = (0.0035 + epsYd) / (b / 2 + as);
const xBal = 0.0035 / kappaBal;
const squareBalanced = (() => {
  // parabola–rectangle block over depth x (ε_cu2 = 3.5 ‰): C = (17/21)·f_cd·b·x at (99/238)·x from the top
  const C = (17 / 21) * fcd * b * xBal;
  let N = C;
  let M = C * (b / 2 - (99 / 238) * xBal);
  for (const [y, share] of rows) {
    const eps = 0.0035 - kappaBal * (b / 2 - y);
    const f = (sigmaS(eps) - sigmaC(eps)) * AsS * share;
    N += f;
    M += f * y;
  }
  return { N, M };
})();

const sectionInput = (over: Partial<SectionDesignInput>): SectionDesignInput => ({
  shape: 'circle',
  nominalSize: m(0.9),
  isUncasedCastInPlace: true,
  minimumRules: 'bored',
  concrete: C30,
  cover: m(0.075),
  maxBarDiameter: m(0.02),
  maxLinkDiameter: m(0.01),
  minClearSpacing: m(0.1),
  shearAslShare: fraction(0.5),
  NEdMax: kN(500),
  NEdMin: kN(500),
  MEd: kNm(0),
  VEd: kN(0),
  bucklingLength: m(0),
  ...over,
});
const fydMpa = 500 / 1.15;
const minNominal = (D: number) => {
  const Ac = (Math.PI * D * D) / 4;
  return (Ac <= 0.5 ? 0.005 * Ac : Ac <= 1 ? 25e-4 : 0.0025 * Ac) * 1e4;
};

// shear (EC2 6.2.2, 6.2.3 + German NA): b_w = 0.8 m, d = 0.6 m, A_sl = 18.85 cm², N_Ed = 0
const k = 1 + Math.sqrt(200 / 600);
const vMin = (0.0525 / 1.5) * k ** 1.5 * Math.sqrt(30);
const rhoL = (6 * Math.PI * 0.0001) / (0.8 * 0.6);
const vRdc = Math.max(0.1 * k * (100 * rhoL * 30) ** (1 / 3), vMin);
const VRdc = vRdc * 0.8 * 0.6 * 1000;
const z = 0.54;
const VRdcc = 0.5 * 0.48 * 30 ** (1 / 3) * 0.8 * z * 1000;
const cot600 = Math.min(1.2 / (1 - VRdcc / 600), 3);
const shearIn = (VEd: number) => ({
  VEd: kN(VEd),
  NEd: kN(0),
  bw: m(0.8),
  d: m(0.6),
  Ac: m2(0.5),
  Asl: m2(6 * Math.PI * 0.0001),
});

export const SECTION_EC2: VerificationFamily = {
  id: 'S',
  title: 'EC2 reinforced concrete section',
  examples: [
    {
      id: 'S-1',
      title: 'Circle: N–M points at pure compression and pure tension',
      source:
        'hand calculation, EN 1992-1-1 6.1(5) (uniform ε_c2 = 2 ‰; steel at ε_ud), 3.1.7, 3.2.7',
      inputs: {
        D: '0.8 m',
        A_s: '12 Ø 20 = 37.699 cm²',
        r_s: '0.32 m',
        concrete: 'C30/37, k_f = 1',
      },
      derivation: [
        'Pure compression, ε = 2 ‰ everywhere: σ_s = 200 000·0.002 = 400 N/mm² < f_yd.',
        `N_Rd,max = f_cd·(A_c − A_s) + 400·A_s = 17 000·(0.502655 − 0.0037699) + 400 000·0.0037699 = ${(fcd * (AcC - AsC) + 400000 * AsC).toFixed(2)} kN.`,
        `Pure tension (ε = −25 ‰): N_Rd,min = −f_yd·A_s = −434 783·0.0037699 = ${(-fyd * AsC).toFixed(2)} kN.`,
      ],
      expected: [
        check('N_Rd,max', 'kN', fcd * (AcC - AsC) + 400000 * AsC, 1e-6),
        check('N_Rd,min', 'kN', -fyd * AsC, 1e-6),
      ],
      run: () => {
        const g = circularSection(m(Dc), m(rs));
        return {
          'N_Rd,max': sectionForces(g, materials, m2(AsC), ultimatePlane(g, 3)).N,
          'N_Rd,min': sectionForces(g, materials, m2(AsC), ultimatePlane(g, 0)).N,
        };
      },
    },
    {
      id: 'S-2',
      title: 'Square: balanced N–M point (ε_c = 3.5 ‰, lowest bars at ε_yd)',
      source:
        'hand calculation, parabola–rectangle block α_R = 17/21, k_a = 99/238 (EN 1992-1-1 3.1.7)',
      inputs: {
        b: '0.4 m',
        A_s: '20 cm² on 16 points',
        a_s: '0.13 m',
        concrete: 'C30/37, k_f = 1',
      },
      derivation: [
        `κ = (3.5 ‰ + 2.17391 ‰)/(0.2 + 0.13) = ${kappaBal.toFixed(6)} 1/m; x = 3.5 ‰/κ = ${xBal.toFixed(6)} m.`,
        `Concrete: C = (17/21)·f_cd·b·x = ${((17 / 21) * fcd * b * xBal).toFixed(3)} kN at (99/238)·x = ${((99 / 238) * xBal).toFixed(5)} m from the top.`,
        'Bars (σ_s − σ_c(ε) where compressed): ε = 3.5 ‰ − κ·(0.2 − y) at y = 0.13, 0.065, 0, −0.065, −0.13 m with 5, 2, 2, 2, 5 sixteenths of A_s.',
        `N = ${squareBalanced.N.toFixed(3)} kN; M = ${squareBalanced.M.toFixed(3)} kNm (about the centroid).`,
      ],
      expected: [
        check('N', 'kN', squareBalanced.N, 5e-3),
        check('M', 'kNm', squareBalanced.M, 5e-3),
      ],
      run: () => {
        const g = squareSection(m(b), m(as));
        const f = sectionForces(g, materials, m2(AsS), { epsTop: 0.0035, kappa: kappaBal });
        return { N: f.N, M: f.M };
      },
    },
    ...[0, 2000].map((NEd, i) => ({
      id: `S-${3 + i}`,
      title: `Circle: moment resistance at N_Ed = ${NEd} kN`,
      source:
        'second method: independent integration of the parabola–rectangle diagram over the circle (Simpson, 8000 intervals) and a continuous bar ring, neutral axis by bisection on the ultimate planes (EN 1992-1-1 6.1(5), Figure 6.1)',
      inputs: { D: '0.8 m', A_s: '37.699 cm²', r_s: '0.32 m', N_Ed: `${NEd} kN` },
      derivation: [
        'Ultimate plane: lowest bar at ε_ud = 25 ‰ while the neutral-axis depth x ≤ 3.5/28.5·d_s, else top fibre at 3.5 ‰.',
        'x by bisection until N_R(x) = N_Ed; M_Rd = ∫σ_c·y·dA + Σ(σ_s − σ_c)·y·A_s,i.',
        `M_Rd = ${circleMRd(NEd).toFixed(2)} kNm (the engine uses 40 strips and 36 bar points: tolerance 1 %).`,
      ],
      expected: [check('M_Rd', 'kNm', circleMRd(NEd), 0.01)],
      run: () => ({
        M_Rd:
          momentResistance(circularSection(m(Dc), m(rs)), materials, m2(AsC), kN(NEd))?.MRd ?? NaN,
      }),
    })),
    {
      id: 'S-5',
      title: 'Minimum longitudinal reinforcement of bored piles and of compression members',
      source:
        'EN 1992-1-1 9.8.5(3) Table 9.6N (A_c ≤ 0.5 m²: 0.5 %; ≤ 1.0 m²: 25 cm²; > 1.0 m²: 0.25 %), A_c of the nominal section; DIN EN 1992-1-1/NA 9.5.2(2): 0.15·N_Ed/f_yd',
      inputs: {
        D: '0.6 / 0.9 / 1.5 m (uncased bored)',
        N_Ed: '500 kN; 8000 kN for D = 0.9 m (second case)',
      },
      derivation: [
        'D = 0.6: A_c = 0.282743 m² → 0.005·A_c = 14.137 cm².',
        'D = 0.9: A_c = 0.636173 m² → 25 cm².',
        'D = 1.5: A_c = 1.767146 m² → 0.0025·A_c = 44.179 cm².',
        `D = 0.9, N_Ed = 8000 kN: 0.15·8000/434.783 kN/cm² = ${((0.15 * 8000) / (fydMpa / 10)).toFixed(3)} cm² > 25 cm² (NA rule governs).`,
      ],
      expected: [
        check('A_s,min(D=0.6)', 'cm²', minNominal(0.6), 1e-9),
        check('A_s,min(D=0.9)', 'cm²', minNominal(0.9), 1e-9),
        check('A_s,min(D=1.5)', 'cm²', minNominal(1.5), 1e-9),
        check('A_s,min(D=0.9, N=8000)', 'cm²', (0.15 * 8000) / (fydMpa / 10), 1e-9),
      ],
      run: () => {
        const min = (over: Partial<SectionDesignInput>) =>
          designSection(sectionInput(over)).result?.AsLaengsMin ?? NaN;
        return {
          'A_s,min(D=0.6)': min({ nominalSize: m(0.6) }),
          'A_s,min(D=0.9)': min({}),
          'A_s,min(D=1.5)': min({ nominalSize: m(1.5) }),
          'A_s,min(D=0.9, N=8000)': min({ NEdMax: kN(8000), NEdMin: kN(8000) }),
        };
      },
    },
    {
      id: 'S-6',
      title: 'Design diameter of uncased cast-in-place piles',
      source:
        'EN 1992-1-1 2.3.4.2(2): d_nom − 20 mm (< 400 mm), 0.95·d_nom (400–1000 mm), d_nom − 50 mm (> 1000 mm)',
      inputs: { D: '0.35 / 0.9 / 1.2 m' },
      derivation: ['0.35 − 0.02 = 0.33 m; 0.95·0.9 = 0.855 m; 1.2 − 0.05 = 1.15 m.'],
      expected: [
        check('d(0.35)', 'm', 0.33, 1e-9),
        check('d(0.9)', 'm', 0.855, 1e-9),
        check('d(1.2)', 'm', 1.15, 1e-9),
      ],
      run: () => {
        const d = (D: number) =>
          designSection(sectionInput({ nominalSize: m(D) })).result?.designDiameter ?? NaN;
        return { 'd(0.35)': d(0.35), 'd(0.9)': d(0.9), 'd(1.2)': d(1.2) };
      },
    },
    {
      id: 'S-7',
      title: 'Shear: V_Rd,c (v_min governs), strut angle and required links',
      source:
        'hand calculation, EN 1992-1-1 6.2.2 (6.2a, 6.2b), 6.2.3 (6.8) with DIN EN 1992-1-1/NA (C_Rd,c = 0.15/γ_c, v_min, 6.7aDE, 6.7bDE, 9.5aDE)',
      inputs: {
        b_w: '0.8 m',
        d: '0.6 m',
        A_sl: '6 Ø 20 = 18.85 cm²',
        N_Ed: '0',
        V_Ed: '300 kN and 600 kN',
        concrete: 'C30/37',
      },
      derivation: [
        `k = 1 + √(200/600) = ${k.toFixed(5)}; ρ_l = 18.85/(80·60) = ${rhoL.toFixed(6)}.`,
        `v = 0.15/1.5·k·(100·ρ_l·30)^⅓ = ${(0.1 * k * (100 * rhoL * 30) ** (1 / 3)).toFixed(5)} N/mm²; v_min = 0.0525/1.5·k^1.5·√30 = ${vMin.toFixed(5)} N/mm² (d ≤ 600 mm) governs.`,
        `V_Rd,c = ${vRdc.toFixed(5)}·800·600 = ${VRdc.toFixed(3)} kN.`,
        `z = 0.9·d = 0.54 m; V_Rd,cc = 0.5·0.48·30^⅓·0.8·0.54 = ${VRdcc.toFixed(3)} kN.`,
        'V_Ed = 300 kN ≤ V_Rd,cc: cot θ = 3.0 (upper limit); a_sw = 300/(0.54·434.783·3) = 4.259 cm²/m.',
        `V_Ed = 600 kN: cot θ = 1.2/(1 − ${VRdcc.toFixed(3)}/600) = ${cot600.toFixed(5)}; a_sw = 600/(0.54·434.783·cot θ) = ${((600 / (z * fyd * cot600)) * 1e4).toFixed(4)} cm²/m.`,
        `Minimum: ρ_w,min = 0.16·f_ctm/f_yk, f_ctm = 0.3·30^⅔ = 2.8965 N/mm²: a_sw,min = 0.16·2.8965/500·0.8 m = ${(((0.16 * 0.3 * 30 ** (2 / 3)) / 500) * 0.8 * 1e4).toFixed(4)} cm²/m.`,
      ],
      expected: [
        check('V_Rd,c', 'kN', VRdc, 1e-9),
        check('a_sw(300)', 'cm²/m', (300 / (z * fyd * 3)) * 1e4, 1e-9),
        check('cot θ(600)', '-', cot600, 1e-9),
        check('a_sw(600)', 'cm²/m', (600 / (z * fyd * cot600)) * 1e4, 1e-9),
        check('a_sw,min', 'cm²/m', ((0.16 * 0.3 * 30 ** (2 / 3)) / 500) * 0.8 * 1e4, 1e-9),
      ],
      run: () => {
        const s300 = designShear(shearIn(300), materials);
        const s600 = designShear(shearIn(600), materials);
        return {
          'V_Rd,c': s300.VRdc,
          'a_sw(300)': s300.AsQuerCalc * 1e4,
          'cot θ(600)': s600.cotTheta,
          'a_sw(600)': s600.AsQuerCalc * 1e4,
          'a_sw,min': s300.AsSchubMin * 1e4,
        };
      },
    },
    {
      id: 'S-8',
      title: 'Circle: required reinforcement for (N_Ed, M_Ed) lies on the interaction curve',
      source:
        'second method: the A_s found by the engine is put into the independent integration of S-3/S-4; M_Rd(N_Ed) must equal the design moment (EN 1992-1-1 6.1)',
      inputs: {
        D: '0.8 m (cased: no diameter reduction, k_f = 1)',
        'cover + link + Ø/2': '0.06 + 0.01 + 0.01 m (r_s = 0.32 m)',
        N_Ed: '2000 kN',
        M_Ed: '600 kNm (> N_Ed·e₀ = 2000·max(0.8/30, 0.02) = 53.3 kNm)',
      },
      derivation: [
        'The engine designs A_s,req by strain compatibility; with that A_s the independent integration gives M_Rd at N_Ed = 2000 kN.',
        'Expected: M_Rd(A_s,req) = M_Ed = 600 kNm (tolerance 1 % for the engine’s discretised section).',
      ],
      expected: [check('M_Rd(A_s,req)', 'kNm', 600, 0.01)],
      run: () => {
        const r = designSection(
          sectionInput({
            nominalSize: m(0.8),
            isUncasedCastInPlace: false,
            cover: m(0.06),
            NEdMax: kN(2000),
            NEdMin: kN(2000),
            MEd: kNm(600),
          }),
        ).result;
        return { 'M_Rd(A_s,req)': r ? circleMRd(2000, r.AsLaengsCalc * 1e-4) : NaN };
      },
    },
  ],
};
