import type { Workbook } from '@pfahlplaner/contracts';

/**
 * Synthetic project like bench/axial.ts: `count` load points on a 4 m grid over 3 profiles × 8 layers,
 * stepped toe coordination on. Wire shape (catalogue defaults are applied by the engine).
 */
export const benchWorkbook = (count: number): Workbook => {
  const types = ['bp', 'bp', 'bp', 'c', 'r', 'f'];
  const soil_profiles = [0, 1, 2].map((p) => ({
    name: `BP ${p + 1}`,
    startKote: 100 - p * 0.5,
    grundwasserStand: 96,
    soil_layers: Array.from({ length: 8 }, (_, i) => ({
      endKote: 100 - p * 0.5 - (i + 1) * 5,
      ...(i % 3 === 1 ? { cuk: 0.08 + 0.03 * i } : { qc: 4 + 2.5 * i + p }),
      FuszAbsetzbar: i > 0,
      IstEindringRelevant: i > 0,
    })),
  }));
  const piles = Array.from({ length: count }, (_, k) => ({
    Pname: `P${k + 1}`,
    PfahlTyp: types[k % types.length],
    SollPfahlOberKante: 99,
    AEHoehe: 100,
    Rechtswert: (k % 40) * 4,
    Hochwert: Math.floor(k / 40) * 4,
    SollDurchmesser: [0.6, 0.9, 1.2][k % 3],
    AlternativeCharakteristischeLastZ: 800 + (k % 17) * 60,
    AlternativeDesignLastZ: 1100 + (k % 17) * 85,
    BodenProfil: `BP ${(k % 3) + 1}`,
  }));
  return {
    version: 1,
    settings: { Schrittweite: 0.1, FuszBeeinfluszung: 1 },
    soil_profiles,
    piles,
    horizontal_loadcases: [],
  } as unknown as Workbook;
};
