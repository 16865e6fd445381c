import { evaluateAt } from '../axial/evaluate';
import type { ModelCache } from '../axial/pile-setup';
import { setupPile } from '../axial/pile-setup';
import { transparencyIssues } from '../axial/pile-issues';
import { findRequiredLength } from '../axial/required-length';
import { coordinateToes } from '../axial/toe-coordination';
import type { NormalizedProject, NormalizedSoilProfile } from '../input/types';
import { normalizeProject } from '../input/normalize';
import type { EngineIssue } from '../issues/issue';
import { issue } from '../issues/issue';
import { calculateProjectLoadCases } from '../loadcases/calculate-horizontal-loadcases';
import { ENGINE_VERSION } from '../version';
import { assignNachweisgruppen, soilProfileUsage, toPileResult } from './assemble';
import type { RowState } from './row-state';
import { compactResult } from './compact-result';
import type { AxialPileResult, CalculateOptions, ProjectResult } from './result-types';

const round9 = (x: number) => Math.round(x * 1e9) / 1e9;

function splitIssues(
  issues: EngineIssue[],
  pileCount: number,
): { project: EngineIssue[]; perPile: EngineIssue[][] } {
  const perPile: EngineIssue[][] = Array.from({ length: pileCount }, () => []);
  const project: EngineIssue[] = [];
  for (const x of issues) {
    const match = /^piles\[(\d+)\]/.exec(x.path ?? '');
    if (match !== null) perPile[Number(match[1])]!.push(x);
    else project.push(x);
  }
  return { project, perPile };
}

function coordinate(
  project: NormalizedProject,
  rows: (RowState | null)[],
  projectIssues: EngineIssue[],
): void {
  const s = project.settings;
  const isStepping = s.FuszBeeinfluszung !== 0;
  if (s.AchsabstandGleicherTiefe <= 0 && !isStepping) return;
  if (isStepping) {
    projectIssues.push(
      issue('TOE_INFLUENCE_MODE_UNVERIFIED', 'warning', {
        field: 'FuszBeeinfluszung',
        path: 'settings.FuszBeeinfluszung',
        // ADR 0019: the meaning of AA (1) and RR (2) is unknown; both apply the same stepping rule.
        params: { value: s.FuszBeeinfluszung, rule: 'AA = RR: same stepping rule' },
      }),
    );
  }
  const members = rows.filter((r): r is RowState => r !== null && r.search.required !== null);
  const located = members.filter(
    (r) => r.setup.pile.Rechtswert !== null && r.setup.pile.Hochwert !== null,
  );
  const locatedSet = new Set(located);
  for (const r of members) {
    if (!locatedSet.has(r)) {
      r.issues.push(
        issue('TOE_COORDINATION_SKIPPED', 'info', {
          rowIndex: r.setup.pile.rowIndex,
          field: 'Rechtswert',
          params: { reason: 'coordinates_missing' },
        }),
      );
    }
  }
  const result = coordinateToes(
    located.map((r) => ({
      x: r.setup.pile.Rechtswert!,
      y: r.setup.pile.Hochwert!,
      toe: r.setup.ctx.top - r.search.required!,
      lowestToe: r.setup.ctx.top - r.setup.Lmax,
    })),
    s.AchsabstandGleicherTiefe,
    s.Beeinflussungsweite,
    s.AbtreppungsWinkelRad,
    isStepping,
  );
  located.forEach((r, i) => {
    const c = result[i]!;
    r.coordinatedToe = c.toe;
    r.governedBy = c.governedBy === null ? null : located[c.governedBy]!.setup.pile.Pname;
    if (c.isClamped) {
      r.issues.push(
        issue('TOE_COORDINATION_CLAMPED', 'warning', {
          rowIndex: r.setup.pile.rowIndex,
          params: { toe: c.toe, limit: r.setup.limit },
        }),
      );
    }
  });
}

/**
 * Calculates a whole project in one call: the axial results (docs/calculation.md: per load point the required
 * length, resistances, settlement, tension, group rule, toe coordination and the full trace; per soil
 * profile the used q values) and the horizontal load cases (docs/calculation-internal.md: per case and row the lateral
 * analysis and the section design at the axial toe level). Pure and deterministic; never throws for
 * bad input (issues instead).
 * @param input project in wire format `{ settings, piles, soil_profiles, horizontal_loadcases }`
 * @returns results in wire units with `engineVersion`
 * @see docs/calculation.md
 */
export function calculateProject(input: unknown, options: CalculateOptions = {}): ProjectResult {
  const mode = options.iterationTrace ?? 'summary';
  const normalized = normalizeProject(input);
  const { project } = normalized;
  const { project: projectIssues, perPile } = splitIssues(normalized.issues, project.piles.length);
  if (!normalized.isReadable) {
    return {
      engineVersion: ENGINE_VERSION,
      piles: [],
      soil_profiles: [],
      issues: normalized.issues,
      horizontal_loadcases: [],
    };
  }
  const profiles = new Map<string, NormalizedSoilProfile>();
  for (const p of project.soil_profiles) if (!profiles.has(p.name)) profiles.set(p.name, p);
  const cache: ModelCache = new Map();
  const rows = project.piles.map((pile, i): RowState | null => {
    const issues = perPile[i]!;
    // Rows with input errors are checked further (profile, loads) but not calculated.
    const hasInputError = issues.some((x) => x.severity === 'error');
    const setup = setupPile(pile, project, profiles, cache, issues);
    if (setup === null || hasInputError) return null;
    if (setup.Lmin > setup.Lmax + 1e-9) {
      issues.push(
        issue('MIN_LENGTH_BELOW_PROFILE', 'error', {
          rowIndex: pile.rowIndex,
          field: 'MindestPfahllaenge',
          params: { Lmin: setup.Lmin, Lmax: setup.Lmax, limit: setup.limit },
        }),
      );
    }
    const search = findRequiredLength(
      setup.ctx,
      setup.Lmin,
      setup.Lmax,
      project.settings.Schrittweite,
      mode,
    );
    return { setup, search, final: null, issues, coordinatedToe: null, governedBy: null };
  });
  coordinate(project, rows, projectIssues);
  const piles: AxialPileResult[] = project.piles.map((pile, i) => {
    const row = rows[i];
    if (row === null || row === undefined) return toPileResult(pile, null, perPile[i]!);
    finalise(row);
    return toPileResult(pile, row, row.issues, mode);
  });
  assignNachweisgruppen(piles, rows);
  const horizontal =
    options.horizontalLoadCases === 'skip'
      ? { horizontal_loadcases: [], issues: projectIssues }
      : calculateProjectLoadCases(
          project,
          piles,
          projectIssues,
          options.loadRowsOf === undefined
            ? undefined
            : (row) => row.Pname === project.piles[options.loadRowsOf!]?.Pname,
          options.compact !== true,
        );
  const result: ProjectResult = {
    engineVersion: ENGINE_VERSION,
    piles,
    soil_profiles: soilProfileUsage(project, rows),
    issues: horizontal.issues,
    horizontal_loadcases: horizontal.horizontal_loadcases,
  };
  // the rows are compact already; compactResult drops the pile traces and marks the result (ADR 0209)
  return options.compact === true ? compactResult(result) : result;
}

/** Final evaluation at the coordinated length (full curve) and the transparency issues. */
function finalise(row: RowState): void {
  const { setup, search } = row;
  if (search.required === null) {
    row.final = evaluateAt(setup.ctx, search.best ?? Math.max(0, setup.Lmax), true);
    row.issues.push(
      issue('REQUIRED_LENGTH_NOT_FOUND', 'error', {
        rowIndex: setup.pile.rowIndex,
        params: {
          limit: setup.limit,
          maxLength: setup.Lmax,
          failedCheck: search.lastFailed,
          bestLength: row.final.L,
          EzuR: Number.isFinite(row.final.EzuR) ? row.final.EzuR * 100 : null,
          Setzung: row.final.s === null ? null : row.final.s * 100,
        },
      }),
    );
  } else {
    const L =
      row.coordinatedToe === null ? search.required : round9(setup.ctx.top - row.coordinatedToe);
    row.final = evaluateAt(setup.ctx, L, true);
    if (row.final.failed !== null) {
      row.issues.push(
        issue('TOE_COORDINATION_CHECK_FAILED', 'warning', {
          rowIndex: setup.pile.rowIndex,
          params: { failedCheck: row.final.failed, L },
        }),
      );
    }
  }
  if (row.final.s === null && row.setup.ctx.Ek > 0) {
    row.issues.push(
      issue('LOAD_EXCEEDS_RESISTANCE', 'error', {
        rowIndex: setup.pile.rowIndex,
        params: { Ek: row.setup.ctx.Ek, Rc_k: row.final.Rc_k },
      }),
    );
  }
  if (row.setup.ctx.EdMin < 0 && row.final.R_d_Min <= 0) {
    row.issues.push(
      issue('TENSION_NO_RESISTANCE', 'error', {
        rowIndex: setup.pile.rowIndex,
        params: { EdMin: row.setup.ctx.EdMin },
      }),
    );
  }
  row.issues.push(...transparencyIssues(setup, row.final));
}
