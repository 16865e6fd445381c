// Axial bench: 1,000 load points on 3 profiles × 8 layers, Schrittweite 0.1 m (issue 3 target < 100 ms).
import { calculateProject } from '@pfahlplaner/engine';

const TYPES = ['bp', 'bp', 'bp', 'c', 'r', 'f'];

function project() {
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
  const piles = Array.from({ length: 1000 }, (_, k) => ({
    Pname: `P${k + 1}`,
    PfahlTyp: TYPES[k % TYPES.length],
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
    settings: { Schrittweite: 0.1, FuszBeeinfluszung: 1 },
    soil_profiles,
    piles,
    horizontal_loadcases: [],
  };
}

export function run(): void {
  const input = project();
  calculateProject(input); // warm-up
  const runs = 10;
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const t0 = performance.now();
    calculateProject(input);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(runs / 2)]!;
  console.log(`axial: 1000 load points, 3 profiles x 8 layers, Schrittweite 0.1 m`);
  console.log(
    `axial: median ${median.toFixed(1)} ms per project (min ${times[0]!.toFixed(1)} ms), ${Math.round(1000 / (median / 1000))} load points/s`,
  );
}
