import type { NormalizedSettings, NormalizedSoilProfile } from '../input/types';
import { assert } from '../issues/issue';
import type { Fraction, KiloNewtonPerSquareMeter, Meter } from '../units/units';
import type { LayerValues } from './layer-values';
import { layerValues, qUsed } from './layer-values';
import type { PileFamily } from './pile-family';

/**
 * Precomputed soil model of one profile for one pile family: per layer q values and cumulative
 * integrals ∫q dz from the profile top, so that the shaft resistance of any length is O(log n).
 * Built once per (profile, pile type) and shared by all load points (performance, issue §Tests).
 */
export type ProfileModel = {
  profile: NormalizedSoilProfile;
  family: PileFamily;
  layers: LayerValues[];
  /** Layer top / bottom levels [m NHN], descending. */
  tops: Meter[];
  bottoms: Meter[];
  /**
   * ∫ q dz from the profile top down to each layer top [kN/m]; for skin, skin*, tension, each base slot. Plain
   * numbers: a resistance per metre of perimeter has no brand (ADR 0205, addendum 2026-11-27).
   */
  cumSkin: number[];
  cumSkinStar: number[];
  cumTension: number[];
  cumBase: number[][];
  /** Top level of the contiguous run of `IstEindringRelevant` layers ending in layer i (null if not relevant). */
  relevantRunTop: (Meter | null)[];
  /** Per-layer q values used [kN/m²] as flat arrays (hot loop, no closures). */
  qSkin: KiloNewtonPerSquareMeter[];
  qSkinStar: KiloNewtonPerSquareMeter[];
  qTension: KiloNewtonPerSquareMeter[];
  qBase: KiloNewtonPerSquareMeter[][];
  /**
   * Negative skin friction τ_n,k per layer [kN/m²] (`tauNk` > 0; docs/sources/engine.md §E6.4 [U]) and its cumulative integral; in such
   * a layer the positive skin friction `qSkin`/`qSkinStar` is 0 (the layer lies above the neutral plane).
   */
  qNeg: KiloNewtonPerSquareMeter[];
  cumNeg: number[];
  hasNegativeSkinFriction: boolean;
  /** Relative settlements s/D of the base slots (bored 0.02, 0.03, 0.10; driven 0.035, 0.10). */
  sRel: Fraction[];
};

/** Level tolerance [m] for boundary comparisons (floating-point steps). */
export const LEVEL_EPS = 1e-9;

/** ∫ q dz from the profile top down to each layer top [kN/m] (layer levels [m], q [kN/m²]). */
function cumulative(
  tops: readonly Meter[],
  bottoms: readonly Meter[],
  q: readonly KiloNewtonPerSquareMeter[],
): number[] {
  const cum = [0];
  for (let i = 0; i < q.length; i += 1) cum.push(cum[i]! + q[i]! * (tops[i]! - bottoms[i]!));
  return cum;
}

/**
 * Builds the profile model. The profile must be valid (checked by the normaliser).
 * @see docs/sources/engine.md §E2.1 (R_s,k = Σ q_s,k,i · A_s,i)
 */
export function buildProfileModel(
  profile: NormalizedSoilProfile,
  family: PileFamily,
  settings: NormalizedSettings,
): ProfileModel {
  assert(
    profile.isValid && profile.startKote !== null && profile.soil_layers.length > 0,
    'profile model needs a valid profile',
  );
  const tops: Meter[] = [];
  const bottoms: Meter[] = [];
  let top: Meter = profile.startKote;
  for (const layer of profile.soil_layers) {
    assert(layer.endKote !== null && layer.endKote <= top, 'layers must be ordered');
    tops.push(top);
    bottoms.push(layer.endKote);
    top = layer.endKote;
  }
  const layers = profile.soil_layers.map((l) => layerValues(l, family, settings));
  const tension = profile.soil_layers.map((l, i) =>
    l.qskZug > 0 ? l.qskZug : qUsed(layers[i]!.skin),
  );
  const slots = layers[0]!.base.length;
  const relevantRunTop: (Meter | null)[] = [];
  profile.soil_layers.forEach((l, i) => {
    const above = i > 0 ? relevantRunTop[i - 1]! : null;
    // A zero-thickness layer (ADR 0017) neither starts nor breaks a run: it passes on the run above.
    if (tops[i] === bottoms[i]) relevantRunTop.push(above);
    else relevantRunTop.push(l.IstEindringRelevant ? (above ?? tops[i]!) : null);
  });
  // Negative skin friction (docs/sources/engine.md §E6.4 [U]): layers with τ_n,k > 0 load the pile and carry no positive skin friction.
  const none = 0 as KiloNewtonPerSquareMeter;
  const qNeg = profile.soil_layers.map((l) => (l.tauNk > 0 ? l.tauNk : none));
  const qSkin = layers.map((l, i) => (qNeg[i]! > 0 ? none : qUsed(l.skin)));
  const qSkinStar = layers.map((l, i) =>
    qNeg[i]! > 0 || l.skinStar === null ? none : qUsed(l.skinStar),
  );
  return {
    profile,
    family,
    layers,
    tops,
    bottoms,
    cumSkin: cumulative(tops, bottoms, qSkin),
    cumSkinStar: cumulative(tops, bottoms, qSkinStar),
    cumTension: cumulative(tops, bottoms, tension),
    cumBase: Array.from({ length: slots }, (_, k) =>
      cumulative(
        tops,
        bottoms,
        layers.map((l) => qUsed(l.base[k]!)),
      ),
    ),
    relevantRunTop,
    qSkin,
    qSkinStar,
    qNeg,
    cumNeg: cumulative(tops, bottoms, qNeg),
    hasNegativeSkinFriction: qNeg.some((q) => q > 0),
    qTension: tension,
    qBase: Array.from({ length: slots }, (_, k) => layers.map((l) => qUsed(l.base[k]!))),
    // s/D of the base slots, a ratio (the wire trace keeps it plain)
    sRel: layers[0]!.base.map((b) => b.sRel! as Fraction),
  };
}

/** Bottom level of the profile [m NHN]. */
export const profileBottom = (model: ProfileModel): Meter =>
  model.bottoms[model.bottoms.length - 1]!;

/** Index of the layer containing level z (a level on a boundary belongs to the layer above); -1 outside. */
export function layerIndexAt(model: ProfileModel, z: Meter): number {
  const { tops, bottoms } = model;
  if (z > tops[0]! + LEVEL_EPS || z < bottoms[bottoms.length - 1]! - LEVEL_EPS) return -1;
  let lo = 0;
  let hi = bottoms.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (z >= bottoms[mid]! - LEVEL_EPS) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

/**
 * ∫ q dz from the profile top down to level z [m NHN] (clamped to the profile) [kN/m], for a cumulative array
 * and its per-layer q values [kN/m²].
 */
export function integralTo(
  model: ProfileModel,
  cum: readonly number[],
  q: readonly KiloNewtonPerSquareMeter[],
  z: Meter,
): number {
  const zc = Math.min(Math.max(z, profileBottom(model)), model.tops[0]!) as Meter;
  const i = layerIndexAt(model, zc);
  return cum[i]! + q[i]! * (model.tops[i]! - zc);
}
