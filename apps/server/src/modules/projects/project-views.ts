// Pure mappings from stored rows to the wire shapes of the projects module (no I/O): summaries, the
// calculation info with its freshness, the report's company data, user lists and copy names.
import type { CalculationInfo, ProjectSummary, ProjectUser } from '@pfahlplaner/contracts';
import { PROJECT_NAME_MAX, roleOf } from '@pfahlplaner/contracts';
import { compactResult, ENGINE_VERSION } from '@pfahlplaner/engine';
import type { FullProjectResult } from '#app/modules/calculation/run-calculation';
import type { SummaryRow } from '#app/modules/projects/projects.repository';
import { nameKey } from '#app/modules/projects/project-rules';
import { calculationState } from '#app/modules/projects/calculation-state';

export const iso = (d: Date) => d.toISOString();

/** The stored result in its compact form: results stored before ADR 0170 carry traces and are compacted. */
export const storedResult = (value: unknown): FullProjectResult => {
  const result = value as FullProjectResult;
  return result.isCompact === true ? result : compactResult(result);
};

/** The list's calculation status of a project row (the one freshness rule: calculation-state.ts). */
const summaryStatus = (row: SummaryRow): ProjectSummary['calculation_status'] => {
  const state = calculationState(
    row.calculation_hash === null
      ? null
      : { input_hash: row.calculation_hash, engine_version: row.calculation_engine_version ?? '' },
    row.input_hash ?? '',
  );
  return state.state === 'missing' ? 'none' : state.state;
};

export const toSummary = (row: SummaryRow): ProjectSummary => ({
  id: row.id,
  name: row.name,
  street: row.street,
  postal_code: row.postal_code,
  location: row.location,
  country_id: row.country_id,
  number: row.number,
  version: row.version,
  created_date: iso(row.created_date),
  modified_date: iso(row.modified_date),
  created_by_name: row.created_by_name,
  modified_by_name: row.modified_by_name,
  calculation_status: summaryStatus(row),
});

export type CalcMeta = {
  engine_version: string;
  calculated_at: Date;
  input_hash: string;
  project_version: number;
  server: string;
};

/**
 * Results are fresh only for the current inputs AND the engine version this server runs (ADR 0107): after
 * an engine upgrade, stored results stay readable but are marked stale, and exports ask for a new run.
 */
export const toCalculationInfo = (meta: CalcMeta, currentHash: string): CalculationInfo => {
  const state = calculationState(meta, currentHash);
  const staleReason = state.state === 'stale' ? state.reason : null;
  return {
    engine_version: meta.engine_version,
    calculated_at: iso(meta.calculated_at),
    input_hash: meta.input_hash,
    project_version: meta.project_version,
    server: meta.server,
    stale: staleReason !== null,
    stale_reason: staleReason,
    current_engine_version: ENGINE_VERSION,
  };
};

/**
 * "Name (Kopie)", "Name (Kopie 2)", … — the first free name of at most 40 characters. A name too long for
 * the suffix is shortened at a word boundary with "…", never mid-word, so the reader sees the cut; a single long word is cut.
 */
export const copyName = (name: string, taken: Set<string>): string => {
  for (let n = 1; ; n += 1) {
    const suffix = n === 1 ? ' (Kopie)' : ` (Kopie ${n})`;
    const room = Math.max(1, PROJECT_NAME_MAX - suffix.length);
    const base = name.length <= room ? name : shortenAtWord(name, room - 1) + '…';
    const candidate = `${base}${suffix}`;
    if (!taken.has(nameKey(candidate))) return candidate;
  }
};

/** The longest start of `text` of at most `max` characters that ends at a word boundary (trimmed). */
const shortenAtWord = (text: string, max: number): string => {
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (space > 0 ? cut.slice(0, space) : text.slice(0, max)).trimEnd();
};

export const toUsers = (
  rows: { id: number; full_name: string; email: string; role: string | null }[],
): ProjectUser[] =>
  rows.map((r) => ({
    id: r.id,
    full_name: r.full_name,
    email: r.email,
    role: roleOf(r.role),
  }));
