import { pileGeometry } from '../geometry/pile-geometry';
import type { Evaluation } from '../axial/evaluate';
import type { PileSetup } from '../axial/pile-setup';
import type { LengthSearch } from '../axial/required-length';
import type { AxialPileTrace, LayerTrace } from './result-types';

/** Builds the layer traces at the final evaluation (shaft lengths and partial resistances). */
function layerTraces(setup: PileSetup, e: Evaluation): LayerTrace[] {
  const { ctx } = setup;
  const { model } = ctx;
  const factor = ctx.perimeter * ctx.skinShare * ctx.groupFactor;
  return model.layers.map((lv, i) => {
    const top = model.tops[i]!;
    const bottom = model.bottoms[i]!;
    const shaftLength = Math.max(0, Math.min(top, ctx.zStart) - Math.max(bottom, e.zToe));
    return {
      rowIndex: model.profile.soil_layers[i]!.rowIndex,
      top,
      bottom,
      kind: lv.kind,
      shaftLength,
      skin: lv.skin,
      skinStar: lv.skinStar,
      base: lv.base,
      Rs_i: factor * model.qSkin[i]! * shaftLength,
      RsStar_i: lv.skinStar === null ? null : factor * model.qSkinStar[i]! * shaftLength,
      tauNk: model.qNeg[i]!,
    };
  });
}

/** Assembles the trace of one load point. */
export function buildTrace(
  setup: PileSetup,
  e: Evaluation,
  search: LengthSearch,
  mode: 'summary' | 'full',
  coordination: AxialPileTrace['toeCoordination'],
): AxialPileTrace {
  const { ctx, family, loads, pile } = setup;
  const c = e.curve;
  return {
    PfahlTyp: pile.PfahlTyp!,
    tableFamily: family.tables,
    mapping: family.mapping,
    curveKind: family.curve,
    inputs: {
      size: pile.SollDurchmesser!,
      sizeMeaning: pileGeometry(pile.PfahlTyp, pile.SollDurchmesser!).sizeMeaning,
      D: ctx.D,
      A_b: ctx.area,
      perimeter: ctx.perimeter,
      top: ctx.top,
      skinStartLevel: ctx.zStart,
      skinShare: ctx.skinShare,
      gammaDruck: ctx.gammaDruck,
      gammaZug: ctx.gammaZug,
      loadSource: loads.source,
      isMainTension: loads.isMainTension,
      G: loads.G,
      Q: loads.Q,
      Ek: ctx.Ek,
      Ed: ctx.Ed,
      EkMin: ctx.EkMin,
      EdMin: ctx.EdMin,
      utilisationLimitPercent: ctx.utilisationLimit * 100,
      allowedSettlementCm: ctx.sAllow * 100,
      requiredEmbedment: ctx.requiredEmbedment,
      Lmin: setup.Lmin,
      Lmax: setup.Lmax,
      limit: setup.limit,
      drillLevel: setup.drillLevel,
    },
    group: setup.group,
    rowValues: pile.rowValues,
    layers: layerTraces(setup, e),
    toe: {
      layerRowIndex: e.toeLayer,
      qbUsed: e.qbUsed,
      sRel: ctx.model.layers[0]!.base.map((b) => b.sRel!),
      isAveraged: ctx.averaging !== null,
    },
    negativeSkinFriction: {
      Fn: e.Fn,
      EkWithFn: ctx.Ek + e.Fn,
      EdWithFn: ctx.Ed + ctx.gammaG * e.Fn,
    },
    curve:
      c === null
        ? null
        : {
            ssgCm: c.ssg * 100,
            sgCm: c.sg * 100,
            isSsgCapped: c.isSsgCapped,
            points: c.points.map((p) => ({ sCm: p.s * 100, Rs: p.Rs, Rb: p.Rb, R: p.R })),
          },
    iteration: { steps: search.steps, mode, trace: search.trace },
    toeCoordination: coordination,
  };
}
