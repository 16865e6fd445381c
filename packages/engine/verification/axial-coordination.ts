import { calculateProject } from '../src/project/calculate-project';
import type { VerificationFamily } from './types';

// Toe coordination of neighbouring piles (docs/calculation.md §5, ADR 0014): neighbours closer than
// `AchsabstandGleicherTiefe` get the same (deepest) toe; within `Beeinflussungsweite` toes differ by at most
// d·tan(AbtreppungsWinkel); toes only move down. The toe level is checked (not laenge_mit/laenge_ohne, whose
// meaning was still open when this example was written; ADR 0133 settled it). Bored piles D = 1.0 m in sand q_c = 15 MN/m² (example C-1).

const pile = (Pname: string, x: number, y: number, Ed: number) => ({
  Pname,
  PfahlTyp: 'bp',
  SollDurchmesser: 1,
  SollPfahlOberKante: 100,
  AEHoehe: 100,
  AlternativeDesignLastZ: Ed,
  AlternativeCharakteristischeLastZ: 1000,
  BodenProfil: 'P',
  Rechtswert: x,
  Hochwert: y,
});

const input = {
  settings: {
    MindestPfahllaenge: 3,
    Schrittweite: 0.5,
    AchsabstandGleicherTiefe: 4,
    FuszBeeinfluszung: 1,
    Beeinflussungsweite: 20,
    AbtreppungsWinkelRad: 45,
  },
  soil_profiles: [
    {
      name: 'P',
      grundwasserStand: 95,
      startKote: 100,
      soil_layers: [{ endKote: 80, qc: 15, FuszAbsetzbar: true, IstEindringRelevant: true }],
    },
  ],
  piles: [
    pile('A', 0, 0, 5000),
    pile('B', 2, 0, 1400),
    pile('C', 0, 6, 1400),
    pile('D', 30, 0, 1400),
  ],
  horizontal_loadcases: [],
};

const Rd = (L: number) => (105 * Math.PI * L + 3000 * (Math.PI / 4)) / 1.4;
const exact = { abs: 1e-9 };

export const AXIAL_COORDINATION: VerificationFamily = {
  id: 'K',
  title: 'Toe coordination of neighbouring piles',
  examples: [
    {
      id: 'K-1',
      title:
        'Equal toe within the equal-depth distance, 45° stepping within the influence distance',
      source:
        'hand calculation, docs/sources/engine.md §E2.6 item 4; docs/calculation.md §5 (ADR 0014)',
      inputs: {
        'A (0, 0)': 'E_d = 5000 kN',
        'B (2, 0), C (0, 6), D (30, 0)': 'E_d = 1400 kN each',
        AchsabstandGleicherTiefe: '4 m',
        'Beeinflussungsweite / AbtreppungsWinkel': '20 m / 45°',
      },
      derivation: [
        'Alone: A needs 14.5 m (example L-1, toe 85.5); B, C, D need 3.0 m (toe 97.0).',
        'B is 2 m from A (< 4 m): same toe 85.5 m NHN (pile 14.5 m long).',
        'C is 6 m from A: toe ≤ 85.5 + 6·tan 45° = 91.5 (from B, 6.32 m: ≤ 91.82, less strict) → toe 91.5 (8.5 m).',
        'D is 30 m away (beyond 20 m): unchanged, toe 97.0.',
        'Results at the coordinated toe: R_d(C) = (105·π·8.5 + 2356.194)/1.4 = 3685.761 kN.',
      ],
      expected: [
        { quantity: 'Soll_UK_Pfahl A', unit: 'm NHN', expected: 85.5, tolerance: exact },
        { quantity: 'Soll_UK_Pfahl B', unit: 'm NHN', expected: 85.5, tolerance: exact },
        { quantity: 'Soll_UK_Pfahl C', unit: 'm NHN', expected: 91.5, tolerance: exact },
        { quantity: 'Soll_UK_Pfahl D', unit: 'm NHN', expected: 97, tolerance: exact },
        { quantity: 'R_d C', unit: 'kN', expected: Rd(8.5), tolerance: { rel: 1e-9 } },
      ],
      run: () => {
        const [a, b, c, d] = calculateProject(input, { horizontalLoadCases: 'skip' }).piles;
        return {
          'Soll_UK_Pfahl A': a?.Soll_UK_Pfahl ?? NaN,
          'Soll_UK_Pfahl B': b?.Soll_UK_Pfahl ?? NaN,
          'Soll_UK_Pfahl C': c?.Soll_UK_Pfahl ?? NaN,
          'Soll_UK_Pfahl D': d?.Soll_UK_Pfahl ?? NaN,
          'R_d C': c?.R_d ?? NaN,
        };
      },
    },
  ],
};
