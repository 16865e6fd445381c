import type { SoilProfile } from '@pfahlplaner/contracts';
import type { ProjectResult } from '@pfahlplaner/engine';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cellKey, type RowIssue } from '../grid/grid-types';

/** Marks of one profile's layer grid: the E_s cells by `cellKey`, and the row markers aligned with the layers. */
export type LayerMarks = {
  cells: ReadonlyMap<string, RowIssue>;
  rows: readonly (readonly RowIssue[] | undefined)[];
};

const STIFFNESS_CODES = new Set([
  'LOADCASE_SOIL_STIFFNESS_MISSING',
  'LOADCASE_SOIL_STIFFNESS_PARTLY_MISSING',
]);

/** What the calculation found in one layer: the worst severity and the load points it concerns. */
export type LayerFinding = { severity: 'error' | 'warning'; piles: string[] };

/**
 * The layers the lateral analysis found without E_s, by profile name and layer index (0-based), from the
 * load-case rows' issues `LOADCASE_SOIL_STIFFNESS_(PARTLY_)MISSING` (ADR 0144; `layerNumbers` are
 * 1-based). A layer named by an error (no layer along that pile has E_s) is an error, else a warning.
 */
export const stiffnessFindings = (
  result: Pick<ProjectResult, 'horizontal_loadcases'> | null,
): Map<string, Map<number, LayerFinding>> => {
  const found = new Map<string, Map<number, LayerFinding>>();
  for (const loadCase of result?.horizontal_loadcases ?? []) {
    for (const row of loadCase.horizontal_loads) {
      for (const issue of row.issues) {
        if (!STIFFNESS_CODES.has(issue.code)) continue;
        const profile = String(issue.params.profile ?? '').trim();
        const layers = found.get(profile) ?? new Map<number, LayerFinding>();
        found.set(profile, layers);
        for (const number of String(issue.params.layerNumbers ?? '').split(',')) {
          const index = Number(number) - 1;
          if (!Number.isInteger(index) || index < 0) continue;
          const finding = layers.get(index) ?? { severity: 'warning', piles: [] };
          if (issue.severity === 'error') finding.severity = 'error';
          if (row.Pname && !finding.piles.includes(row.Pname)) finding.piles.push(row.Pname);
          layers.set(index, finding);
        }
      }
    }
  }
  return found;
};

const hasNoStiffness = (layer: { ESoben?: number | null; ESunten?: number | null } | undefined) =>
  layer !== undefined && !((layer.ESoben ?? 0) > 0) && !((layer.ESunten ?? 0) > 0);

/**
 * The marks of each profile (aligned with `profiles`): the "E_s oben"/"E_s unten" cells and the row marker
 * of every layer the last calculation found without E_s — as long as the layer still has none (a typed
 * E_s takes the mark away at once, before the next calculation).
 */
export const layerMarksOf = (
  findings: ReadonlyMap<string, ReadonlyMap<number, LayerFinding>>,
  profiles: readonly SoilProfile[],
  text: (finding: LayerFinding) => string,
): LayerMarks[] =>
  profiles.map((profile) => {
    const cells = new Map<string, RowIssue>();
    const rows: (RowIssue[] | undefined)[] = profile.soil_layers.map(() => undefined);
    for (const [index, finding] of findings.get(profile.name.trim()) ?? []) {
      if (!hasNoStiffness(profile.soil_layers[index])) continue;
      const mark: RowIssue = { severity: finding.severity, text: text(finding) };
      cells.set(cellKey(index, 'ESoben'), mark);
      cells.set(cellKey(index, 'ESunten'), mark);
      rows[index] = [mark];
    }
    return { cells, rows };
  });

/** The E_s marks of the soil-profile tab from the last server calculation (the preview has no load cases). */
export const useStiffnessMarks = (
  result: ProjectResult | null,
  profiles: readonly SoilProfile[],
): LayerMarks[] => {
  const { t } = useTranslation();
  const findings = useMemo(() => stiffnessFindings(result), [result]);
  return useMemo(
    () =>
      layerMarksOf(findings, profiles, (finding) => {
        const shown = finding.piles.slice(0, 5).join(', ');
        const piles = finding.piles.length > 5 ? `${shown} …` : shown;
        return t(`workspace.soil.stiffness.${finding.severity}`, {
          count: finding.piles.length,
          piles,
        });
      }),
    [findings, profiles, t],
  );
};
