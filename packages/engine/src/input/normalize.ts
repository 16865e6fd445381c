import type { EngineIssue } from '../issues/issue';
import { normalizeLoadCase } from './normalize-loadcases';
import { normalizePile } from './normalize-piles';
import { normalizeSettings } from './normalize-settings';
import { normalizeProfile } from './normalize-soil';
import { isRecord } from './reader';
import type { NormalizeResult } from './types';

const TOP_LEVEL_KEYS = ['settings', 'piles', 'soil_profiles', 'horizontal_loadcases'] as const;

/**
 * Converts a wire-format project into the normalised project (calculation units, defaults applied)
 * and collects every issue found. Never throws; `isReadable` is false when the input is not an object
 * or a top-level key is missing / not of the right type.
 * @param input parsed JSON `{ settings, piles, soil_profiles, horizontal_loadcases }` in wire units
 * @returns normalised project, issues, readability flag
 * @see docs/sources/legacy-format.md §L2.5–§L2.9, §L4.3
 */
export function normalizeProject(input: unknown): NormalizeResult {
  const issues: EngineIssue[] = [];
  const raw = isRecord(input) ? input : {};
  let isReadable = isRecord(input);
  if (!isRecord(input)) {
    issues.push({ code: 'PROJECT_NOT_AN_OBJECT', severity: 'error', params: {} });
  }
  for (const key of TOP_LEVEL_KEYS) {
    const value = raw[key];
    const ok = key === 'settings' ? isRecord(value) : Array.isArray(value);
    if (isRecord(input) && !ok) {
      isReadable = false;
      issues.push({
        code: 'PROJECT_KEY_MISSING',
        severity: 'error',
        path: key,
        field: key,
        params: { key },
      });
    }
  }
  const settings = normalizeSettings(isRecord(raw.settings) ? raw.settings : {}, issues);
  const list = (key: string): unknown[] => (Array.isArray(raw[key]) ? (raw[key] as unknown[]) : []);
  const soil_profiles = list('soil_profiles').map((p, i) => normalizeProfile(p, i, issues));
  const rawSettings = isRecord(raw.settings) ? raw.settings : {};
  const givenSettings = new Set(
    Object.keys(rawSettings).filter(
      (key) => rawSettings[key] !== null && rawSettings[key] !== undefined,
    ),
  );
  const piles = list('piles').map((p, i) => normalizePile(p, i, settings, issues, givenSettings));
  const horizontal_loadcases = list('horizontal_loadcases').map((c, i) =>
    normalizeLoadCase(c, i, issues),
  );
  flagDuplicates(
    soil_profiles.map((p) => p.name),
    'soil_profiles',
    'name',
    issues,
  );
  flagDuplicates(
    piles.map((p) => p.Pname),
    'piles',
    'Pname',
    issues,
  );
  return { project: { settings, piles, soil_profiles, horizontal_loadcases }, issues, isReadable };
}

function flagDuplicates(
  names: string[],
  collection: string,
  field: string,
  issues: EngineIssue[],
): void {
  const seen = new Set<string>();
  names.forEach((name, rowIndex) => {
    if (seen.has(name)) {
      issues.push({
        code: 'DUPLICATE_NAME',
        severity: 'warning',
        field,
        path: `${collection}[${rowIndex}].${field}`,
        rowIndex,
        params: { name },
      });
    }
    seen.add(name);
  });
}
