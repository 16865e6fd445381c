// Live preview (ADR 0065): one-row edits of a 1,000-load-point project, recalculated incrementally as the
// browser worker does (edited rows + rows whose toe coordination changes), next to the first full run.
// Worker messaging (structured clone of the request and the patch) is not included.
// eslint-disable-next-line no-restricted-imports -- the web app is not a package; its pure preview logic is benchmarked in node
import {
  handleRequest,
  requestFor,
} from '../apps/web/src/features/workspace/panels/utils/preview-protocol';
// eslint-disable-next-line no-restricted-imports -- see above
import { benchWorkbook } from '../apps/web/src/features/workspace/panels/utils/bench-project';

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export function run(): void {
  const base = benchWorkbook(1000);
  let t0 = performance.now();
  let { cache } = handleRequest(null, requestFor(null, base, 0));
  const fullMs = performance.now() - t0;
  const edits: { name: string; patch: (k: number) => Record<string, unknown> }[] = [
    {
      name: 'load +5 %',
      patch: (k) => ({ AlternativeCharakteristischeLastZ: 840 + (k % 17) * 63 }),
    },
    {
      name: 'load ×3 (deeper toe, coordination spreads)',
      patch: () => ({ AlternativeCharakteristischeLastZ: 3000, AlternativeDesignLastZ: 4200 }),
    },
    { name: 'diameter', patch: () => ({ SollDurchmesser: 0.75 }) },
  ];
  console.log(`preview: first (full) run of 1000 load points ${fullMs.toFixed(1)} ms`);
  for (const edit of edits) {
    const times: number[] = [];
    const sizes: number[] = [];
    for (let r = 0; r < 9; r += 1) {
      const row = 37 + r * 101;
      const workbook = {
        ...cache!.workbook,
        piles: cache!.workbook.piles.map((p, i) => (i === row ? { ...p, ...edit.patch(row) } : p)),
      };
      t0 = performance.now();
      const out = handleRequest(cache, requestFor(cache!.workbook, workbook, r + 1));
      times.push(performance.now() - t0);
      const update = 'update' in out.response ? out.response.update : null;
      sizes.push(update?.kind === 'patch' ? update.piles.length : 1000);
      cache = out.cache;
    }
    console.log(
      `preview: one-row edit (${edit.name}): median ${median(times).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms, rows patched median ${median(sizes)} (max ${Math.max(...sizes)})`,
    );
  }
}
