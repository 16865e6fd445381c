import type { VerificationFamily } from './types';
import { firstPile, onePileProject } from './project';

// Hand calculations of the resistance–settlement curve, settlement, required length, groups and tension for a
// bored pile (D = 1.0 m, head and start of the soil at 100.0 m NHN) in sand q_c = 15 MN/m² down to 80.0 m NHN.
// Table values (Tab. 5.12/5.13, lower): q_s = 105, q_b(0.02/0.03/0.10) = 1050/1350/3000 kN/m² (example T-1).
// Formulas: docs/sources/engine.md §E2.1 (curve), §E2.4 (γ = 1.4 compression, 1.5 tension), §2.6 (length).
// The required length is checked as the toe level Soll_UK_Pfahl (the meaning of laenge_mit / laenge_ohne with the
// head embedment was still open when this example was written; ADR 0133 settled it).

const D = 1.0;
const Ab = (Math.PI * D * D) / 4; // 0.785398 m²
const perimeter = Math.PI * D;
const qs = 105;
const [qb02, qb03, qb10] = [1050, 1350, 3000];
const gammaC = 1.4;
const rel = (r: number) => ({ rel: r });

/** Rs,k of a shaft of length L in the sand [kN] (skin from the head at 100.0 m). */
const Rs = (L: number) => qs * perimeter * L;
/** s_sg [cm] = 0.5·Rs,k[MN] + 0.5 ≤ 3 cm. @see docs/sources/engine.md §E2.1 item 3 */
const ssg = (L: number) => Math.min(0.5 * (Rs(L) / 1000) + 0.5, 3);
/** Settlement [cm] on the first branch (s ≤ s_sg and s ≤ 0.02·D): E = Rs·s/s_sg + Rb02·s/(2 cm). */
const settlementFirstBranch = (L: number, E: number) => E / (Rs(L) / ssg(L) + (qb02 * Ab) / 2);

const L3 = 3;
const Rk3 = Rs(L3) + qb10 * Ab;

export const AXIAL_CURVE: VerificationFamily = {
  id: 'C',
  title: 'Resistance–settlement curve, settlement, length, groups, tension',
  examples: [
    {
      id: 'C-1',
      title:
        'Bored pile: resistances, utilisation, settlement on the skin branch, spring stiffness',
      source: 'hand calculation, docs/sources/engine.md §E2.1 (curve), §E2.4 (γ_t = 1.4), §E2.5',
      inputs: {
        D: '1.0 m',
        L: '3.0 m (MindestPfahllaenge)',
        'E_k / E_d': '1000 / 1400 kN',
        soil: 'sand q_c = 15 MN/m²',
      },
      derivation: [
        'R_s,k = q_s·π·D·L = 105·π·1.0·3.0 = 989.602 kN; A_b = π·D²/4 = 0.785398 m².',
        'R_b,k = R_b(s_g = 0.10·D) = 3000·0.785398 = 2356.194 kN; R_c,k = 3345.796 kN; R_c,d = 3345.796/1.4 = 2389.854 kN.',
        'E_d/R_c,d = 1400/2389.854 = 58.581 %.',
        's_sg = 0.5·0.989602 + 0.5 = 0.994801 cm (< 3 cm). Below s_sg and below 0.02·D = 2 cm the curve is R(s) = R_s,k·s/s_sg + R_b(0.02D)·s/2 cm = (994.774 + 412.334)·s [kN, s in cm]; R(s_sg) = 1399.794 kN > E_k.',
        's = 1000/1407.108 = 0.710678 cm; spring stiffness k = E_k/s = 1000/0.00710678 = 140 711 kN/m.',
      ],
      expected: [
        { quantity: 'Rs_k', unit: 'kN', expected: Rs(L3), tolerance: rel(1e-9) },
        { quantity: 'Rb_k', unit: 'kN', expected: qb10 * Ab, tolerance: rel(1e-9) },
        { quantity: 'R_d', unit: 'kN', expected: Rk3 / gammaC, tolerance: rel(1e-9) },
        {
          quantity: 'EzuR',
          unit: '%',
          expected: (1400 / (Rk3 / gammaC)) * 100,
          tolerance: rel(1e-9),
        },
        {
          quantity: 'Setzung',
          unit: 'cm',
          expected: settlementFirstBranch(L3, 1000),
          tolerance: rel(1e-9),
        },
        {
          quantity: 'Federsteifigkeit',
          unit: 'kN/m',
          expected: 1000 / (settlementFirstBranch(L3, 1000) / 100),
          tolerance: rel(1e-9),
        },
      ],
      run: () => {
        const r = firstPile(onePileProject({ layer: { qc: 15 } }));
        return {
          Rs_k: r.Rs_k ?? NaN,
          Rb_k: r.Rb_k ?? NaN,
          R_d: r.R_d ?? NaN,
          EzuR: r.EzuR ?? NaN,
          Setzung: r.Setzung ?? NaN,
          Federsteifigkeit: r.Federsteifigkeit ?? NaN,
        };
      },
    },
    {
      id: 'C-2',
      title: 'Settlement on the base branch between 0.02·D and 0.03·D',
      source:
        'hand calculation, docs/sources/engine.md §E2.1 items 5, 6, 8: polygon through the base points',
      inputs: {
        D: '1.0 m',
        L: '3.0 m',
        E_k: '2000 kN',
        E_d: '1400 kN',
        zulaessigeSetzungCm: '10 cm',
      },
      derivation: [
        'R_s,k = 989.602 kN is fully mobilised beyond s_sg = 0.9948 cm.',
        'R(2 cm) = 989.602 + 1050·0.785398 = 1814.270 kN; R(3 cm) = 989.602 + 1350·0.785398 = 2049.890 kN.',
        'E_k = 2000 kN lies between: s = 2 + (2000 − 1814.270)/(2049.890 − 1814.270) = 2.788264 cm.',
      ],
      expected: [
        {
          quantity: 'Setzung',
          unit: 'cm',
          expected: 2 + (2000 - (Rs(L3) + qb02 * Ab)) / ((qb03 - qb02) * Ab),
          tolerance: rel(1e-9),
        },
      ],
      run: () => {
        const r = firstPile(
          onePileProject({
            pile: { AlternativeCharakteristischeLastZ: 2000 },
            settings: { zulaessigeSetzungCm: 10 },
            layer: { qc: 15 },
          }),
        );
        return { Setzung: r.Setzung ?? NaN, Soll_UK_Pfahl: r.Soll_UK_Pfahl ?? NaN };
      },
    },
    {
      id: 'C-3',
      title:
        'Driven closed steel tube: two-branch skin friction, base at 0.035·D and 0.10·D, settlement',
      source:
        'hand calculation, docs/sources/engine.md §E1.3, §E2.2; curve construction of ADR 0010 (driven: s_sg* = 0.5·R_s,k*[MN] + 0.5 ≤ 1.0 cm [U])',
      inputs: {
        PfahlTyp: 'r',
        D: '0.5 m',
        L: '10.0 m (MindestPfahllaenge)',
        soil: 'sand q_c = 15 MN/m²',
        E_k: '1000 kN',
      },
      derivation: [
        'Layer values (example T-7): q_s* = 39, q_s = 57, q_b(0.035) = 3200, q_b(0.10) = 6080 kN/m²; A_b = π·0.5²/4 = 0.196350 m².',
        'R_s,k* = 39·π·0.5·10 = 612.611 kN; R_s,k = 57·π·0.5·10 = 895.354 kN; R_b(0.035D) = 628.319 kN; R_b(s_g) = 1193.805 kN.',
        's_sg* = 0.5·0.612611 + 0.5 = 0.806305 cm (< 1.0 cm); 0.035·D = 1.75 cm; s_g = 0.10·D = 5 cm.',
        'R_c,k = R_s,k + R_b(s_g) = 2089.159 kN; R_c,d = 2089.159/1.4 = 1492.257 kN.',
        'R(s_sg*) = 612.611 + 628.319·0.806305/1.75 = 902.106 kN < E_k;',
        'R(1.75 cm) = 612.611 + (895.354 − 612.611)·(1.75 − 0.806305)/(5 − 0.806305) + 628.319 = 1304.554 kN > E_k;',
        's = 0.806305 + (1000 − 902.106)/(1304.554 − 902.106)·(1.75 − 0.806305) = 1.035856 cm.',
      ],
      expected: (() => {
        const d = 0.5;
        const ab = (Math.PI * d * d) / 4;
        const rsStar = 39 * Math.PI * d * 10;
        const rs = 57 * Math.PI * d * 10;
        const rb035 = 3200 * ab;
        const rb10 = 6080 * ab;
        const sStar = 0.5 * (rsStar / 1000) + 0.5;
        const rAtStar = rsStar + (rb035 * sStar) / 1.75;
        const rAt035 = rsStar + ((rs - rsStar) * (1.75 - sStar)) / (5 - sStar) + rb035;
        const s = sStar + ((1000 - rAtStar) / (rAt035 - rAtStar)) * (1.75 - sStar);
        return [
          { quantity: 'Rs_k', unit: 'kN', expected: rs, tolerance: rel(1e-9) },
          { quantity: 'Rb_k', unit: 'kN', expected: rb10, tolerance: rel(1e-9) },
          { quantity: 'R_d', unit: 'kN', expected: (rs + rb10) / gammaC, tolerance: rel(1e-9) },
          { quantity: 'Setzung', unit: 'cm', expected: s, tolerance: rel(1e-9) },
        ];
      })(),
      run: () => {
        const r = firstPile(
          onePileProject({
            pile: { PfahlTyp: 'r', SollDurchmesser: 0.5 },
            settings: { MindestPfahllaenge: 10 },
            layer: { qc: 15 },
          }),
        );
        return {
          Rs_k: r.Rs_k ?? NaN,
          Rb_k: r.Rb_k ?? NaN,
          R_d: r.R_d ?? NaN,
          Setzung: r.Setzung ?? NaN,
        };
      },
    },
    {
      id: 'L-1',
      title: 'Required length governed by the design load (ULS)',
      source: 'hand calculation, docs/sources/engine.md §E2.4, §E2.6',
      inputs: {
        D: '1.0 m',
        E_d: '5000 kN',
        E_k: '1000 kN',
        'MindestPfahllaenge / Schrittweite': '3.0 / 0.5 m',
      },
      derivation: [
        'R_c,d(L) = (105·π·L + 2356.194)/1.4 = (329.867·L + 2356.194)/1.4 ≥ 5000 kN → L ≥ 14.078 m.',
        'Trial lengths 3.0, 3.5, …: the first one ≥ 14.078 m is 14.5 m (toe 85.5 m NHN); R_c,d(14.5) = 5099.478 kN.',
      ],
      expected: [
        {
          quantity: 'Soll_UK_Pfahl',
          unit: 'm NHN',
          expected: 100 - 14.5,
          tolerance: { abs: 1e-9 },
        },
        {
          quantity: 'R_d',
          unit: 'kN',
          expected: (Rs(14.5) + qb10 * Ab) / gammaC,
          tolerance: rel(1e-9),
        },
      ],
      run: () => {
        const r = firstPile(
          onePileProject({ pile: { AlternativeDesignLastZ: 5000 }, layer: { qc: 15 } }),
        );
        return { Soll_UK_Pfahl: r.Soll_UK_Pfahl ?? NaN, R_d: r.R_d ?? NaN };
      },
    },
    {
      id: 'L-2',
      title: 'Required length governed by the allowed settlement (SLS)',
      source: 'hand calculation, docs/sources/engine.md §E2.1, §E2.5, §E2.6',
      inputs: { D: '1.0 m', E_k: '1000 kN', E_d: '1400 kN', zulaessigeSetzungCm: '0.5 cm' },
      derivation: [
        'On the first branch s(L) = E_k/(R_s,k(L)/s_sg(L) + 412.334) [cm] with R_s,k = 329.867·L kN, s_sg = 0.5·R_s,k[MN] + 0.5.',
        'L = 11.5 m: R_s,k = 3793.47 kN, s_sg = 2.39674 cm, s = 1000/(1582.76 + 412.33) = 0.50123 cm > 0.5 cm.',
        'L = 12.0 m: R_s,k = 3958.41 kN, s_sg = 2.47920 cm, s = 1000/(1596.65 + 412.33) = 0.49777 cm ≤ 0.5 cm → L = 12.0 m, toe 88.0 m NHN.',
      ],
      expected: [
        { quantity: 'Soll_UK_Pfahl', unit: 'm NHN', expected: 100 - 12, tolerance: { abs: 1e-9 } },
        {
          quantity: 'Setzung',
          unit: 'cm',
          expected: settlementFirstBranch(12, 1000),
          tolerance: rel(1e-9),
        },
      ],
      run: () => {
        const r = firstPile(
          onePileProject({ settings: { zulaessigeSetzungCm: 0.5 }, layer: { qc: 15 } }),
        );
        return { Soll_UK_Pfahl: r.Soll_UK_Pfahl ?? NaN, Setzung: r.Setzung ?? NaN };
      },
    },
    {
      id: 'L-3',
      title: 'Required length governed by toe layer and minimum embedment',
      source:
        'hand calculation, docs/sources/engine.md §E1.1 rule 6, §E2.6 item 2a (embedment 2.5 m, default of both settings)',
      inputs: {
        layers:
          'soft layer 100.0 → 95.0 (q_c = 0, toe not allowed, not relevant); sand q_c = 15 95.0 → 80.0',
        'E_k / E_d': '1000 / 1400 kN',
      },
      derivation: [
        'The toe must lie in the sand (below 95.0) with at least 2.5 m embedment: toe ≤ 92.5 m NHN → L = 7.5 m (toe 92.5).',
        'At L = 7.5: R_s,k = 105·π·2.5 = 824.668 kN (no skin friction in the soft layer, q_c = 0 is below the table),',
        'R_c,d = (824.668 + 2356.194)/1.4 = 2272.044 kN ≥ 1400 kN; embedment = 2.5 m.',
      ],
      expected: [
        { quantity: 'Soll_UK_Pfahl', unit: 'm NHN', expected: 100 - 7.5, tolerance: { abs: 1e-9 } },
        { quantity: 'EindringTiefe', unit: 'm', expected: 2.5, tolerance: { abs: 1e-9 } },
        {
          quantity: 'R_d',
          unit: 'kN',
          expected: (Rs(2.5) + qb10 * Ab) / gammaC,
          tolerance: rel(1e-9),
        },
      ],
      run: () => {
        const r = firstPile(
          onePileProject({
            layers: [
              { endKote: 95, qc: 0, FuszAbsetzbar: false, IstEindringRelevant: false },
              { endKote: 80, qc: 15, FuszAbsetzbar: true, IstEindringRelevant: true },
            ],
          }),
        );
        return {
          Soll_UK_Pfahl: r.Soll_UK_Pfahl ?? NaN,
          EindringTiefe: r.EindringTiefe ?? NaN,
          R_d: r.R_d ?? NaN,
        };
      },
    },
    ...[
      { n: 2, a: 3, m: 1, nn: 2 },
      { n: 4, a: 2.5, m: 2, nn: 2 },
    ].map(({ n, a, m, nn }, i) => {
      const theta = (Math.atan(1 / a) * 180) / Math.PI;
      const eta = 1 - (theta * ((nn - 1) * m + (m - 1) * nn)) / (90 * m * nn);
      return {
        id: `G-${i + 1}`,
        title: `Group of ${n} piles, axis spacing ${a}·D (product rule, Converse–Labarre)`,
        source:
          'Converse–Labarre efficiency (Das, Principles of Foundation Engineering) as adopted by ADR 0012; hand calculation',
        inputs: {
          PfahlAnzahl: String(n),
          PfahlAchsAbstandxD: String(a),
          arrangement: `${m} × ${nn}`,
          L: '3.0 m',
        },
        derivation: [
          `θ = arctan(D/a) = arctan(1/${a}) = ${theta.toFixed(4)}°.`,
          `η_G = 1 − θ·[(n′ − 1)·m + (m − 1)·n′]/(90·m·n′) with m × n′ = ${m} × ${nn}: η_G = ${eta.toFixed(6)}.`,
          `R_s,k = 989.602·η_G = ${(Rs(3) * eta).toFixed(3)} kN; R_b,k = 2356.194·η_G = ${(qb10 * Ab * eta).toFixed(3)} kN (per pile).`,
        ],
        expected: [
          { quantity: 'Rs_k', unit: 'kN', expected: Rs(3) * eta, tolerance: rel(1e-9) },
          { quantity: 'Rb_k', unit: 'kN', expected: qb10 * Ab * eta, tolerance: rel(1e-9) },
        ],
        run: () => {
          const r = firstPile(
            onePileProject({ pile: { PfahlAnzahl: n, PfahlAchsAbstandxD: a }, layer: { qc: 15 } }),
          );
          return { Rs_k: r.Rs_k ?? NaN, Rb_k: r.Rb_k ?? NaN };
        },
      };
    }),
    {
      id: 'Z-1',
      title: 'Tension resistance from the skin friction (q_s of the table)',
      source: 'hand calculation, docs/sources/engine.md §E6.3, §E2.4 (γ_s,t = 1.5)',
      inputs: { D: '1.0 m', L: '3.0 m', gammaZug: '1.5' },
      derivation: ['R_t,d = q_s·π·D·L/γ_s,t = 105·π·1.0·3.0/1.5 = 659.734 kN.'],
      expected: [{ quantity: 'R_d_Min', unit: 'kN', expected: Rs(3) / 1.5, tolerance: rel(1e-9) }],
      run: () => ({ R_d_Min: firstPile(onePileProject({ layer: { qc: 15 } })).R_d_Min ?? NaN }),
    },
    {
      id: 'Z-2',
      title: 'Tension resistance with an entered tension skin friction and a reduced skin share',
      source:
        'hand calculation, docs/sources/engine.md §E6.3; docs/calculation.md §3 (q_s,t = qskZug when > 0)',
      inputs: {
        qskZug: '0.08 MN/m²',
        prozentualerMantelAnteil: '80 %',
        gammaZug: '1.6',
        L: '3.0 m',
      },
      derivation: ['R_t,d = 0.8·80·π·1.0·3.0/1.6 = 376.991 kN.'],
      expected: [
        {
          quantity: 'R_d_Min',
          unit: 'kN',
          expected: (0.8 * 80 * Math.PI * 3) / 1.6,
          tolerance: rel(1e-9),
        },
      ],
      run: () => ({
        R_d_Min:
          firstPile(
            onePileProject({
              pile: { prozentualerMantelAnteil: 80 },
              settings: { gammaZug: 1.6 },
              layer: { qc: 15, qskZug: 0.08 },
            }),
          ).R_d_Min ?? NaN,
      }),
    },
  ],
};
