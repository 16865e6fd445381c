import type { CheckName, Evaluation, PileContext } from './evaluate';
import { evaluateAt, layerIndexAtLength, quickCheck } from './evaluate';

/** Which limit ends the iteration. */
export type LengthLimit = 'MaxLaenge' | 'einzelMaximaleBohrtiefe' | 'profileBottom';

/** One step of the length trace (wire-like units: m, kN, %, cm). */
export type IterationStep = {
  L: number;
  Soll_UK_Pfahl: number;
  R_d: number;
  EzuR: number | null;
  Setzung: number | null;
  failed: CheckName | null;
};

/** Trace detail: 'summary' = first step, every toe-layer change, the accepted (or last) step; 'full' = every step. */
export type IterationTraceMode = 'summary' | 'full';

/** Outcome of the required-length search. */
export type LengthSearch = {
  /** First length passing all checks, or null. */
  required: Evaluation | null;
  /** Best length reached (max R_d) when no length passes. */
  best: Evaluation | null;
  /** Number of trial lengths evaluated. */
  steps: number;
  lastFailed: CheckName | null;
  trace: IterationStep[];
};

const round9 = (x: number) => Math.round(x * 1e9) / 1e9;

const finite = (x: number) => (Number.isFinite(x) ? x : null);

function toStep(e: Evaluation, top: number): IterationStep {
  return {
    L: e.L,
    Soll_UK_Pfahl: top - e.L,
    R_d: e.R_d,
    EzuR: finite(e.EzuR * 100),
    Setzung: e.s === null ? null : e.s * 100,
    failed: e.failed,
  };
}

/**
 * Required pile length: L = Lmin, Lmin + h, … ≤ Lmax; the first L passing toe layer, embedment,
 * ULS (compression, tension) and SLS wins.
 * @param Lmin `MindestPfahllaenge` [m] @param Lmax governing maximum [m] @param h `Schrittweite` [m]
 * @see calculation-reference.md §2.6
 */
export function findRequiredLength(
  ctx: PileContext,
  Lmin: number,
  Lmax: number,
  h: number,
  mode: IterationTraceMode,
): LengthSearch {
  const trace: IterationStep[] = [];
  let best: Evaluation | null = null;
  let previous: Evaluation | null = null;
  let steps = 0;
  let previousLayer = -2;
  let lastFailed: CheckName | null = null;
  let lastL: number | null = null;
  for (let k = 0; ; k += 1) {
    const L = round9(Lmin + k * h);
    if (L > Lmax + 1e-9) break;
    steps += 1;
    const quick = mode === 'full' ? null : quickCheck(ctx, L);
    const toeLayer = layerIndexAtLength(ctx, L);
    const isLayerChange = previousLayer !== toeLayer;
    previousLayer = toeLayer;
    if (quick !== null && !isLayerChange && best !== null && previous !== null) {
      // Cheap rejection: only the best-so-far bookkeeping needs R_d, which grows within a layer.
      lastFailed = quick;
      lastL = L;
      continue;
    }
    const e = evaluateAt(ctx, L, mode === 'full' || isLayerChange || quick === null);
    if (mode === 'full' || isLayerChange || e.failed === null) trace.push(toStep(e, ctx.top));
    if (e.failed === null) return { required: e, best: null, steps, lastFailed: null, trace };
    if (best === null || e.R_d > best.R_d) best = e;
    previous = e;
    lastFailed = e.failed;
    lastL = L;
  }
  if (lastL !== null) {
    const last = evaluateAt(ctx, lastL, true);
    if (best === null || last.R_d > best.R_d) best = last;
    if (mode === 'summary' && trace[trace.length - 1]?.L !== lastL) {
      trace.push(toStep(last, ctx.top));
    }
  }
  return { required: null, best, steps, lastFailed, trace };
}
