import type { NormalizedPile, NormalizedProject } from '../input/types';
import type { EngineIssue } from '../issues/issue';
import { buildTrace } from './pile-trace';
import type { RowState } from './row-state';
import type { AxialPileResult, SoilProfileUsage } from './result-types';

const finite = (x: number): number | null => (Number.isFinite(x) ? x : null);

const EMPTY = {
  Rs_k: null,
  Rb_k: null,
  R_d: null,
  R_d_Min: null,
  EzuR: null,
  EzuRMin: null,
  laenge_mit: null,
  laenge_ohne: null,
  delta_Laenge: null,
  Soll_UK_Pfahl: null,
  BohrLaenge: null,
  GesamtBohrLaenge: null,
  Setzung: null,
  Federsteifigkeit: null,
  Nachweisgruppe: null,
  EindringTiefe: null,
  PfahlVolumen: null,
  IstLaenge: null,
} as const;

/**
 * Converts a calculated row to wire units. Without a valid required length, `laenge_ohne`/`laenge_mit`
 * are null and the other values are those of the best length reached.
 * @see docs/sources/legacy-format.md §L2.6 (result fields and units), §L4.3 (EzuR ×100)
 */
export function toPileResult(
  pile: NormalizedPile,
  row: RowState | null,
  issues: EngineIssue[],
  mode: 'summary' | 'full' = 'summary',
): AxialPileResult {
  if (row === null) {
    return { Pname: pile.Pname, rowIndex: pile.rowIndex, ...EMPTY, issues, trace: null };
  }
  const e = row.final!;
  const { ctx } = row.setup;
  const found = row.search.required !== null;
  const laengeOhne = row.search.required;
  const laengeMit = found ? e.L : null;
  const toe = ctx.top - e.L;
  const bohr = row.setup.drillLevel - toe;
  return {
    Pname: pile.Pname,
    rowIndex: pile.rowIndex,
    Rs_k: e.Rs_k,
    Rb_k: e.Rb_k,
    R_d: e.R_d,
    R_d_Min: e.R_d_Min,
    EzuR: finite(e.EzuR * 100),
    EzuRMin: finite(e.EzuRMin * 100),
    laenge_mit: laengeMit,
    laenge_ohne: laengeOhne,
    delta_Laenge: laengeMit === null || laengeOhne === null ? null : laengeMit - laengeOhne,
    Soll_UK_Pfahl: toe,
    BohrLaenge: bohr,
    GesamtBohrLaenge: bohr * pile.PfahlAnzahl,
    Setzung: e.s === null ? null : e.s * 100,
    Federsteifigkeit: e.stiffness,
    Nachweisgruppe: null,
    EindringTiefe: e.embedment,
    PfahlVolumen: ctx.area * e.L,
    IstLaenge: e.L,
    issues,
    trace: buildTrace(row.setup, e, row.search, mode, {
      toeAlone: laengeOhne === null ? null : ctx.top - laengeOhne,
      toeCoordinated: row.coordinatedToe,
      governedBy: row.governedBy,
    }),
  };
}

/**
 * Nachweisgruppe: rows with a valid length and identical pile type, D, profile, top level, drilling
 * level, length, skin share and group layout share one verification; numbered 1, 2, … by first row.
 */
export function assignNachweisgruppen(
  piles: AxialPileResult[],
  rows: readonly (RowState | null)[],
): void {
  const groups = new Map<string, number>();
  piles.forEach((result, i) => {
    const row = rows[i];
    if (row == null || result.laenge_mit === null) return;
    const p = row.setup.pile;
    const key = [
      p.PfahlTyp,
      p.SollDurchmesser,
      p.BodenProfil,
      p.SollPfahlOberKante,
      row.setup.drillLevel,
      result.IstLaenge,
      p.prozentualerMantelAnteil,
      p.PfahlAnzahl,
      p.PfahlAchsAbstandxD,
    ].join('|');
    if (!groups.has(key)) groups.set(key, groups.size + 1);
    result.Nachweisgruppe = groups.get(key)!;
  });
}

/** Used q values per profile layer [MN/m²] for the first calculated row using the profile. */
export function soilProfileUsage(
  project: NormalizedProject,
  rows: readonly (RowState | null)[],
): SoilProfileUsage[] {
  return project.soil_profiles.map((profile) => {
    const row = rows.find((r) => r != null && r.setup.ctx.model.profile === profile);
    const layers = row?.setup.ctx.model.layers;
    const isDriven = row?.setup.family.curve === 'driven';
    return {
      name: profile.name,
      PfahlTyp: row?.setup.pile.PfahlTyp ?? null,
      soil_layers: profile.soil_layers.map((l, i) => {
        const lv = layers?.[i];
        const slot = (name: string) => {
          const q = lv?.base.find((b) => b.slot === name);
          return q === undefined ? null : q.used / 1000;
        };
        return {
          rowIndex: l.rowIndex,
          usedQsk: lv === undefined ? null : lv.skin.used / 1000,
          usedQbk002: isDriven ? null : slot('qbk002'),
          usedQbk003: slot('qbk003'),
          usedQbk01: slot('qbk01'),
        };
      }),
    };
  });
}
