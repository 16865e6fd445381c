import type { NormalizedHorizontalLoad, NormalizedSoilProfile } from '../input/types';
import { structuralIssue, type StructuralIssue, type TraceEntry } from '../lateral/issue';
import { lateralLayers } from './pile-model';
import type { Meter } from '../units/units';

/**
 * The levels of a load row's lateral analysis with the defaults of ADR 0144: an empty "OK Boden Biegung" is the
 * lower of the top of the pile's soil profile and the pile head (the bedding begins where soil and pile meet;
 * soil above the head, usually dug out for the cap, is not counted as overburden); an empty "Grundwasserstand"
 * is the groundwater level of the soil profile, and without one the ground level (the lower effective vertical
 * stress, on the safe side for the passive limit). Never 0 m NHN: that default of the predecessor
 * (docs/sources/legacy-format.md §L2.9) left a pile with its head at +150 m NHN without soil.
 */
export type LateralLevels = {
  /** OK Boden Biegung and groundwater level used [m NHN]. */
  groundLevel: Meter;
  groundwaterLevel: Meter;
  issues: StructuralIssue[];
  trace: TraceEntry[];
};

/**
 * @param row the load row (null levels: not entered) @param profile the pile's soil profile (valid, so its
 *   startKote is set) @param headLevel pile head SollPfahlOberKante [m NHN]
 * @see ADR 0144; docs/sources/legacy-format.md §L2.9 (predecessor default 0), §L10
 */
export const lateralLevels = (
  row: NormalizedHorizontalLoad,
  profile: NormalizedSoilProfile,
  headLevel: Meter,
): LateralLevels => {
  const issues: StructuralIssue[] = [];
  const trace: TraceEntry[] = [];
  const top = profile.startKote ?? headLevel;
  let groundLevel: Meter;
  if (row.OKBodenBiegung !== null) groundLevel = row.OKBodenBiegung;
  else {
    groundLevel = Math.min(top, headLevel) as Meter;
    const from = top <= headLevel ? 'profile_top' : 'pile_head';
    issues.push(
      structuralIssue(
        'LOADCASE_GROUND_LEVEL_ASSUMED',
        'info',
        { level: groundLevel, from, profile: profile.name },
        'OKBodenBiegung',
      ),
    );
    trace.push({
      name: 'OK Boden Biegung',
      value: groundLevel,
      unit: 'm NHN',
      source: 'not entered: min(startKote of the soil profile, SollPfahlOberKante) (ADR 0144)',
    });
  }
  let groundwaterLevel: Meter;
  if (row.Grundwasser !== null) groundwaterLevel = row.Grundwasser;
  else {
    const fromProfile = profile.grundwasserStand;
    groundwaterLevel = fromProfile ?? groundLevel;
    issues.push(
      structuralIssue(
        'LOADCASE_GROUNDWATER_ASSUMED',
        'info',
        {
          level: groundwaterLevel,
          from: fromProfile === null ? 'ground_level' : 'profile',
          profile: profile.name,
        },
        'Grundwasser',
      ),
    );
    trace.push({
      name: 'Grundwasserstand',
      value: groundwaterLevel,
      unit: 'm NHN',
      source:
        fromProfile === null
          ? 'not entered, none in the soil profile: at OK Boden Biegung, γ′ below it (ADR 0144)'
          : 'not entered: grundwasserStand of the soil profile (ADR 0144)',
    });
  }
  return { groundLevel, groundwaterLevel, issues, trace };
};

/**
 * Layers of the profile that bed the pile (between the ground level for bending and the toe) without a stiffness
 * modulus (E_s top and bottom 0). E_s depends on the soil; there is no honest default (ADR 0144), so the missing
 * input is named: none of the layers has E_s → error, the row is not calculated (no silent empty result); some
 * → warning, those layers carry no springs.
 * @param profile the pile's soil profile @param from upper end of the bedded length (ground level or head, the
 *   lower) [m NHN] @param toe pile toe [m NHN] @returns the issue, or none when every bedding layer has an E_s
 * @see docs/sources/engine.md §E5.3 (k = ks·D, ks from E_s); ADR 0144
 */
export const stiffnessInputIssue = (
  profile: NormalizedSoilProfile,
  from: Meter,
  toe: Meter,
): StructuralIssue | null => {
  const bedding = lateralLayers(profile)
    .map((layer, index) => ({ layer, index }))
    .filter(({ layer }) => layer.bottomLevel < from && layer.topLevel > toe);
  if (bedding.length === 0) return null;
  const missing = bedding.filter(({ layer }) => layer.ESoben <= 0 && layer.ESunten <= 0);
  if (missing.length === 0) return null;
  const names = missing
    .map(({ index }) => {
      const kind = profile.soil_layers[index]?.bodenArt.trim() ?? '';
      return kind === '' ? `${index + 1}` : `${index + 1} (${kind})`;
    })
    .join(', ');
  // `layerNumbers`: the same layers as 1-based numbers ("1,3"), so that the workspace can mark their E_s cells
  const params = {
    profile: profile.name,
    layers: names,
    count: missing.length,
    layerNumbers: missing.map(({ index }) => index + 1).join(','),
  };
  return missing.length === bedding.length
    ? structuralIssue('LOADCASE_SOIL_STIFFNESS_MISSING', 'error', params)
    : structuralIssue('LOADCASE_SOIL_STIFFNESS_PARTLY_MISSING', 'warning', params);
};
