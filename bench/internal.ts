// Lateral + section bench: 1,000 load points, one horizontal load case, gegenRaeumlichenEP on (issue 4 target < 2 s).
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

export function run(): void {
  const { project: normalized } = normalizeProject(project());
  const axial = normalized.piles.map((p) => ({ Pname: p.Pname, Soll_UK_Pfahl: 79 }));
  calculateHorizontalLoadCases(normalized, axial); // warm-up
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < 5; i += 1) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    calculateHorizontalLoadCases(normalized, axial);
    const c = process.cpuUsage(c0);
    times.push(performance.now() - t0);
    cpu.push((c.user + c.system) / 1000);
  }
  times.sort((a, b) => a - b);
  cpu.sort((a, b) => a - b);
  console.log(
    `lateral+section 1000 load points (20 m piles, 0.1 m elements): median ${times[2]!.toFixed(0)} ms, min ${times[0]!.toFixed(0)} ms wall; CPU time median ${cpu[2]!.toFixed(0)} ms, min ${cpu[0]!.toFixed(0)} ms`,
  );
}
