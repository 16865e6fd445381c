// The case of the lateral + section bench (bench/structural.ts runs it as the production build bundles it):
// 1,000 load points, one horizontal load case, gegenRaeumlichenEP on (target < 2 s, now < 200 ms for the stored
// calculation; docs/benchmarks.md). The passive-pressure limitation is solved by Newton (ADR 0165); the former
// secant iteration ('secant', kept as Newton's fallback) runs in the same process for the ratio. Before ADR 0165
// the whole calculation took 830–900 ms on the quiet 2-core machine (docs/benchmarks.md) and 2.2–2.6 s CPU on
// 2026-11-27 01:35 under load average 20.
import os from 'node:os';
import { calculateHorizontalLoadCases, normalizeProject } from '@pfahlplaner/engine';
import type { HorizontalOptions } from '@pfahlplaner/engine';

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

/** The engine's options the variants set (solver of the passive-pressure limitation, stored or full rows). */
type Variant = Required<Pick<HorizontalOptions, 'lateralScheme' | 'detail'>>;

const WARM_UPS = 3;
const RUNS = 7;

/**
 * Wall and process CPU time of RUNS timed runs after WARM_UPS warm-ups (median and minimum), and the first
 * (cold) run on its own: the calculation worker of the server runs many calculations, so the steady state after
 * V8's tiering is what a user waits for, except right after a start.
 */
function measure(
  normalized: ReturnType<typeof normalizeProject>['project'],
  axial: { Pname: string; Soll_UK_Pfahl: number }[],
  variant: Variant,
) {
  const t0 = performance.now();
  calculateHorizontalLoadCases(normalized, axial, variant);
  const cold = performance.now() - t0;
  for (let i = 1; i < WARM_UPS; i += 1) calculateHorizontalLoadCases(normalized, axial, variant);
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    const w0 = performance.now();
    const c0 = process.cpuUsage();
    calculateHorizontalLoadCases(normalized, axial, variant);
    const c = process.cpuUsage(c0);
    times.push(performance.now() - w0);
    cpu.push((c.user + c.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  const mid = RUNS >> 1;
  return { wall: times[mid]!, wallMin: times[0]!, cpu: cpu[mid]!, cpuMin: cpu[0]!, cold };
}

/**
 * Three variants of the same 1,000 rows: the stored calculation (`detail: false`, what the API calculation runs
 * and stores: no distributions, section designs or traces, ADR 0209 — the figure of the < 200 ms target in
 * docs/benchmarks.md), the full result with every distribution (reports, CLI) and the former secant iteration
 * (ratio only).
 */
export function runStructuralCase(): void {
  const { project: normalized } = normalizeProject(project());
  const axial = normalized.piles.map((p) => ({ Pname: p.Pname, Soll_UK_Pfahl: 79 }));
  // the stored calculation first, in a process where no other variant has warmed the engine up
  const stored = measure(normalized, axial, { lateralScheme: 'newton', detail: false });
  const full = measure(normalized, axial, { lateralScheme: 'newton', detail: true });
  const secant = measure(normalized, axial, { lateralScheme: 'secant', detail: true });
  for (const [name, m] of [
    ['newton, stored result (API calculation)', stored],
    ['newton, full result (distributions)', full],
    ['secant (former), full result', secant],
  ] as const) {
    console.log(
      `lateral+section 1000 load points (20 m piles, 0.1 m elements), ${name}: median ${m.wall.toFixed(0)} ms, min ${m.wallMin.toFixed(0)} ms wall; CPU time median ${m.cpu.toFixed(0)} ms, min ${m.cpuMin.toFixed(0)} ms; first run ${m.cold.toFixed(0)} ms (${WARM_UPS} warm-ups, ${RUNS} runs)`,
    );
  }
  console.log(
    `lateral+section newton/secant ratio (full results): CPU median ${(full.cpu / secant.cpu).toFixed(2)}, min ${(full.cpuMin / secant.cpuMin).toFixed(2)}; load average ${os.loadavg()[0]!.toFixed(1)}`,
  );
}
