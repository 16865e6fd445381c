import type { Fraction, KiloNewton, Meter } from '../units/units';
import type { NormalizedPile, NormalizedProject, NormalizedSoilProfile } from '../input/types';
import type { EngineIssue } from '../issues/issue';
import { issue } from '../issues/issue';
import { pileGeometry } from '../geometry/pile-geometry';
import type { PileContext } from './evaluate';
import type { GroupRule } from './group';
import { groupRule } from './group';
import type { AxialLoads } from './loads';
import { resolveLoads } from './loads';
import type { PileFamily } from './pile-family';
import { PILE_FAMILIES } from './pile-family';
import type { ProfileModel } from './profile-model';
import { buildProfileModel, profileBottom } from './profile-model';
import type { LengthLimit } from './required-length';

/** Everything prepared for one load point before the length iteration. */
export type PileSetup = {
  pile: NormalizedPile;
  family: PileFamily;
  ctx: PileContext;
  loads: AxialLoads;
  group: GroupRule;
  /** `MindestPfahllaenge` [m] and the governing maximum length [m]. */
  Lmin: Meter;
  Lmax: Meter;
  limit: LengthLimit;
  /** Drilling level used [m NHN] (`AEHoehe`, else `SollPfahlOberKante`). */
  drillLevel: Meter;
};

/** Cache of profile models per (profile name, pile type). */
export type ModelCache = Map<string, ProfileModel>;

const at = (pile: NormalizedPile, field: string) => ({
  rowIndex: pile.rowIndex,
  field,
  path: `piles[${pile.rowIndex}].${field}`,
});

function governingLimit(
  project: NormalizedProject,
  pile: NormalizedPile,
  top: Meter,
  drill: Meter,
  model: ProfileModel,
): { Lmax: Meter; limit: LengthLimit } {
  const candidates: [number, LengthLimit][] = [
    [project.settings.MaxLaenge, 'MaxLaenge'],
    [pile.einzelMaximaleBohrtiefe - (drill - top), 'einzelMaximaleBohrtiefe'],
    [top - profileBottom(model), 'profileBottom'],
  ];
  candidates.sort((a, b) => a[0] - b[0]);
  return { Lmax: candidates[0]![0] as Meter, limit: candidates[0]![1] };
}

/**
 * Validates a load point and prepares its context (profile model, loads per pile, group factor, limits).
 * @returns the setup, or null when the row cannot be calculated (error issues pushed)
 */
export function setupPile(
  pile: NormalizedPile,
  project: NormalizedProject,
  profiles: ReadonlyMap<string, NormalizedSoilProfile>,
  cache: ModelCache,
  issues: EngineIssue[],
): PileSetup | null {
  const s = project.settings;
  const profile = pile.BodenProfil === null ? undefined : profiles.get(pile.BodenProfil);
  if (pile.BodenProfil !== null && profile === undefined) {
    issues.push(
      issue('UNKNOWN_SOIL_PROFILE', 'error', {
        ...at(pile, 'BodenProfil'),
        params: { name: pile.BodenProfil },
      }),
    );
  }
  if (profile !== undefined && !profile.isValid) {
    issues.push(
      issue('PROFILE_INVALID', 'error', {
        ...at(pile, 'BodenProfil'),
        params: { name: profile.name },
      }),
    );
  }
  const loads = resolveLoads(pile, project.horizontal_loadcases, s, issues);
  const { PfahlTyp: type, SollDurchmesser: D, SollPfahlOberKante: top } = pile;
  if (
    type === null ||
    D === null ||
    top === null ||
    profile === undefined ||
    !profile.isValid ||
    loads === null
  ) {
    return null;
  }
  const family = PILE_FAMILIES[type];
  const key = `${profile.rowIndex}|${type}`;
  let model = cache.get(key);
  if (model === undefined) {
    model = buildProfileModel(profile, family, s);
    cache.set(key, model);
  }
  if (top <= profileBottom(model)) {
    issues.push(
      issue('PILE_TOP_BELOW_PROFILE', 'error', {
        ...at(pile, 'SollPfahlOberKante'),
        params: { top, profileBottom: profileBottom(model) },
      }),
    );
    return null;
  }
  const group = groupRule(pile.PfahlAnzahl, pile.PfahlAchsAbstandxD);
  const n = pile.PfahlAnzahl;
  const drillLevel = pile.AEHoehe ?? top;
  const { Lmax, limit } = governingLimit(project, pile, top, drillLevel, model);
  // One geometry per section family (ADR 0130): square c → A = a², U = 4a, D_eq = 1.128·a for s/D.
  const geometry = pileGeometry(type, D);
  const ctx: PileContext = {
    model,
    D: geometry.Deq,
    area: geometry.area,
    perimeter: geometry.perimeter as Meter, // shaft perimeter [m] (geometry/ keeps plain numbers)
    top,
    zStart: Math.min(top, profile.startKote!) as Meter,
    skinShare: pile.prozentualerMantelAnteil,
    // efficiency of the group rule (a fraction; `GroupRule` is a wire type and stays plain, ADR 0205)
    groupFactor: group.factor as Fraction,
    gammaDruck: s.gammaDruck,
    gammaZug: s.gammaZug,
    gammaG: s.gammaStaendig,
    // loads per pile [kN]
    Ed: (loads.Ed / n) as KiloNewton,
    Ek: (loads.Ek / n) as KiloNewton,
    EdMin: (loads.EdMin / n) as KiloNewton,
    EkMin: (loads.EkMin / n) as KiloNewton,
    utilisationLimit: s.AuslastungProzent,
    // Row value, else the project value (ADR 0132; resolved in normalize-piles, source in trace.rowValues).
    sAllow: pile.einzelzulaessigeSetzungCm,
    requiredEmbedment: pile.einzelMindestEindringung,
    averaging: s.SpitzendruckMittelung
      ? { above: (1 * geometry.Deq) as Meter, below: (3 * geometry.Deq) as Meter }
      : null,
  };
  return { pile, family, ctx, loads, group, Lmin: s.MindestPfahllaenge, Lmax, limit, drillLevel };
}
