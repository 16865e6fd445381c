import { describe, expect, it } from 'vitest';
import { calculateProject } from '../project/calculate-project';

// When no length passes, the results are those of the best length reached, the one with the largest R_d
// (docs/calculation.md §4). Found by the layer-splitting property (test/properties.test.ts).
describe('findRequiredLength: best length when no length passes', () => {
  // D = 0.4 m. Layer 1 (100.0 → 98.75, q_c = 2: no table value) and layer 2 (98.75 → 95.25, q_c = 7.5:
  // q_s = 55, q_b(0.10) = 1600 kN/m²) may not carry the toe; layer 3 (95.25 → 70, q_c = 2) may, but has no
  // resistance, so no length passes. R_d is largest with the toe as deep as possible in layer 2:
  // L = 4.5 (toe 95.5): R_s,k = 55·π·0.4·(98.75 − 95.5) = 224.624 kN, R_b,k = 1600·π·0.2² = 201.062 kN,
  // R_d = 425.686/1.4 = 304.061 kN. (L = 3.0: R_s,k = 120.951 kN, R_d = 230.009 kN; toe in layer 3:
  // R_s,k = 55·π·0.4·3.5 = 241.903 kN, R_b,k = 0, R_d = 172.788 kN.)
  const input = (layers: Record<string, unknown>[]) => ({
    settings: { MindestPfahllaenge: 3, Schrittweite: 0.5 },
    soil_profiles: [{ name: 'P', grundwasserStand: 95, startKote: 100, soil_layers: layers }],
    piles: [
      {
        Pname: 'A',
        PfahlTyp: 'bp',
        SollDurchmesser: 0.4,
        SollPfahlOberKante: 100,
        AEHoehe: 100,
        AlternativeDesignLastZ: 200,
        AlternativeCharakteristischeLastZ: 150,
        BodenProfil: 'P',
      },
    ],
    horizontal_loadcases: [],
  });
  const layers = [
    { endKote: 98.75, qc: 2 },
    { endKote: 95.25, qc: 7.5 },
    { endKote: 70, qc: 2, FuszAbsetzbar: true, IstEindringRelevant: true },
  ];

  it('takes the step with the largest R_d, also inside a toe layer', () => {
    const r = calculateProject(input(layers)).piles[0]!;
    expect(r.issues.map((i) => i.code)).toContain('REQUIRED_LENGTH_NOT_FOUND');
    expect(r.IstLaenge).toBe(4.5);
    expect(r.Rs_k).toBeCloseTo(224.624, 3);
    expect(r.R_d).toBeCloseTo(304.061, 3);
  });

  it('gives the same best length in the summary and the full iteration trace', () => {
    const summary = calculateProject(input(layers)).piles[0]!;
    const full = calculateProject(input(layers), { iterationTrace: 'full' }).piles[0]!;
    expect(summary.IstLaenge).toBe(full.IstLaenge);
  });

  it('also with base averaging, where R_d is not monotonic within a toe layer (SpitzendruckMittelung)', () => {
    // Full trace of this profile: L = 3.0: R_d = 193.0, 3.5: 199.7, 4.0: 179.5 kN … — the best is 3.5 m, a step
    // inside the first toe layer that the summary iteration rejected cheaply.
    const averaged = (mode: 'summary' | 'full') => {
      const base = input([
        { endKote: 98, cuk: 0.03 },
        { endKote: 95.5, qc: 7.5 },
        { endKote: 70, qc: 2, FuszAbsetzbar: true, IstEindringRelevant: true },
      ]);
      return calculateProject(
        { ...base, settings: { ...base.settings, SpitzendruckMittelung: true } },
        { iterationTrace: mode },
      ).piles[0]!;
    };
    expect(averaged('summary').IstLaenge).toBe(3.5);
    expect(averaged('summary').R_d).toBe(averaged('full').R_d);
  });
});
