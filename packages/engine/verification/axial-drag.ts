import type { VerificationFamily } from './types';
import { firstPile, onePileProject } from './project';

// Negative skin friction as a drag force (docs/calculation.md §3, ADR 0018 [U]): no positive skin friction in the
// layers with τ_n,k > 0; F_n = π·D·Σ τ_n,k·t is added to E_k (settlement) and γ_G·F_n to E_d.

const Fn = Math.PI * 1.0 * 20 * 5;
const Rs = 105 * Math.PI * 2.5;
const Rb = 3000 * (Math.PI / 4);
const Rd = (Rs + Rb) / 1.4;
const Ed = 1400 + 1.35 * Fn;
const Ek = 1000 + Fn;
const ssg = 0.5 * (Rs / 1000) + 0.5;
// R(s_sg) = R_s,k + R_b(0.02D)·s_sg/2 cm < E_k → the settlement lies on the base branch below 2 cm, where
// R(s) = R_s,k + 1050·A_b·s/2 → s = 2·(E_k − R_s,k)/(1050·A_b)
const s = (2 * (Ek - Rs)) / (1050 * (Math.PI / 4));

export const AXIAL_DRAG: VerificationFamily = {
  id: 'N',
  title: 'Negative skin friction (drag force)',
  examples: [
    {
      id: 'N-1',
      title: 'Drag force from a settling layer above the bearing sand',
      source:
        'hand calculation, docs/sources/engine.md §E6.4; docs/calculation.md §3 (ADR 0018, method [U])',
      inputs: {
        layers:
          '100.0 → 95.0: τ_n,k = 0.02 MN/m², q_c = 15 (toe not allowed); 95.0 → 80.0: sand q_c = 15',
        D: '1.0 m',
        'E_k / E_d': '1000 / 1400 kN',
        gammaStaendig: '1.35',
      },
      derivation: [
        'Embedment 2.5 m below 95.0 → toe 92.5 m NHN, L = 7.5 m.',
        `F_n = π·1.0·20·5.0 = ${Fn.toFixed(3)} kN; E_d = 1400 + 1.35·F_n = ${Ed.toFixed(3)} kN; E_k = 1000 + F_n = ${Ek.toFixed(3)} kN.`,
        `R_s,k = 105·π·2.5 = ${Rs.toFixed(3)} kN (no positive skin friction in the τ_n layer); R_b,k = 2356.194 kN; R_c,d = ${Rd.toFixed(3)} kN.`,
        `E_d/R_c,d = ${((Ed / Rd) * 100).toFixed(3)} %.`,
        `s_sg = ${ssg.toFixed(6)} cm; R(s_sg) = ${(Rs + (1050 * (Math.PI / 4) * ssg) / 2).toFixed(3)} kN < E_k → s = 2·(E_k − R_s,k)/(1050·A_b) = ${s.toFixed(6)} cm.`,
      ],
      expected: [
        { quantity: 'Soll_UK_Pfahl', unit: 'm NHN', expected: 92.5, tolerance: { abs: 1e-9 } },
        { quantity: 'F_n', unit: 'kN', expected: Fn, tolerance: { rel: 1e-9 } },
        { quantity: 'Rs_k', unit: 'kN', expected: Rs, tolerance: { rel: 1e-9 } },
        { quantity: 'EzuR', unit: '%', expected: (Ed / Rd) * 100, tolerance: { rel: 1e-9 } },
        { quantity: 'Setzung', unit: 'cm', expected: s, tolerance: { rel: 1e-9 } },
      ],
      run: () => {
        const r = firstPile(
          onePileProject({
            layers: [
              { endKote: 95, qc: 15, tauNk: 0.02 },
              { endKote: 80, qc: 15, FuszAbsetzbar: true, IstEindringRelevant: true },
            ],
          }),
        );
        return {
          Soll_UK_Pfahl: r.Soll_UK_Pfahl ?? NaN,
          F_n: r.trace?.negativeSkinFriction.Fn ?? NaN,
          Rs_k: r.Rs_k ?? NaN,
          EzuR: r.EzuR ?? NaN,
          Setzung: r.Setzung ?? NaN,
        };
      },
    },
  ],
};
