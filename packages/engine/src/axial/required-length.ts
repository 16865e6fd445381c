import { mToCm, type Meter } from '../units/units';
import type { CheckName, PileContext } from './evaluate';
import { StepKernel } from './step-kernel';

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
  /** First length passing all checks [m], or null. */
  required: number | null;
  /** Best length reached (max R_d) when no length passes [m], or null when no length was tried. */
  best: number | null;
  /** Number of trial lengths (including the cheaply rejected ones). */
  steps: number;
  lastFailed: CheckName | null;
  trace: IterationStep[];
};

const round9 = (x: number) => Math.round(x * 1e9) / 1e9;

const finite = (x: number) => (Number.isFinite(x) ? x : null);

function toStep(k: StepKernel, L: number, top: number): IterationStep {
  return {
    L,
    Soll_UK_Pfahl: top - L,
    R_d: k.R_d,
    EzuR: finite(k.EzuR * 100),
    Setzung: k.s === null ? null : mToCm(k.s),
    failed: k.failed,
  };
}

/**
 * Required pile length: L = Lmin, Lmin + h, … ≤ Lmax; the first L passing toe layer, embedment,
 * ULS (compression, tension) and SLS wins. Within one toe layer a step the cheap check rejects is not
 * evaluated further (R_d only grows there); at every toe-layer change and at passing steps the full
 * evaluation runs (StepKernel, same numbers as `evaluateAt`).
 * @param Lmin `MindestPfahllaenge` [m] @param Lmax governing maximum [m] @param h `Schrittweite` [m]
 * @see docs/sources/engine.md §E2.6
 */
export function findRequiredLength(
  ctx: PileContext,
  Lmin: Meter,
  Lmax: Meter,
  h: Meter,
  mode: IterationTraceMode,
): LengthSearch {
  const trace: IterationStep[] = [];
  let best: number | null = null;
  let bestR = 0;
  let steps = 0;
  let previousLayer = -2;
  let lastFailed: CheckName | null = null;
  let lastL: number | null = null;
  const kernel = new StepKernel(ctx);
  // Without base averaging R_d grows within a toe layer, so the largest R_d of a layer is at its deepest step: a
  // cheaply rejected step is remembered and evaluated by a second kernel when the layer changes (or the iteration
  // ends). With averaging (`SpitzendruckMittelung`) R_b varies within the layer, so every cheaply rejected step is
  // evaluated. Either way `best` is the step with the largest R_d, as the full trace finds it.
  const probe = new StepKernel(ctx);
  let pending: number | null = null;
  const considerPending = () => {
    if (pending === null) return;
    probe.moveTo(pending);
    probe.evaluate();
    if (best === null || probe.R_d > bestR) {
      best = pending;
      bestR = probe.R_d;
    }
    pending = null;
  };
  for (let k = 0; ; k += 1) {
    const L = round9(Lmin + k * h);
    if (L > Lmax + 1e-9) break;
    steps += 1;
    kernel.moveTo(L);
    const quick = mode === 'full' ? null : kernel.check();
    const isLayerChange = previousLayer !== kernel.layer;
    previousLayer = kernel.layer;
    if (isLayerChange) considerPending();
    if (quick !== null && !isLayerChange && best !== null) {
      // Cheap rejection: only the best-so-far bookkeeping needs R_d (see `pending` above).
      lastFailed = quick;
      lastL = L;
      pending = L;
      if (ctx.averaging !== null) considerPending();
      continue;
    }
    kernel.evaluate();
    if (mode === 'full' || isLayerChange || kernel.failed === null) {
      trace.push(toStep(kernel, L, ctx.top));
    }
    if (kernel.failed === null) return { required: L, best: null, steps, lastFailed: null, trace };
    if (best === null || kernel.R_d > bestR) {
      best = L;
      bestR = kernel.R_d;
    }
    lastFailed = kernel.failed;
    lastL = L;
    pending = null;
  }
  considerPending();
  if (lastL !== null) {
    kernel.moveTo(lastL);
    kernel.evaluate();
    if (best === null || kernel.R_d > bestR) best = lastL;
    if (mode === 'summary' && trace[trace.length - 1]?.L !== lastL) {
      trace.push(toStep(kernel, lastL, ctx.top));
    }
  }
  return { required: null, best, steps, lastFailed, trace };
}
