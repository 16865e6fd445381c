// Axial bench: 1,000 load points on 3 profiles × 8 layers, Schrittweite 0.1 m (target < 100 ms, docs/benchmarks.md).
import { loadavg } from 'node:os';
import { calculateProject } from '@pfahlplaner/engine';
// eslint-disable-next-line no-restricted-imports -- the web app is not a package; the synthetic project lives beside its preview test
import { benchWorkbook } from '../apps/web/src/features/workspace/panels/utils/bench-project';

// The same synthetic project as the live-preview bench (one definition, bench-project.ts).
const project = () => benchWorkbook(1000);

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
