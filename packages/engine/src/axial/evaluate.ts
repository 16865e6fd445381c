import type {
  Fraction,
  KiloNewton,
  KiloNewtonPerMeter,
  KiloNewtonPerSquareMeter,
  Meter,
} from '../units/units';
import type { ResistanceCurve } from './curve';
import { buildCurve, settlementFor, springStiffness } from './curve';
import type { ProfileModel } from './profile-model';
import { integralTo, LEVEL_EPS, profileBottom } from './profile-model';

/** Everything about one load point that does not depend on the pile length (units m, kN). */
export type PileContext = {
  model: ProfileModel;
  /**
   * Diameter D for the D-based rules (s/D, s_g, averaging, 3·D) [m] — for a square the equal-area D_eq = 1.128·a —,
   * base area A_b [m²] and shaft perimeter [m] of the section family (geometry/pile-geometry.ts, ADR 0130).
   */
  D: Meter;
  area: number;
  perimeter: Meter;
  /** Pile top level [m NHN] and start of skin friction min(top, startKote) [m NHN]. */
  top: Meter;
  zStart: Meter;
  /** Row skin share (fraction). */
  skinShare: Fraction;
  /** Group efficiency on resistances (fraction, 1 for single piles). */
  groupFactor: Fraction;
  /** Partial factors γ on the resistances: plain dimensionless numbers (ADR 0205, addendum 2026-11-27). */
  gammaDruck: number;
  gammaZug: number;
  /** γ_G for the drag force of negative skin friction (a permanent action, docs/sources/engine.md §E6.4 [U]). */
  gammaG: number;
  /** Loads per pile [kN] (compression positive; min loads negative = tension). */
  Ed: KiloNewton;
  Ek: KiloNewton;
  EdMin: KiloNewton;
  EkMin: KiloNewton;
  /** Permissible utilisation (fraction) and settlement [m]. */
  utilisationLimit: Fraction;
  sAllow: Meter;
  /** Required embedment into `IstEindringRelevant` layers [m]. */
  requiredEmbedment: Meter;
  /** Base-pressure averaging zone (m above / below the toe), or null. */
  averaging: { above: Meter; below: Meter } | null;
};

/** Checks of the length iteration, in the order they are tried. */
export type CheckName =
  'toe-layer' | 'embedment' | 'uls-compression' | 'uls-tension' | 'sls-settlement';

/**
 * Result of one trial length (per pile, group factor applied). `L` stays a plain number [m]: the length search
 * and `project/` hand it over as computed lengths (ADR 0205, addendum 2026-11-27).
 */
export type Evaluation = {
  L: number;
  /** Toe level [m NHN]. */
  zToe: Meter;
  toeLayer: number;
  /** Base q values used at the toe [kN/m²] (averaged when `SpitzendruckMittelung`). */
  qbUsed: KiloNewtonPerSquareMeter[];
  /** Resistances per pile [kN]: R_s,k, R_b,k, R_c,k, R_c,d. */
  Rs_k: KiloNewton;
  Rb_k: KiloNewton;
  Rc_k: KiloNewton;
  R_d: KiloNewton;
  /** E_d / R_d (fraction). */
  EzuR: Fraction;
  /** Tension: R_s,t,k [kN], R_d_Min = R_s,t,k / γ_Zug [kN], utilisation (fraction, 0 without tension). */
  Rt_k: KiloNewton;
  R_d_Min: KiloNewton;
  EzuRMin: Fraction;
  /** Contiguous embedment into relevant layers above the toe [m]. */
  embedment: Meter;
  /** Drag force of negative skin friction on the shaft above the toe [kN] (0 without `tauNk`). */
  Fn: KiloNewton;
  /** First failed check (null = all passed). */
  failed: CheckName | null;
  curve: ResistanceCurve | null;
  /** Settlement [m] and stiffness [kN/m] for E_k (null when not computed or E_k > R(s_end)). */
  s: Meter | null;
  stiffness: KiloNewtonPerMeter | null;
};

/** Base q values at the toe level zToe [m NHN] [kN/m²], averaged over the zone when `SpitzendruckMittelung`. */
function baseValues(ctx: PileContext, zToe: Meter, toeLayer: number): KiloNewtonPerSquareMeter[] {
  const { model } = ctx;
  // Toe above the profile (pile top above startKote, short trial length): no base resistance.
  if (toeLayer < 0) return model.qBase.map(() => 0 as KiloNewtonPerSquareMeter);
  const own = model.qBase.map((q) => q[toeLayer]!);
  if (ctx.averaging === null) return own;
  const zHigh = Math.min(zToe + ctx.averaging.above, model.tops[0]!) as Meter;
  const zLow = Math.max(zToe - ctx.averaging.below, profileBottom(model)) as Meter;
  if (zHigh - zLow <= LEVEL_EPS) return own;
  return model.cumBase.map(
    (cum, k) =>
      ((integralTo(model, cum, model.qBase[k]!, zLow) -
        integralTo(model, cum, model.qBase[k]!, zHigh)) /
        (zHigh - zLow)) as KiloNewtonPerSquareMeter,
  );
}

/**
 * Drag force of negative skin friction F_n = π·D·Σ τ_n,k,i·t_i over the shaft in `tauNk` layers [kN], a permanent
 * action added to E_k and (× γ_G) to E_d (docs/sources/engine.md §E6.4 [U]; neither the row share nor the group factor applies).
 */
export function dragForce(ctx: PileContext, zToe: Meter): KiloNewton {
  const { model } = ctx;
  if (!model.hasNegativeSkinFriction || zToe >= ctx.zStart) return 0 as KiloNewton;
  return (ctx.perimeter *
    (integralTo(model, model.cumNeg, model.qNeg, zToe) -
      integralTo(model, model.cumNeg, model.qNeg, ctx.zStart))) as KiloNewton;
}

/** Contiguous embedment into `IstEindringRelevant` layers above the toe [m] (0 for a toe above the soil). */
export function embedmentAt(ctx: PileContext, toeLayer: number, zToe: Meter): Meter {
  const runTop = toeLayer < 0 ? null : ctx.model.relevantRunTop[toeLayer];
  return (runTop == null ? 0 : Math.max(0, Math.min(runTop, ctx.zStart) - zToe)) as Meter;
}

/**
 * First failed check before the settlement check, in the order of the length iteration: toe layer, embedment,
 * ULS compression, ULS tension (utilisations as fractions). Shared by `evaluateAt` and `StepKernel.evaluate`.
 */
export function failedBeforeSettlement(
  ctx: PileContext,
  toeLayer: number,
  embedment: Meter,
  EzuR: Fraction,
  EzuRMin: Fraction,
): CheckName | null {
  if (toeLayer < 0 || !ctx.model.profile.soil_layers[toeLayer]!.FuszAbsetzbar) return 'toe-layer';
  if (embedment < ctx.requiredEmbedment - LEVEL_EPS) return 'embedment';
  if (EzuR > ctx.utilisationLimit + 1e-12) return 'uls-compression';
  if (EzuRMin > ctx.utilisationLimit + 1e-12) return 'uls-tension';
  return null;
}

/** Shaft resistance from the skin start to the toe for one cumulative integral [kN]. */
function shaft(
  ctx: PileContext,
  cum: readonly number[],
  q: readonly KiloNewtonPerSquareMeter[],
  zToe: Meter,
): KiloNewton {
  if (zToe >= ctx.zStart) return 0 as KiloNewton;
  const { model } = ctx;
  return (ctx.perimeter *
    ctx.skinShare *
    ctx.groupFactor *
    (integralTo(model, cum, q, zToe) - integralTo(model, cum, q, ctx.zStart))) as KiloNewton;
}

/**
 * Evaluates one trial length: resistances, ULS checks, and (when `isFull` or all cheap checks pass)
 * the curve and the settlement. Cheap checks run first so that most steps cost O(log layers).
 * @param L pile length below `SollPfahlOberKante` [m]
 * @see docs/sources/engine.md §E2.1–§E2.6, §E6.3
 */
export function evaluateAt(ctx: PileContext, L: number, isFull: boolean): Evaluation {
  const { model } = ctx;
  const zToe = (ctx.top - L) as Meter;
  const toeLayer = toeLayerAt(model, zToe, 0);
  const Rs = shaft(ctx, model.cumSkin, model.qSkin, zToe);
  const isDriven = model.family.curve === 'driven';
  const RsStar = isDriven
    ? shaft(ctx, model.cumSkinStar, model.qSkinStar, zToe)
    : (0 as KiloNewton);
  const qbUsed = baseValues(ctx, zToe, toeLayer);
  const Rb: number[] = [];
  let Rb_k = 0;
  for (const q of qbUsed) {
    const r = q * ctx.area * ctx.groupFactor;
    Rb.push(r);
    Rb_k = Math.max(Rb_k, r);
  }
  // resistances [kN], utilisations (fractions)
  const Rs_k = (isDriven ? Math.max(Rs, RsStar) : Rs) as KiloNewton;
  const Rc_k = (Rs_k + Rb_k) as KiloNewton;
  const R_d = (Rc_k / ctx.gammaDruck) as KiloNewton;
  const Fn = dragForce(ctx, zToe);
  const Ed = ctx.Ed + ctx.gammaG * Fn;
  const Ek = (ctx.Ek + Fn) as KiloNewton;
  const EzuR = (Ed <= 0 ? 0 : R_d > 0 ? Ed / R_d : Number.POSITIVE_INFINITY) as Fraction;
  const Rt_k = shaft(ctx, model.cumTension, model.qTension, zToe);
  const R_d_Min = (Rt_k / ctx.gammaZug) as KiloNewton;
  const EzuRMin = (
    ctx.EdMin >= 0 ? 0 : R_d_Min > 0 ? -(ctx.EdMin as number) / R_d_Min : Number.POSITIVE_INFINITY
  ) as Fraction;
  const embedment = embedmentAt(ctx, toeLayer, zToe);
  let failed = failedBeforeSettlement(ctx, toeLayer, embedment, EzuR, EzuRMin);
  let curve: ResistanceCurve | null = null;
  let s: Meter | null = null;
  let stiffness: KiloNewtonPerMeter | null = null;
  if (failed === null || isFull) {
    curve = buildCurve(model.family.curve, ctx.D, Rs, RsStar, Rb, model.sRel);
    s = settlementFor(curve.points, Ek);
    stiffness = springStiffness(curve.points, Ek, s);
    if (failed === null && (s === null || s > ctx.sAllow + 1e-12)) failed = 'sls-settlement';
  }
  return {
    L,
    zToe,
    toeLayer,
    qbUsed,
    Rs_k,
    Rb_k: Rb_k as KiloNewton, // max R_b of the base slots [kN]
    Rc_k,
    R_d,
    EzuR,
    Rt_k,
    R_d_Min,
    EzuRMin,
    embedment,
    Fn,
    failed,
    curve,
    s,
    stiffness,
  };
}

/**
 * Index of the toe layer for level z: like `layerIndexAt`, but -1 only ABOVE the profile (a toe a rounding
 * step below the profile bottom stays in the last layer), searched downwards from layer `from` (the toe
 * only moves down during the length iteration). A zero-thickness layer is never the toe layer (ADR 0017).
 */
export function toeLayerAt(model: ProfileModel, z: Meter, from: number): number {
  const { bottoms } = model;
  if (z > model.tops[0]! + LEVEL_EPS) return -1;
  const { tops } = model;
  let i = from;
  while (i < bottoms.length - 1 && (z < bottoms[i]! - LEVEL_EPS || tops[i] === bottoms[i])) i += 1;
  while (i > 0 && tops[i] === bottoms[i]) i -= 1; // a zero-thickness last layer: the real layer above
  return i;
}

/**
 * Base pressure q_b of slot k averaged over the zone around the toe level zToe [m NHN] (`SpitzendruckMittelung`)
 * [kN/m²].
 */
export function averagedBase(ctx: PileContext, zToe: Meter, k: number): KiloNewtonPerSquareMeter {
  const { model } = ctx;
  const zHigh = Math.min(zToe + ctx.averaging!.above, model.tops[0]!) as Meter;
  const zLow = Math.max(zToe - ctx.averaging!.below, profileBottom(model)) as Meter;
  if (zHigh - zLow <= LEVEL_EPS) return model.qBase[k]![Math.max(0, toeLayerAt(model, zToe, 0))]!;
  return ((integralTo(model, model.cumBase[k]!, model.qBase[k]!, zLow) -
    integralTo(model, model.cumBase[k]!, model.qBase[k]!, zHigh)) /
    (zHigh - zLow)) as KiloNewtonPerSquareMeter;
}
