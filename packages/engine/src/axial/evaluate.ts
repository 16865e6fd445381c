import type { ResistanceCurve } from './curve';
import { buildCurve, settlementFor, skinLimitSettlement, springStiffness } from './curve';
import type { ProfileModel } from './profile-model';
import { integralTo, layerIndexAt, LEVEL_EPS, profileBottom } from './profile-model';

/** Everything about one load point that does not depend on the pile length (units m, kN). */
export type PileContext = {
  model: ProfileModel;
  /** Diameter D [m], base area A_b = πD²/4 [m²], perimeter πD [m]. */
  D: number;
  area: number;
  perimeter: number;
  /** Pile top level [m NHN] and start of skin friction min(top, startKote) [m NHN]. */
  top: number;
  zStart: number;
  /** Row skin share (fraction). */
  skinShare: number;
  /** Group efficiency on resistances (1 for single piles). */
  groupFactor: number;
  gammaDruck: number;
  gammaZug: number;
  /** Loads per pile [kN] (compression positive; min loads negative = tension). */
  Ed: number;
  Ek: number;
  EdMin: number;
  EkMin: number;
  /** Permissible utilisation (fraction) and settlement [m]. */
  utilisationLimit: number;
  sAllow: number;
  /** Required embedment into `IstEindringRelevant` layers [m]. */
  requiredEmbedment: number;
  /** Base-pressure averaging zone (m above / below the toe), or null. */
  averaging: { above: number; below: number } | null;
};

/** Checks of the length iteration, in the order they are tried. */
export type CheckName =
  'toe-layer' | 'embedment' | 'uls-compression' | 'uls-tension' | 'sls-settlement';

/** Result of one trial length (per pile, group factor applied). */
export type Evaluation = {
  L: number;
  zToe: number;
  toeLayer: number;
  /** Base q values used at the toe [kN/m²] (averaged when `SpitzendruckMittelung`). */
  qbUsed: number[];
  Rs_k: number;
  Rb_k: number;
  Rc_k: number;
  R_d: number;
  /** E_d / R_d (fraction). */
  EzuR: number;
  /** Tension: R_s,t,k [kN], R_d_Min = R_s,t,k / γ_Zug, utilisation (fraction, 0 without tension). */
  Rt_k: number;
  R_d_Min: number;
  EzuRMin: number;
  /** Contiguous embedment into relevant layers above the toe [m]. */
  embedment: number;
  /** First failed check (null = all passed). */
  failed: CheckName | null;
  curve: ResistanceCurve | null;
  /** Settlement [m] and stiffness [kN/m] for E_k (null when not computed or E_k > R(s_end)). */
  s: number | null;
  stiffness: number | null;
};

function baseValues(ctx: PileContext, zToe: number, toeLayer: number): number[] {
  const { model } = ctx;
  const own = model.layers[toeLayer]!.base.map((b) => b.used);
  if (ctx.averaging === null) return own;
  const zHigh = Math.min(zToe + ctx.averaging.above, model.tops[0]!);
  const zLow = Math.max(zToe - ctx.averaging.below, profileBottom(model));
  if (zHigh - zLow <= LEVEL_EPS) return own;
  return model.cumBase.map(
    (cum, k) =>
      (integralTo(model, cum, model.qBase[k]!, zLow) -
        integralTo(model, cum, model.qBase[k]!, zHigh)) /
      (zHigh - zLow),
  );
}

function shaft(ctx: PileContext, cum: number[], q: readonly number[], zToe: number): number {
  if (zToe >= ctx.zStart) return 0;
  const { model } = ctx;
  return (
    ctx.perimeter *
    ctx.skinShare *
    ctx.groupFactor *
    (integralTo(model, cum, q, zToe) - integralTo(model, cum, q, ctx.zStart))
  );
}

/**
 * Allocation-free pre-check of one trial length (toe layer, embedment, ULS compression and tension);
 * the length iteration calls `evaluateAt` only when this passes. Same formulas as `evaluateAt`.
 * @returns the first failed cheap check, or null
 */
export function quickCheck(ctx: PileContext, L: number): CheckName | null {
  const { model } = ctx;
  const zToe = ctx.top - L;
  const i = layerIndexAt(model, zToe);
  if (!model.profile.soil_layers[i]!.FuszAbsetzbar) return 'toe-layer';
  const runTop = model.relevantRunTop[i];
  const embedment = runTop == null ? 0 : Math.max(0, Math.min(runTop, ctx.zStart) - zToe);
  if (embedment < ctx.requiredEmbedment - LEVEL_EPS) return 'embedment';
  const layers = model.layers;
  const isDriven = model.family.curve === 'driven';
  const Rs = shaft(ctx, model.cumSkin, model.qSkin, zToe);
  const RsMax = isDriven ? Math.max(Rs, shaft(ctx, model.cumSkinStar, model.qSkinStar, zToe)) : Rs;
  let qb = 0;
  for (let k = 0; k < layers[i]!.base.length; k += 1) {
    qb = Math.max(
      qb,
      ctx.averaging === null ? layers[i]!.base[k]!.used : averagedBase(ctx, zToe, k),
    );
  }
  const R_d = (RsMax + qb * ctx.area * ctx.groupFactor) / ctx.gammaDruck;
  if (ctx.Ed > 0 && (R_d <= 0 || ctx.Ed / R_d > ctx.utilisationLimit + 1e-12)) {
    return 'uls-compression';
  }
  if (ctx.Ek > 0 && resistanceAtSettlement(ctx, zToe, i, Rs, ctx.sAllow) < ctx.Ek - 1e-9) {
    return 'sls-settlement';
  }
  if (ctx.EdMin < 0) {
    const Rt = shaft(ctx, model.cumTension, model.qTension, zToe) / ctx.gammaZug;
    if (Rt <= 0 || -ctx.EdMin / Rt > ctx.utilisationLimit + 1e-12) return 'uls-tension';
  }
  return null;
}

/**
 * Evaluates one trial length: resistances, ULS checks, and (when `isFull` or all cheap checks pass)
 * the curve and the settlement. Cheap checks run first so that most steps cost O(log layers).
 * @param L pile length below `SollPfahlOberKante` [m]
 * @see calculation-reference.md §2.1–§2.6, §6.3
 */
export function evaluateAt(ctx: PileContext, L: number, isFull: boolean): Evaluation {
  const { model } = ctx;
  const zToe = ctx.top - L;
  const toeLayer = layerIndexAt(model, zToe);
  const layers = model.layers;
  const Rs = shaft(ctx, model.cumSkin, model.qSkin, zToe);
  const isDriven = model.family.curve === 'driven';
  const RsStar = isDriven ? shaft(ctx, model.cumSkinStar, model.qSkinStar, zToe) : 0;
  const qbUsed = baseValues(ctx, zToe, toeLayer);
  const Rb = qbUsed.map((q) => q * ctx.area * ctx.groupFactor);
  const Rs_k = isDriven ? Math.max(Rs, RsStar) : Rs;
  const Rb_k = Math.max(0, ...Rb);
  const Rc_k = Rs_k + Rb_k;
  const R_d = Rc_k / ctx.gammaDruck;
  const EzuR = ctx.Ed <= 0 ? 0 : R_d > 0 ? ctx.Ed / R_d : Number.POSITIVE_INFINITY;
  const Rt_k = shaft(ctx, model.cumTension, model.qTension, zToe);
  const R_d_Min = Rt_k / ctx.gammaZug;
  const EzuRMin =
    ctx.EdMin >= 0 ? 0 : R_d_Min > 0 ? -ctx.EdMin / R_d_Min : Number.POSITIVE_INFINITY;
  const runTop = model.relevantRunTop[toeLayer];
  const embedment = runTop == null ? 0 : Math.max(0, Math.min(runTop, ctx.zStart) - zToe);
  let failed: CheckName | null = null;
  if (!model.profile.soil_layers[toeLayer]!.FuszAbsetzbar) failed = 'toe-layer';
  else if (embedment < ctx.requiredEmbedment - LEVEL_EPS) failed = 'embedment';
  else if (EzuR > ctx.utilisationLimit + 1e-12) failed = 'uls-compression';
  else if (EzuRMin > ctx.utilisationLimit + 1e-12) failed = 'uls-tension';
  const base: Evaluation = {
    L,
    zToe,
    toeLayer,
    qbUsed,
    Rs_k,
    Rb_k,
    Rc_k,
    R_d,
    EzuR,
    Rt_k,
    R_d_Min,
    EzuRMin,
    embedment,
    failed,
    curve: null,
    s: null,
    stiffness: null,
  };
  if (failed !== null && !isFull) return base;
  const sRel = layers[0]!.base.map((b) => b.sRel!);
  const curve = buildCurve(model.family.curve, ctx.D, Rs, RsStar, Rb, sRel);
  const s = settlementFor(curve.points, ctx.Ek);
  const stiffness = springStiffness(curve.points, ctx.Ek, s);
  if (failed === null && (s === null || s > ctx.sAllow + 1e-12)) failed = 'sls-settlement';
  return { ...base, failed, curve, s, stiffness };
}

/** Index of the toe layer for a trial length. */
/**
 * R(s) of the curve of `buildCurve` evaluated inline without allocations (the curve is monotone, so
 * s(E_k) ≤ s_allow ⇔ R(s_allow) ≥ E_k). Same knots as `buildCurve` (ADR 0010).
 */
function resistanceAtSettlement(
  ctx: PileContext,
  zToe: number,
  toeLayer: number,
  Rs: number,
  s: number,
): number {
  const { model } = ctx;
  const D = ctx.D;
  let skin: number;
  if (model.family.curve === 'bored') {
    const ssg = skinLimitSettlement(Rs, 3.0).s;
    skin = Rs * Math.min(1, s / ssg);
  } else {
    const RsStar = shaft(ctx, model.cumSkinStar, model.qSkinStar, zToe);
    const ssgStar = skinLimitSettlement(RsStar, 1.0).s;
    const s2 = Math.max(0.1 * D, ssgStar);
    const R2 = Math.max(RsStar, Rs);
    skin =
      s <= ssgStar
        ? (RsStar * s) / ssgStar
        : s >= s2
          ? R2
          : RsStar + ((s - ssgStar) / (s2 - ssgStar)) * (R2 - RsStar);
  }
  const base = model.layers[toeLayer]!.base;
  let prevS = 0;
  let prevR = 0;
  let max = 0;
  for (let k = 0; k < base.length; k += 1) {
    const q = ctx.averaging === null ? base[k]!.used : averagedBase(ctx, zToe, k);
    max = Math.max(max, q * ctx.area * ctx.groupFactor);
    const ks = base[k]!.sRel! * D;
    if (s <= ks) {
      return skin + (ks === prevS ? max : prevR + ((s - prevS) / (ks - prevS)) * (max - prevR));
    }
    prevS = ks;
    prevR = max;
  }
  return skin + prevR;
}

function averagedBase(ctx: PileContext, zToe: number, k: number): number {
  const { model } = ctx;
  const zHigh = Math.min(zToe + ctx.averaging!.above, model.tops[0]!);
  const zLow = Math.max(zToe - ctx.averaging!.below, profileBottom(model));
  if (zHigh - zLow <= LEVEL_EPS) return model.layers[layerIndexAt(model, zToe)]!.base[k]!.used;
  return (
    (integralTo(model, model.cumBase[k]!, model.qBase[k]!, zLow) -
      integralTo(model, model.cumBase[k]!, model.qBase[k]!, zHigh)) /
    (zHigh - zLow)
  );
}

export const layerIndexAtLength = (ctx: PileContext, L: number): number =>
  layerIndexAt(ctx.model, ctx.top - L);
