// Axial bench: 1,000 load points on 3 profiles × 8 layers, Schrittweite 0.1 m (issue 3 target < 100 ms).
import { loadavg } from 'node:os';
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

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export function run(): void {
  const input = project();
  for (let i = 0; i < 3; i += 1) calculateProject(input); // warm-up (JIT)
  const runs = 30;
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    calculateProject(input);
    wall.push(performance.now() - t0);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const m = median(wall);
  console.log(`axial: 1000 load points, 3 profiles x 8 layers, Schrittweite 0.1 m, ${runs} runs`);
  console.log(
    `axial: wall median ${m.toFixed(1)} ms (min ${Math.min(...wall).toFixed(1)} ms), ` +
      `CPU median ${median(cpu).toFixed(1)} ms, ${Math.round(1000 / (m / 1000))} load points/s`,
  );
  // The CPU time of this process is less disturbed by other load on a shared machine than the wall time.
  console.log(`axial: machine load average (1 min) ${loadavg()[0]!.toFixed(2)}`);
}
