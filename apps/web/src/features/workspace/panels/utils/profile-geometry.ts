import type { SoilProfile } from '@pfahlplaner/contracts';
import { layerFill } from './color';

/** A pile drawn in a profile: head level, toe level after calculation (null = not calculated), D [m]. */
export type PilePlot = {
  Pname: string;
  topLevel: number;
  toeLevel: number | null;
  diameter: number;
};

/** One soil layer band [m NHN]; `kind` decides the label (c_u,k → cohesive, else q_c → non-cohesive). */
export type LayerBand = {
  index: number;
  top: number;
  bottom: number;
  fill: string;
  name: string;
  kind: 'cohesive' | 'non-cohesive' | 'none';
  qc: number | null;
  cuk: number | null;
};

const finite = (v: number | null | undefined): v is number =>
  typeof v === 'number' && Number.isFinite(v);

/**
 * Layer bands of a profile: each layer runs from the previous `endKote` (the first from `startKote`) to its
 * own `endKote`. Layers without `endKote` are skipped; a layer whose bottom is above its top (input error,
 * marked in the grid) is drawn with zero height rather than upside down.
 */
export const layerBands = (profile: SoilProfile): LayerBand[] => {
  const bands: LayerBand[] = [];
  let top: number | null = finite(profile.startKote) ? profile.startKote : null;
  profile.soil_layers.forEach((layer, index) => {
    const bottom = layer.endKote;
    if (!finite(bottom)) return;
    const from = top ?? bottom;
    bands.push({
      index,
      top: from,
      bottom: Math.min(bottom, from),
      fill: layerFill(layer.bodenSchichtColor),
      name: layer.bodenArt,
      kind:
        finite(layer.cuk) && layer.cuk > 0
          ? 'cohesive'
          : finite(layer.qc) && layer.qc > 0
            ? 'non-cohesive'
            : 'none',
      qc: finite(layer.qc) ? layer.qc : null,
      cuk: finite(layer.cuk) ? layer.cuk : null,
    });
    top = Math.min(bottom, from);
  });
  return bands;
};

/**
 * Vertical extent [bottom, top] in m NHN of everything drawn: profile top and layers, groundwater, pile
 * heads and toes, with `padding` m added at both ends. Null when nothing has a level.
 */
export const profileExtent = (
  profile: SoilProfile,
  piles: readonly PilePlot[],
  padding = 0.5,
): [number, number] | null => {
  const levels: number[] = [];
  if (finite(profile.startKote)) levels.push(profile.startKote);
  if (finite(profile.grundwasserStand)) levels.push(profile.grundwasserStand);
  for (const l of profile.soil_layers) if (finite(l.endKote)) levels.push(l.endKote);
  for (const p of piles) {
    if (finite(p.topLevel)) levels.push(p.topLevel);
    if (finite(p.toeLevel)) levels.push(p.toeLevel);
  }
  if (levels.length === 0) return null;
  return [Math.min(...levels) - padding, Math.max(...levels) + padding];
};

/**
 * Horizontal pixels per metre of pile diameter: one factor for all piles (so widths compare), chosen so
 * the thickest pile is `maxWidth` px wide, but never thinner than `minWidth` px for the slimmest one.
 */
export const pileWidthFactor = (
  piles: readonly PilePlot[],
  maxWidth: number,
  minWidth = 3,
): number => {
  const diameters = piles.map((p) => p.diameter).filter((d) => finite(d) && d > 0);
  if (diameters.length === 0) return maxWidth;
  const max = Math.max(...diameters);
  const min = Math.min(...diameters);
  return Math.max(maxWidth / max, minWidth / min);
};

/** x centres of `count` piles spread evenly over [left, right]. */
export const pileSlots = (count: number, left: number, right: number): number[] =>
  Array.from({ length: count }, (_, i) => left + ((i + 0.5) * (right - left)) / Math.max(count, 1));

/**
 * Every how many piles a label fits: labels `labelWidth` wide (drawing units) on slots `slotWidth` apart
 * are written for every n-th pile only, so that 60 piles give readable labels instead of one black band.
 */
export const labelStride = (slotWidth: number, labelWidth: number): number =>
  slotWidth <= 0 ? 1 : Math.max(1, Math.ceil(labelWidth / slotWidth));
