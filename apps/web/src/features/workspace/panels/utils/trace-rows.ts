import type { SoilProfile } from '@pfahlplaner/contracts';
import type { AxialPileTrace, QTrace } from '@pfahlplaner/engine';

/** How a q value was obtained: from an EA table (verified [S] or unverified [U]), a user input, or none. */
export type QSource =
  | { kind: 'table'; tableId: string; isVerified: boolean; description: string | null }
  | { kind: 'override' }
  | { kind: 'none' };

/** One q value of the per-layer table. */
export type QCell = {
  /** Value used [kN/m²] (base · η · increase). */
  used: number;
  base: number;
  eta: number;
  increase: number;
  source: QSource;
};

/** One row of the per-layer trace table. */
export type LayerRow = {
  key: number;
  /** 1-based layer number, as in the grid. */
  number: number;
  name: string;
  top: number;
  bottom: number;
  kind: AxialPileTrace['layers'][number]['kind'];
  shaftLength: number;
  qs: QCell;
  /** Driven piles: q_s at s_sg*. */
  qsStar: QCell | null;
  /** Base values by s/D (bored 0.02/0.03/0.10, driven 0.035/0.10). */
  qb: (QCell | null)[];
  Rs_i: number;
  isToeLayer: boolean;
};

export const qSource = (q: QTrace): QSource => {
  if (q.source === 'override') return { kind: 'override' };
  if (q.source === 'table' && q.lookup !== null) {
    return {
      kind: 'table',
      tableId: q.lookup.tableId,
      isVerified: q.lookup.tag === 'S',
      description: q.tableSource,
    };
  }
  return { kind: 'none' };
};

const cell = (q: QTrace): QCell => ({
  used: q.used,
  base: q.base,
  eta: q.eta,
  increase: q.increase,
  source: qSource(q),
});

/** The s/D values of the base columns (from the first layer that has base values). */
export const baseColumns = (trace: AxialPileTrace): number[] =>
  (trace.layers.find((l) => l.base.length > 0)?.base ?? []).map((b) => b.sRel ?? 0);

/**
 * Rows of the per-layer table: layer name from the profile, levels, shaft length, q values with their
 * source and the partial skin resistance; the toe layer is flagged.
 */
export const layerRows = (trace: AxialPileTrace, profile: SoilProfile | null): LayerRow[] => {
  const columns = baseColumns(trace);
  return trace.layers.map((layer) => ({
    key: layer.rowIndex,
    number: layer.rowIndex + 1,
    name: profile?.soil_layers[layer.rowIndex]?.bodenArt ?? '',
    top: layer.top,
    bottom: layer.bottom,
    kind: layer.kind,
    shaftLength: layer.shaftLength,
    qs: cell(layer.skin),
    qsStar: layer.skinStar === null ? null : cell(layer.skinStar),
    qb: columns.map((sRel) => {
      const q = layer.base.find((b) => b.sRel === sRel);
      return q === undefined ? null : cell(q);
    }),
    Rs_i: layer.Rs_i,
    isToeLayer: layer.rowIndex === trace.toe.layerRowIndex,
  }));
};

/** True when any q value of the trace comes from an unverified table cell or rule. */
export const hasUnverifiedValues = (rows: readonly LayerRow[]): boolean =>
  rows.some((r) =>
    [r.qs, r.qsStar, ...r.qb].some(
      (c) => c !== null && c.source.kind === 'table' && !c.source.isVerified,
    ),
  );
