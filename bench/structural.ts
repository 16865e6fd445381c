// Lateral + section bench: 1,000 load points, one horizontal load case, gegenRaeumlichenEP on (target
// < 2 s, now < 200 ms; docs/benchmarks.md). The passive-pressure limitation is solved by Newton (ADR 0165); the former
// secant iteration ('secant', kept as Newton's fallback) runs in the same process for the ratio. Before ADR 0165
// the whole calculation took 830–900 ms on the quiet 2-core machine (docs/benchmarks.md) and 2.2–2.6 s CPU on
// 2026-11-27 01:35 under load average 20.
import os from 'node:os';
import { calculateHorizontalLoadCases, normalizeProject } from '@pfahlplaner/engine';

export function project() {
  const soil_profiles = [0, 1, 2].map((p) => ({
    name: `BP ${p + 1}`,
    startKote: 100 - p * 0.5,
    grundwasserStand: 96,
    soil_layers: Array.from({ length: 8 }, (_, i) => ({
      endKote: 100 - p * 0.5 - (i + 1) * 5,
      qc: 4 + 2.5 * i + p,
      phi: 27.5 + i,
      ESoben: 10 + 5 * i,
      ESunten: 15 + 5 * i,
      MaxElementWeite: 10,
      FuszAbsetzbar: i > 0,
      IstEindringRelevant: i > 0,
    })),
  }));
  const piles = Array.from({ length: 1000 }, (_, k) => ({
    Pname: `P${k + 1}`,
    PfahlTyp: ['bp', 'bp', 'f', 'c'][k % 4],
    SollPfahlOberKante: 99,
    AEHoehe: 100,
    SollDurchmesser: [0.6, 0.9, 1.2, 0.4][k % 4],
    BodenProfil: `BP ${(k % 3) + 1}`,
  }));
  const horizontal_loads = piles.map((p, k) => ({
    Pname: p.Pname,
    gkz: 800 + (k % 17) * 60,
    qkz: 300,
    Hgkx: 40 + (k % 7) * 10,
    Hqkx: 20,
    Hgky: 10,
    Hqky: 15,
    Mgky: 30,
    Mqky: 10,
    Mgkx: 0,
    Mqkx: 5,
    OKBodenBiegung: 98,
    Grundwasser: 96,
  }));
  return {
    settings: {},
    soil_profiles,
    piles,
    horizontal_loadcases: [{ name: 'LK 1', horizontal_loads }],
  };
}

type Scheme = 'newton' | 'secant';

/** Median and minimum of 5 timed runs (wall and process CPU) after a warm-up. */
function measure(
  normalized: ReturnType<typeof normalizeProject>['project'],
  axial: { Pname: string; Soll_UK_Pfahl: number }[],
  lateralScheme: Scheme,
) {
  calculateHorizontalLoadCases(normalized, axial, { lateralScheme }); // warm-up
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    calculateHorizontalLoadCases(normalized, axial, { lateralScheme });
    const c = process.cpuUsage(c0);
    times.push(performance.now() - t0);
    cpu.push((c.user + c.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  return { wall: times[2]!, wallMin: times[0]!, cpu: cpu[2]!, cpuMin: cpu[0]! };
}

export function run(): void {
  const { project: normalized } = normalizeProject(project());
  const axial = normalized.piles.map((p) => ({ Pname: p.Pname, Soll_UK_Pfahl: 79 }));
  const secant = measure(normalized, axial, 'secant');
  const newton = measure(normalized, axial, 'newton');
  for (const [name, m] of [
    ['newton (default)', newton],
    ['secant (former)', secant],
  ] as const) {
    console.log(
      `lateral+section 1000 load points (20 m piles, 0.1 m elements), ${name}: median ${m.wall.toFixed(0)} ms, min ${m.wallMin.toFixed(0)} ms wall; CPU time median ${m.cpu.toFixed(0)} ms, min ${m.cpuMin.toFixed(0)} ms`,
    );
  }
  console.log(
    `lateral+section newton/secant ratio: CPU median ${(newton.cpu / secant.cpu).toFixed(2)}, min ${(newton.cpuMin / secant.cpuMin).toFixed(2)}; load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
}
