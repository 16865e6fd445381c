import type { Fraction, KiloNewton, KiloNewtonPerSquareMeter, Meter } from '../units/units';
import { CurveBuilder } from './curve';
import type { CheckName, PileContext } from './evaluate';
import {
  averagedBase,
  dragForce,
  embedmentAt,
  failedBeforeSettlement,
  toeLayerAt,
} from './evaluate';
import { integralTo, LEVEL_EPS } from './profile-model';

/**
 * Allocation-free pre-check of the trial lengths of ONE load point, walked downwards (the axial bench of docs/benchmarks.md:
 * 1,000 load points at `Schrittweite` 0.1 m are about 10⁵ trial lengths). It evaluates the same
 * formulas in the same floating-point order as `evaluateAt` (toe layer, embedment, ULS compression, SLS
 * via R(s_allow) ≥ E_k on the curve of ADR 0010, ULS tension), so a step it passes is exactly a step
 * `evaluateAt` passes; everything that only depends on the toe layer is computed once per layer.
 * The length iteration calls `evaluateAt` (with the full curve) only at layer changes and passing steps.
 * @see docs/sources/engine.md §E2.1–§E2.6, §E6.3; ADR 0010
 */
export class StepKernel {
  private readonly ctx: PileContext;
  /** π·D·share·η_G, evaluated like `shaft` in evaluate.ts. */
  private readonly factor: number;
  /** ∫q dz from the profile top to the start of skin friction (skin, skin*, tension). */
  private readonly startSkin: number;
  private readonly startStar: number;
  private readonly startTension: number;
  private readonly isDriven: boolean;
  /** Profile top and bottom level [m NHN]. */
  private readonly top0: Meter;
  private readonly bottom: Meter;
  /** Toe layer of the current step (-1 = toe above the profile) and its cached per-layer values. */
  layer = -2;
  /** Toe level of the current step [m NHN]. */
  private zToe = 0 as Meter;
  private qbArea = 0;
  private baseAtAllow = 0;
  private readonly curve = new CurveBuilder();
  private readonly rb: Float64Array;
  /** Results of the last `evaluate()` (same numbers as `evaluateAt` with the full curve): R_c,d [kN]. */
  R_d = 0 as KiloNewton;
  /** E_d / R_d (fraction; +∞ without resistance). */
  EzuR = 0 as Fraction;
  /** Settlement for E_k [m], null when E_k exceeds the curve. */
  s: Meter | null = null;
  failed: CheckName | null = null;

  constructor(ctx: PileContext) {
    this.ctx = ctx;
    const { model } = ctx;
    this.factor = ctx.perimeter * ctx.skinShare * ctx.groupFactor;
    this.startSkin = integralTo(model, model.cumSkin, model.qSkin, ctx.zStart);
    this.startStar = integralTo(model, model.cumSkinStar, model.qSkinStar, ctx.zStart);
    this.startTension = integralTo(model, model.cumTension, model.qTension, ctx.zStart);
    this.isDriven = model.family.curve === 'driven';
    this.top0 = model.tops[0]!;
    this.bottom = model.bottoms[model.bottoms.length - 1]!;
    this.rb = new Float64Array(model.qBase.length);
  }

  /**
   * Moves to trial length L [m] (plain: the hot loop of the length search, ADR 0205); the toe layer only moves
   * down, so the index search is incremental.
   */
  moveTo(L: number): void {
    const zToe = (this.ctx.top - L) as Meter;
    this.zToe = zToe;
    const layer = toeLayerAt(this.ctx.model, zToe, this.layer < 0 ? 0 : this.layer);
    if (layer !== this.layer) {
      this.layer = layer;
      if (layer >= 0 && this.ctx.averaging === null) this.cacheBase(layer);
    }
  }

  /** Base part of the curve at s_allow and max q_b·A_b·η_G for a toe layer without averaging. */
  private cacheBase(i: number): void {
    const { ctx } = this;
    const { qBase } = ctx.model;
    let qb = 0;
    for (let k = 0; k < qBase.length; k += 1) qb = Math.max(qb, qBase[k]![i]!);
    this.qbArea = qb * ctx.area * ctx.groupFactor;
    this.baseAtAllow = this.baseAt(ctx.sAllow);
  }

  /** R_b(s) [kN] of the base polygon at settlement s [m] (same knots and arithmetic as `buildCurve`). */
  private baseAt(s: Meter): number {
    const { ctx, zToe, layer } = this;
    const { qBase, sRel } = ctx.model;
    const D = ctx.D;
    let prevS = 0;
    let prevR = 0;
    let max = 0;
    for (let k = 0; k < qBase.length; k += 1) {
      const q: KiloNewtonPerSquareMeter =
        ctx.averaging === null ? qBase[k]![layer]! : averagedBase(ctx, zToe, k);
      max = Math.max(max, q * ctx.area * ctx.groupFactor);
      const ks = sRel[k]! * D;
      if (s <= ks) {
        return ks === prevS ? max : prevR + ((s - prevS) / (ks - prevS)) * (max - prevR);
      }
      prevS = ks;
      prevR = max;
    }
    return prevR;
  }

  /** Shaft resistance from the skin start to the toe for one cumulative integral [kN]. */
  private shaft(
    cum: readonly number[],
    q: readonly KiloNewtonPerSquareMeter[],
    start: number,
  ): KiloNewton {
    const { zToe } = this;
    if (zToe >= this.ctx.zStart) return 0 as KiloNewton;
    const zc = Math.min(Math.max(zToe, this.bottom), this.top0);
    const i = this.layer;
    return (this.factor * (cum[i]! + q[i]! * (this.ctx.model.tops[i]! - zc) - start)) as KiloNewton;
  }

  /** First failed cheap check at the current length, or null when all pass. */
  check(): CheckName | null {
    const { ctx, layer: i, zToe } = this;
    const { model } = ctx;
    if (i < 0 || !model.profile.soil_layers[i]!.FuszAbsetzbar) return 'toe-layer';
    if (embedmentAt(ctx, i, zToe) < ctx.requiredEmbedment - LEVEL_EPS) return 'embedment';
    const Rs = this.shaft(model.cumSkin, model.qSkin, this.startSkin);
    const RsStar = this.isDriven
      ? this.shaft(model.cumSkinStar, model.qSkinStar, this.startStar)
      : (0 as KiloNewton);
    const RsMax = this.isDriven ? Math.max(Rs, RsStar) : Rs;
    let qbArea = this.qbArea;
    if (ctx.averaging !== null) {
      let qb = 0;
      for (let k = 0; k < model.qBase.length; k += 1) {
        qb = Math.max(qb, averagedBase(ctx, zToe, k));
      }
      qbArea = qb * ctx.area * ctx.groupFactor;
    }
    const R_d = (RsMax + qbArea) / ctx.gammaDruck;
    const Fn = dragForce(ctx, zToe);
    const Ed = ctx.Ed + ctx.gammaG * Fn;
    const Ek = ctx.Ek + Fn;
    if (Ed > 0 && (R_d <= 0 || Ed / R_d > ctx.utilisationLimit + 1e-12)) {
      return 'uls-compression';
    }
    if (Ek > 0) {
      const base = ctx.averaging === null ? this.baseAtAllow : this.baseAt(ctx.sAllow);
      if (this.skinAt(Rs, RsStar, ctx.sAllow) + base < Ek - 1e-9) return 'sls-settlement';
    }
    if (ctx.EdMin < 0) {
      const Rt = this.shaft(model.cumTension, model.qTension, this.startTension) / ctx.gammaZug;
      const tension = -(ctx.EdMin as number); // tension load as a positive number [kN]
      if (Rt <= 0 || tension / Rt > ctx.utilisationLimit + 1e-12) return 'uls-tension';
    }
    return null;
  }

  /**
   * Full evaluation of the current length without allocating: the checks in the order of `evaluateAt`
   * (toe layer, embedment, ULS compression, ULS tension, SLS from the curve) and the settlement for E_k.
   * Same formulas and operation order as `evaluateAt`, so the length trace and the best length agree.
   */
  evaluate(): void {
    const { ctx, layer: i, zToe } = this;
    const { model } = ctx;
    const isDriven = this.isDriven;
    const Rs = this.shaft(model.cumSkin, model.qSkin, this.startSkin);
    const RsStar = isDriven
      ? this.shaft(model.cumSkinStar, model.qSkinStar, this.startStar)
      : (0 as KiloNewton);
    const rb = this.rb;
    let Rb_k = 0;
    for (let k = 0; k < rb.length; k += 1) {
      const q =
        i < 0 ? 0 : ctx.averaging === null ? model.qBase[k]![i]! : averagedBase(ctx, zToe, k);
      rb[k] = q * ctx.area * ctx.groupFactor;
      Rb_k = Math.max(Rb_k, rb[k]!);
    }
    const Rs_k = isDriven ? Math.max(Rs, RsStar) : Rs;
    const R_d = ((Rs_k + Rb_k) / ctx.gammaDruck) as KiloNewton;
    const Fn = dragForce(ctx, zToe);
    const Ed = ctx.Ed + ctx.gammaG * Fn;
    const EzuR = (Ed <= 0 ? 0 : R_d > 0 ? Ed / R_d : Number.POSITIVE_INFINITY) as Fraction;
    const R_d_Min = this.shaft(model.cumTension, model.qTension, this.startTension) / ctx.gammaZug;
    const EzuRMin = (
      ctx.EdMin >= 0 ? 0 : R_d_Min > 0 ? -(ctx.EdMin as number) / R_d_Min : Number.POSITIVE_INFINITY
    ) as Fraction;
    let failed = failedBeforeSettlement(ctx, i, embedmentAt(ctx, i, zToe), EzuR, EzuRMin);
    this.curve.build(model.family.curve, ctx.D, Rs, RsStar, rb, rb.length, model.sRel);
    const s = this.curve.settlement((ctx.Ek + Fn) as KiloNewton);
    if (failed === null && (s === null || s > ctx.sAllow + 1e-12)) failed = 'sls-settlement';
    this.R_d = R_d;
    this.EzuR = EzuR;
    this.s = s;
    this.failed = failed;
  }

  /** R_s(s) of the skin branch of the curve (ADR 0010; s_sg bored cap 3.0 cm, s_sg* driven cap 1.0 cm). */
  private skinAt(Rs: KiloNewton, RsStar: KiloNewton, s: Meter): number {
    if (!this.isDriven) {
      const ssg = Math.min(0.5 * (Rs / 1000) + 0.5, 3.0) / 100;
      return Rs * Math.min(1, s / ssg);
    }
    const ssgStar = Math.min(0.5 * (RsStar / 1000) + 0.5, 1.0) / 100;
    const s2 = Math.max(0.1 * this.ctx.D, ssgStar);
    const R2 = Math.max(RsStar, Rs);
    return s <= ssgStar
      ? (RsStar * s) / ssgStar
      : s >= s2
        ? R2
        : RsStar + ((s - ssgStar) / (s2 - ssgStar)) * (R2 - RsStar);
  }
}
