import { checkSteelPipe } from '../src/section/steel-pipe';
import type { ExpectedValue, VerificationFamily } from './types';
import { kN, kNm, m as metres } from '../src/units/units';

// Steel pipe pile (unfilled circular hollow section) to EN 1993-1-1:2005: D = 508 mm, t = 16 mm, S355
// (f_y = 355 N/mm² for t ≤ 40 mm, Table 3.1), E = 210 000 N/mm², γ_M0 = 1.0, γ_M1 = 1.1 (ADR 0029),
// cold formed → buckling curve c, α = 0.49 (Tables 6.1, 6.2). No corrosion allowance.

const D = 0.508;
const t = 0.016;
const d = D - 2 * t;
const fy = 355000; // kN/m²
const E = 210e6; // kN/m²
const A = (Math.PI / 4) * (D * D - d * d);
const I = (Math.PI / 64) * (D ** 4 - d ** 4);
const Wpl = (D ** 3 - d ** 3) / 6;
const NplRd = A * fy;
const MplRd = Wpl * fy;
const VplRd = ((2 * A) / Math.PI) * (fy / Math.sqrt(3));
const eps2 = 235 / 355;
const Lcr = 12;
const i = Math.sqrt(I / A);
const lambda1 = Math.PI * Math.sqrt(E / fy);
const lambdaBar = Lcr / (i * lambda1);
const phi = 0.5 * (1 + 0.49 * (lambdaBar - 0.2) + lambdaBar ** 2);
const chi = 1 / (phi + Math.sqrt(phi * phi - lambdaBar * lambdaBar));
const NbRd = (chi * NplRd) / 1.1;
const [NEd, MEd, VEd] = [2500, 300, 200];
// cross-section: n + m check of 6.2.9.1 for a CHS as M_N,Rd = M_pl,Rd·(1 − n^1.7); radial utilisation η with
// (n/η)^1.7 + m/η = 1, solved by bisection
const n = NEd / NplRd;
const m = MEd / MplRd;
const etaSection = (() => {
  let lo = 1e-6;
  let hi = 10;
  for (let k = 0; k < 100; k++) {
    const eta = (lo + hi) / 2;
    if ((n / eta) ** 1.7 + m / eta > 1) lo = eta;
    else hi = eta;
  }
  return (lo + hi) / 2;
})();
// member: N/N_b,Rd + k_yy·M/(M_pl,Rk/γ_M1), k_yy = C_my·(1 + (λ̄ − 0.2)·n_b) ≤ C_my·(1 + 0.8·n_b), C_my = 1.0
const nb = NEd / NbRd;
const kyy = 1 + Math.min(lambdaBar - 0.2, 0.8) * nb;
const member = nb + (kyy * MEd) / (MplRd / 1.1);

// class 3 tube: D = 610 mm, t = 12 mm, S355 — elastic resistance and linear interaction (6.2.9.2)
const D3 = 0.61;
const t3 = 0.012;
const d3 = D3 - 2 * t3;
const A3 = (Math.PI / 4) * (D3 * D3 - d3 * d3);
const Wel3 = ((Math.PI / 64) * (D3 ** 4 - d3 ** 4)) / (D3 / 2);
const [N3, M3] = [3000, 400];
const eta3 = N3 / (A3 * fy) + M3 / (Wel3 * fy);
// shear above half of V_pl,Rd: ρ = (2·V_Ed/V_pl,Rd − 1)², N–M check with (1 − ρ)·f_y (ADR 0104)
const VEdHigh = 0.7 * VplRd;
const rhoHigh = (2 * 0.7 - 1) ** 2;
const etaV = (() => {
  const nV = NEd / ((1 - rhoHigh) * NplRd);
  const mV = MEd / ((1 - rhoHigh) * MplRd);
  let lo = 1e-6;
  let hi = 10;
  for (let k = 0; k < 100; k++) {
    const eta = (lo + hi) / 2;
    if ((nV / eta) ** 1.7 + mV / eta > 1) lo = eta;
    else hi = eta;
  }
  return (lo + hi) / 2;
})();

const rel = (r: number) => ({ rel: r });
const check = (quantity: string, unit: string, expected: number): ExpectedValue => ({
  quantity,
  unit,
  expected,
  tolerance: rel(1e-9),
});

export const STEEL_PIPE: VerificationFamily = {
  id: 'P',
  title: 'Steel pipe pile (EN 1993-1-1)',
  examples: [
    {
      id: 'P-1',
      title: 'Class, plastic resistances N_pl,Rd, M_pl,Rd, V_pl,Rd',
      source: 'hand calculation, EN 1993-1-1:2005 Table 5.2 (sheet 3), 6.2.4, 6.2.5, 6.2.6(3)g',
      inputs: { D: '508 mm', t: '16 mm', grade: 'S355' },
      derivation: [
        `d/t = 508/16 = 31.75 ≤ 50·ε² = 50·235/355 = ${(50 * eps2).toFixed(2)} → class 1.`,
        `A = π/4·(0.508² − 0.476²) = ${A.toFixed(7)} m²; N_pl,Rd = A·f_y = ${NplRd.toFixed(2)} kN.`,
        `W_pl = (D³ − d³)/6 = ${Wpl.toExponential(6)} m³; M_pl,Rd = ${MplRd.toFixed(2)} kNm.`,
        `A_v = 2A/π; V_pl,Rd = A_v·f_y/√3 = ${VplRd.toFixed(2)} kN.`,
      ],
      expected: [
        check('class', '-', 1),
        check('N_pl,Rd', 'kN', NplRd),
        check('M_pl,Rd', 'kNm', MplRd),
        check('V_pl,Rd', 'kN', VplRd),
      ],
      run: () => {
        const r = checkSteelPipe({
          D: metres(D),
          t: metres(t),
          grade: 'S355',
          NEdMax: kN(NEd),
          NEdMin: kN(NEd),
          MEd: kNm(MEd),
          VEd: kN(VEd),
          bucklingLength: metres(0),
        }).result;
        return {
          class: r?.sectionClass ?? NaN,
          'N_pl,Rd': r?.NRd ?? NaN,
          'M_pl,Rd': r?.MRd ?? NaN,
          'V_pl,Rd': r?.VRd ?? NaN,
        };
      },
    },
    {
      id: 'P-2',
      title: 'N + M cross-section check and flexural buckling (curve c)',
      source:
        'hand calculation, EN 1993-1-1:2005 6.2.9.1 (CHS: M_N,Rd = M_pl,Rd·(1 − n^1.7)), 6.3.1.2 (6.49), 6.3.1.3 (6.50), 6.3.3 (6.61), Annex B Table B.1',
      inputs: {
        N_Ed: '2500 kN',
        M_Ed: '300 kNm',
        V_Ed: '200 kN (< 0.5·V_pl,Rd: no reduction)',
        L_cr: '12 m',
      },
      derivation: [
        `n = ${n.toFixed(6)}, m = ${m.toFixed(6)}; radial utilisation η from (n/η)^1.7 + m/η = 1: η = ${etaSection.toFixed(6)}.`,
        `I = π/64·(D⁴ − d⁴) = ${I.toExponential(6)} m⁴; i = √(I/A) = ${i.toFixed(6)} m; λ₁ = π·√(E/f_y) = ${lambda1.toFixed(4)}.`,
        `λ̄ = L_cr/(i·λ₁) = ${lambdaBar.toFixed(6)}; Φ = 0.5·[1 + 0.49·(λ̄ − 0.2) + λ̄²] = ${phi.toFixed(6)}; χ = 1/(Φ + √(Φ² − λ̄²)) = ${chi.toFixed(6)}.`,
        `N_b,Rd = χ·A·f_y/1.1 = ${NbRd.toFixed(2)} kN; n_b = N_Ed/N_b,Rd = ${nb.toFixed(6)}; k_yy = 1 + (λ̄ − 0.2)·n_b = ${kyy.toFixed(6)}.`,
        `Member: n_b + k_yy·M_Ed/(M_pl,Rk/1.1) = ${member.toFixed(6)}.`,
      ],
      expected: [
        check('η_section', '-', etaSection),
        { ...check('λ̄', '-', lambdaBar) },
        check('χ', '-', chi),
        check('N_b,Rd', 'kN', NbRd),
        check('η_member', '-', member),
      ],
      run: () => {
        const r = checkSteelPipe({
          D: metres(D),
          t: metres(t),
          grade: 'S355',
          NEdMax: kN(NEd),
          NEdMin: kN(NEd),
          MEd: kNm(MEd),
          VEd: kN(VEd),
          bucklingLength: metres(Lcr),
        }).result;
        return {
          η_section: r?.utilisationSection ?? NaN,
          λ̄: r?.buckling?.lambdaBar ?? NaN,
          χ: r?.buckling?.chi ?? NaN,
          'N_b,Rd': r?.buckling?.NbRd ?? NaN,
          η_member: r?.buckling?.utilisation ?? NaN,
        };
      },
    },
    {
      id: 'P-3',
      title: 'Class 3 tube: elastic resistance and linear N + M interaction',
      source:
        'hand calculation, EN 1993-1-1:2005 Table 5.2 (sheet 3), 6.2.5(2) (W_el), 6.2.9.2 (σ = N/A + M/W_el ≤ f_y)',
      inputs: { D: '610 mm', t: '12 mm', grade: 'S355', N_Ed: '3000 kN', M_Ed: '400 kNm' },
      derivation: [
        `d/t = 610/12 = 50.83: 70·ε² = ${(70 * eps2).toFixed(2)} < d/t ≤ 90·ε² = ${(90 * eps2).toFixed(2)} → class 3.`,
        `A = ${A3.toFixed(7)} m²; W_el = 2I/D = ${Wel3.toExponential(6)} m³; M_c,Rd = W_el·f_y = ${(Wel3 * fy).toFixed(2)} kNm.`,
        `η = N_Ed/(A·f_y) + M_Ed/(W_el·f_y) = ${eta3.toFixed(6)}.`,
      ],
      expected: [
        check('class', '-', 3),
        check('M_c,Rd', 'kNm', Wel3 * fy),
        check('η_section', '-', eta3),
      ],
      run: () => {
        const r = checkSteelPipe({
          D: metres(D3),
          t: metres(t3),
          grade: 'S355',
          NEdMax: kN(N3),
          NEdMin: kN(N3),
          MEd: kNm(M3),
          VEd: kN(0),
          bucklingLength: metres(0),
        }).result;
        return {
          class: r?.sectionClass ?? NaN,
          'M_c,Rd': r?.MRd ?? NaN,
          η_section: r?.utilisationSection ?? NaN,
        };
      },
    },
    {
      id: 'P-4',
      title: 'Shear above 0.5·V_pl,Rd reduces the yield strength for N + M',
      source:
        'hand calculation, EN 1993-1-1:2005 6.2.6, 6.2.8(3), 6.2.10(3); reduced f_y on the whole ring (ADR 0104)',
      inputs: {
        section: 'as P-1 (508 × 16, S355)',
        N_Ed: '2500 kN',
        M_Ed: '300 kNm',
        V_Ed: '0.7·V_pl,Rd',
      },
      derivation: [
        `V_Ed = 0.7·${VplRd.toFixed(2)} = ${VEdHigh.toFixed(2)} kN; ρ = (2·0.7 − 1)² = 0.16.`,
        `With (1 − ρ)·f_y: n_V = N_Ed/(0.84·N_pl,Rd), m_V = M_Ed/(0.84·M_pl,Rd); η from (n_V/η)^1.7 + m_V/η = 1: η = ${etaV.toFixed(6)}.`,
      ],
      expected: [check('η_V', '-', 0.7), check('ρ', '-', rhoHigh), check('η_section', '-', etaV)],
      run: () => {
        const r = checkSteelPipe({
          D: metres(D),
          t: metres(t),
          grade: 'S355',
          NEdMax: kN(NEd),
          NEdMin: kN(NEd),
          MEd: kNm(MEd),
          VEd: kN(VEdHigh),
          bucklingLength: metres(0),
        }).result;
        return {
          η_V: r?.utilisationShear ?? NaN,
          ρ: r?.rho ?? NaN,
          η_section: r?.utilisationSection ?? NaN,
        };
      },
    },
  ],
};
