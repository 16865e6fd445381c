import type { NormalizedSettings, NormalizedSoilLayer } from '../input/types';
import {
  EA_5_12,
  EA_5_13,
  EA_5_14,
  EA_5_15,
  EA_DRIVEN_BASE_COHESIVE,
  EA_DRIVEN_BASE_NONCOHESIVE,
  EA_DRIVEN_SKIN_COHESIVE,
  EA_DRIVEN_SKIN_NONCOHESIVE,
} from '../tables/index';
import type { RangeLookup } from '../tables/lookup';
import { lookupRange, withinRange } from '../tables/lookup';
import type { RangeTable } from '../tables/types';
import type { KiloNewtonPerSquareMeter } from '../units/units';
import type { PileFamily } from './pile-family';

/** Soil kind deciding the table: c_u,k given (> 0) → cohesive; else q_c given (> 0) → non-cohesive. */
export type SoilKind = 'cohesive' | 'non-cohesive' | 'none';

/**
 * Trace of one q value of one layer. A wire type (the result trace sends it as it is): its numbers stay plain;
 * the calculation reads the value used through `qUsed` (ADR 0205).
 */
export type QTrace = {
  /** Wire slot the value is reported in (usedQsk …), or `qskStern` (driven s_sg*). */
  slot: 'qsk' | 'qskStern' | 'qbk002' | 'qbk003' | 'qbk01';
  /** Relative settlement s/D of a base value (null for skin friction). */
  sRel: number | null;
  source: 'table' | 'override' | 'none';
  lookup: RangeLookup | null;
  tableSource: string | null;
  /** Value from the table within the EA range, or the override [kN/m²]. */
  base: number;
  /** η factor applied (table values only). */
  eta: number;
  /** Increase factor 1 + % applied (per `useErhoehung`). */
  increase: number;
  /** Value used [kN/m²] = base · η · increase (row `prozentualerMantelAnteil` applied later). */
  used: number;
};

/** The q value used of a trace [kN/m²]: the one place where the plain number of the wire trace is tagged. */
export const qUsed = (trace: QTrace): KiloNewtonPerSquareMeter =>
  trace.used as KiloNewtonPerSquareMeter;

/** Values of one layer for one pile family [kN/m²]. */
export type LayerValues = {
  kind: SoilKind;
  skin: QTrace;
  /** Driven piles only: skin friction at s_sg*. */
  skinStar: QTrace | null;
  /** Base values at increasing s/D (bored: 0.02, 0.03, 0.10; driven: 0.035, 0.10). */
  base: QTrace[];
  /** Ids of unverified tables / rules used by this layer's values. */
  unverified: string[];
  /** Ids of tables whose "above last column" clamp was used. */
  clamped: string[];
  /** True when the family needs user values and the layer has none although it has qc/cu. */
  isMissingUserValues: boolean;
};

const soilKind = (layer: NormalizedSoilLayer): SoilKind =>
  layer.cuk !== null && layer.cuk > 0
    ? 'cohesive'
    : layer.qc !== null && layer.qc > 0
      ? 'non-cohesive'
      : 'none';

type Slot = {
  slot: QTrace['slot'];
  sRel: number | null;
  row: string;
  /** Layer override [kN/m²]; 0 = none. */
  override: KiloNewtonPerSquareMeter;
  isSkin: boolean;
};

const BORED_SLOTS = (l: NormalizedSoilLayer): Slot[] => [
  { slot: 'qbk002', sRel: 0.02, row: '0.02', override: l.qbk002, isSkin: false },
  { slot: 'qbk003', sRel: 0.03, row: '0.03', override: l.qbk003, isSkin: false },
  { slot: 'qbk01', sRel: 0.1, row: '0.10', override: l.qbk01, isSkin: false },
];
const DRIVEN_SLOTS = (l: NormalizedSoilLayer): Slot[] => [
  { slot: 'qbk003', sRel: 0.035, row: '0.035', override: l.qbk003, isSkin: false },
  { slot: 'qbk01', sRel: 0.1, row: '0.10', override: l.qbk01, isSkin: false },
];

function tablesFor(
  family: PileFamily,
  kind: SoilKind,
): { skin: RangeTable; base: RangeTable } | null {
  if (kind === 'none' || family.tables === 'user-values') return null;
  if (family.tables === 'bored-tables') {
    return kind === 'cohesive'
      ? { skin: EA_5_15, base: EA_5_14 }
      : { skin: EA_5_13, base: EA_5_12 };
  }
  return kind === 'cohesive'
    ? { skin: EA_DRIVEN_SKIN_COHESIVE, base: EA_DRIVEN_BASE_COHESIVE }
    : { skin: EA_DRIVEN_SKIN_NONCOHESIVE, base: EA_DRIVEN_BASE_NONCOHESIVE };
}

/**
 * q values of one layer for one pile family: user override (> 0) wins over the table; table values
 * use the EA range position, the below-table switches and η; the increase applies per `useErhoehung`.
 * @see docs/sources/engine.md §E1.1, §E1.3 (tables and η factors), §E1.6
 */
export function layerValues(
  layer: NormalizedSoilLayer,
  family: PileFamily,
  s: NormalizedSettings,
): LayerValues {
  const kind = soilKind(layer);
  const tables = tablesFor(family, kind);
  // table argument: c_u,k or q_c [kN/m²]
  const x: KiloNewtonPerSquareMeter =
    kind === 'cohesive'
      ? layer.cuk!
      : kind === 'non-cohesive'
        ? layer.qc!
        : (0 as KiloNewtonPerSquareMeter);
  const hasIncrease = s.useErhoehung === 0 || (s.useErhoehung === 1 && kind !== 'none');
  const unverified = new Set<string>();
  const clamped = new Set<string>();
  const one = (slot: Slot, table: RangeTable | null): QTrace => {
    const increase = hasIncrease
      ? 1 + (slot.isSkin ? s.MantelErhoehungProzent : s.FuszErhoehungProzent)
      : 1;
    const common = { slot: slot.slot, sRel: slot.sRel, increase };
    if (slot.override > 0) {
      return {
        ...common,
        source: 'override',
        lookup: null,
        tableSource: null,
        base: slot.override,
        eta: 1,
        used: slot.override * increase,
      };
    }
    if (table === null) {
      return {
        ...common,
        source: 'none',
        lookup: null,
        tableSource: null,
        base: 0,
        eta: 1,
        increase: 1,
        used: 0,
      };
    }
    const fromOrigin =
      kind === 'cohesive'
        ? slot.isSkin
          ? s.qskCukAb0
          : s.qbkCukAb0
        : slot.isSkin
          ? s.qskQcAb0
          : s.qbkQcAb0;
    const lookup = lookupRange(table, slot.row, x, fromOrigin);
    if (lookup.tag === 'U') unverified.add(table.id);
    if (lookup.kind === 'above-clamped') clamped.add(table.id);
    const base = withinRange(lookup, s.EAErhoehungProzent);
    const eta = slot.isSkin ? family.etaSkin : family.etaBase;
    return {
      ...common,
      source: 'table',
      lookup,
      tableSource: table.source,
      base,
      eta,
      used: base * eta * increase,
    };
  };
  const isDriven = family.curve === 'driven';
  const skin = one(
    { slot: 'qsk', sRel: null, row: 'sg', override: layer.qsk, isSkin: true },
    tables?.skin ?? null,
  );
  // Driven: s_sg* row; without a qskStern override a qsk override also stands for s_sg* (legacy copies qsk → qskStern, docs/sources/legacy-format.md §L4.2 step 3).
  const starOverride = layer.qskStern > 0 ? layer.qskStern : layer.qsk;
  const skinStar = isDriven
    ? one(
        { slot: 'qskStern', sRel: null, row: 'ssgStar', override: starOverride, isSkin: true },
        tables?.skin ?? null,
      )
    : null;
  const base = (isDriven ? DRIVEN_SLOTS(layer) : BORED_SLOTS(layer)).map((slot) =>
    one(slot, tables?.base ?? null),
  );
  const hasOverride = layer.qsk > 0 || layer.qbk002 > 0 || layer.qbk003 > 0 || layer.qbk01 > 0;
  return {
    kind,
    skin,
    skinStar,
    base,
    unverified: [...unverified],
    clamped: [...clamped],
    isMissingUserValues: family.tables === 'user-values' && kind !== 'none' && !hasOverride,
  };
}
