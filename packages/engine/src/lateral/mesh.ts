import type {
  KiloNewtonPerCubicMeter,
  KiloNewtonPerSquareMeter,
  Meter,
  Radiant,
} from '../units/units';
import type { BeamMesh } from './beam-fe';
import { effectiveVerticalStress, passivePressure } from './passive-pressure';
import { lineSpringModulus } from './subgrade';

/** Soil layer as used by the lateral analysis (calculation units). */
export type LateralLayer = {
  /** layer top / bottom [m NHN] */ topLevel: Meter;
  bottomLevel: Meter;
  /** stiffness modulus at top / bottom [kN/m²] */ ESoben: KiloNewtonPerSquareMeter;
  ESunten: KiloNewtonPerSquareMeter;
  /** max. element length [m] */ MaxElementWeite: Meter;
  /** friction angle [rad] */ phi: Radiant;
  /** cohesion for passive pressure [kN/m²] */ cuEP: KiloNewtonPerSquareMeter;
  /** unit weights [kN/m³] */ gammaBoden: KiloNewtonPerCubicMeter;
  gammaStrichBoden: KiloNewtonPerCubicMeter;
};

/**
 * Geometry and soil of one laterally loaded pile (calculation units, levels in m NHN). EI [kNm²] has no brand
 * (ADR 0205, addendum: read only by the FE systems, which work on plain numbers).
 */
export type LateralModel = {
  /** pile head and toe [m NHN] */ headLevel: Meter;
  toeLevel: Meter;
  /** D (side length of square sections) [m] */ diameter: Meter;
  /** bending stiffness [kNm²] */ EI: number;
  isHeadFixed: boolean;
  /** OKBodenBiegung: above it the pile is a free cantilever [m NHN] */ groundLevel: Meter;
  /** [m NHN] */ groundwaterLevel: Meter;
  layers: readonly LateralLayer[];
  ksNichtReduzieren: boolean;
  gegenRaeumlichenEP: boolean;
};

/** Mesh plus the passive limit line load at every element end [kN/m] (index 2e top, 2e+1 bottom). */
export type LateralMesh = BeamMesh & {
  passiveLimit: Float64Array;
  wasElementLengthRaised: boolean;
};

/** Element length bounds [m]: the legacy default 0.1 cm (docs/sources/legacy-format.md §L10) would give 10⁴ elements. */
export const ELEMENT_LENGTH_MIN = 0.05 as Meter;
export const ELEMENT_LENGTH_MAX = 0.5 as Meter;
/** Element length where no layer gives one (free length above ground) [m]. */
export const ELEMENT_LENGTH_DEFAULT = 0.1 as Meter;

const layerAt = (model: LateralModel, level: number): LateralLayer | undefined =>
  model.layers.find((l) => level <= l.topLevel && level >= l.bottomLevel);

/** k [kN/m²] at `level` inside `layer` (Es linear between ESoben and ESunten), 0 above ground. */
const springAt = (
  model: LateralModel,
  layer: LateralLayer | undefined,
  level: number,
  isSoil: boolean,
): number => {
  if (!layer || !isSoil) return 0;
  const t =
    layer.topLevel > layer.bottomLevel
      ? (layer.topLevel - level) / (layer.topLevel - layer.bottomLevel)
      : 0;
  // Es [kN/m²] linear between the layer's top and bottom values
  return lineSpringModulus(
    (layer.ESoben + (layer.ESunten - layer.ESoben) * t) as KiloNewtonPerSquareMeter,
    model.diameter,
    model.ksNichtReduzieren,
  );
};

const limitAt = (
  model: LateralModel,
  layer: LateralLayer | undefined,
  level: number,
  isSoil: boolean,
): number => {
  if (!layer || !isSoil || !model.gegenRaeumlichenEP) return Infinity;
  // the mesh's levels are plain numbers of the element loop, tagged where they leave it [m NHN]
  const sigma = effectiveVerticalStress(
    level as Meter,
    model.groundLevel,
    model.groundwaterLevel,
    model.layers,
  );
  return passivePressure(sigma, layer.phi, layer.cuEP) * model.diameter;
};

/**
 * Builds the FE mesh from the head down to the toe. Nodes are placed at the head, OKBodenBiegung, every
 * layer boundary and the toe; each segment is divided into equal elements not longer than the layer's
 * `MaxElementWeite` (clamped to [0.05, 0.5] m).
 * @param model the pile and soil @returns mesh with k and passive limits per element end
 * @see docs/sources/engine.md §E5.3 (element length, k = 0 above OKBodenBiegung)
 */
export const buildLateralMesh = (model: LateralModel): LateralMesh => {
  const { headLevel, toeLevel } = model;
  const cuts = [
    headLevel,
    toeLevel,
    model.groundLevel,
    ...model.layers.flatMap((l) => [l.topLevel, l.bottomLevel]),
  ]
    .filter((z) => z <= headLevel && z >= toeLevel)
    .sort((a, b) => b - a)
    .filter((z, i, all) => i === 0 || all[i - 1]! - z > 1e-9);
  const levels: number[] = [headLevel];
  const kTop: number[] = [];
  const kBottom: number[] = [];
  const limit: number[] = [];
  let wasElementLengthRaised = false;
  for (let s = 0; s + 1 < cuts.length; s++) {
    const upper = cuts[s]!;
    const lower = cuts[s + 1]!;
    const mid = (upper + lower) / 2;
    const layer = layerAt(model, mid);
    const isSoil = mid < model.groundLevel;
    const wanted = layer?.MaxElementWeite ?? ELEMENT_LENGTH_DEFAULT;
    if (wanted < ELEMENT_LENGTH_MIN) wasElementLengthRaised = true;
    const hMax = Math.min(Math.max(wanted, ELEMENT_LENGTH_MIN), ELEMENT_LENGTH_MAX);
    const n = Math.max(1, Math.ceil((upper - lower) / hMax - 1e-9));
    for (let i = 0; i < n; i++) {
      const top = upper - ((upper - lower) * i) / n;
      const bottom = i + 1 === n ? lower : upper - ((upper - lower) * (i + 1)) / n;
      levels.push(bottom);
      kTop.push(springAt(model, layer, top, isSoil));
      kBottom.push(springAt(model, layer, bottom, isSoil));
      limit.push(limitAt(model, layer, top, isSoil), limitAt(model, layer, bottom, isSoil));
    }
  }
  return {
    depth: Float64Array.from(levels, (z) => headLevel - z),
    kTop: Float64Array.from(kTop),
    kBottom: Float64Array.from(kBottom),
    passiveLimit: Float64Array.from(limit),
    wasElementLengthRaised,
  };
};
