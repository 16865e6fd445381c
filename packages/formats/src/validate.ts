/**
 * Shared last step of every import: the raw rows read from a file are checked with the contracts' row
 * schemas and cross-row rules, and every zod issue becomes an ImportIssue at the file location the
 * reader recorded for that wire path. Invalid cells fall back to the field default so the preview still
 * has a complete workbook; the issue (severity error) blocks applying it.
 */
import {
  FREE_PLAN_MAX_SOIL_LAYERS,
  WorkbookShapeSchema,
  findPlanLimitViolations,
  findWorkbookRuleViolations,
  formatIssuePath,
  type Plan,
  type Workbook,
  type WorkbookViolation,
} from '@pfahlplaner/contracts';
import type { ErrorCode } from '@pfahlplaner/contracts';
import { issue, type ImportIssue, type ImportIssueParams } from './issues';

/** The workbook of an import: everything but the project version (the server owns that). */
export type ImportedWorkbook = Omit<Workbook, 'version'>;

/** Options of every reader: the company's plan, whose limits are import problems too (Free plan). */
export type ImportOptions = { plan?: Plan };

/** Where a value came from in the file. */
export type SourceLocation = { sheet: string | null; row: number | null; column: string | null };

/**
 * Locations by wire path (`piles[3].SollDurchmesser`, `piles[3]`, `soil_profiles[0]`). Lookups fall back
 * to the parent path, so a reader records rows and the cells it knows.
 */
export class LocationMap {
  private readonly map = new Map<string, SourceLocation>();

  set(path: readonly (string | number)[], location: SourceLocation): void {
    this.map.set(formatIssuePath(path), location);
  }

  get(path: readonly PropertyKey[]): SourceLocation {
    for (let length = path.length; length >= 0; length -= 1) {
      const found = this.map.get(formatIssuePath(path.slice(0, length)));
      if (found) return found;
    }
    return { sheet: null, row: null, column: null };
  }
}

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Delete the value at a wire path (so the schema default applies on the second pass). */
const deleteAt = (root: unknown, path: readonly PropertyKey[]): void => {
  let node: unknown = root;
  for (let index = 0; index < path.length - 1; index += 1) {
    const key = path[index]!;
    node = isObject(node) || Array.isArray(node) ? (node as Loose)[key as string] : undefined;
  }
  const last = path[path.length - 1];
  if (last !== undefined && (isObject(node) || Array.isArray(node))) {
    delete (node as Loose)[last as string];
  }
};

const paramsOf = (zodIssue: {
  code: string;
  minimum?: unknown;
  maximum?: unknown;
  params?: Record<string, unknown>;
}): ImportIssueParams => {
  const params: ImportIssueParams = {};
  if (zodIssue.code === 'too_small' && typeof zodIssue.minimum === 'number') {
    params.min = zodIssue.minimum;
  }
  if (zodIssue.code === 'too_big' && typeof zodIssue.maximum === 'number') {
    params.max = zodIssue.maximum;
  }
  for (const [key, value] of Object.entries(zodIssue.params ?? {})) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      params[key] = value as string | number | boolean | null;
    }
  }
  return params;
};

/**
 * File location of a plan-limit violation: the layer limit points at the first layer beyond the limit
 * (its key cell `endKote`), the step width at its own cell.
 */
const planLimitPath = (violation: WorkbookViolation): (string | number)[] =>
  violation.params.rule === 'PLAN_LAYER_LIMIT'
    ? [...violation.path, FREE_PLAN_MAX_SOIL_LAYERS, 'endKote']
    : violation.path;

/**
 * Validate a raw workbook read from a file.
 * @param raw `{ settings, piles, soil_profiles, horizontal_loadcases }` with wire names and wire units
 * @param locations file locations of the raw values
 * @param options `plan`: report the limits of that plan (Free: layers per profile, step width) as errors
 * @returns the canonical workbook (schema defaults applied, invalid values replaced by defaults) and
 *   one issue per problem
 */
export function validateImported(
  raw: Loose,
  locations: LocationMap,
  options: ImportOptions = {},
): { workbook: ImportedWorkbook; issues: ImportIssue[] } {
  const issues: ImportIssue[] = [];
  const candidate = structuredClone({ ...raw, version: 0 });
  let parsed = WorkbookShapeSchema.safeParse(candidate);
  for (let attempt = 0; !parsed.success && attempt < 3; attempt += 1) {
    for (const zodIssue of parsed.error.issues) {
      if (attempt === 0) {
        const where = locations.get(zodIssue.path);
        issues.push(
          issue(zodIssue.message as ErrorCode, where, {
            path: formatIssuePath(zodIssue.path),
            ...paramsOf(zodIssue),
          }),
        );
      }
      deleteAt(candidate, zodIssue.path);
    }
    parsed = WorkbookShapeSchema.safeParse(candidate);
  }
  if (!parsed.success) {
    // Only non-defaultable values remain (a profile without name): give them an empty text.
    for (const zodIssue of parsed.error.issues) {
      const parent = zodIssue.path.slice(0, -1);
      const key = zodIssue.path[zodIssue.path.length - 1];
      let node: unknown = candidate;
      for (const segment of parent) node = (node as Loose)[segment as string];
      if (isObject(node) && typeof key === 'string') node[key] = '';
    }
    parsed = WorkbookShapeSchema.safeParse(candidate);
  }
  const full = parsed.success ? parsed.data : WorkbookShapeSchema.parse(emptyWorkbook());
  for (const violation of findWorkbookRuleViolations(full)) {
    issues.push(
      issue(violation.code, locations.get(violation.path), {
        path: formatIssuePath(violation.path),
        ...violation.params,
      }),
    );
  }
  for (const violation of findPlanLimitViolations(full, options.plan)) {
    const count = violation.params.rule === 'PLAN_LAYER_LIMIT' ? layerCount(full, violation) : null;
    issues.push(
      issue(violation.code, locations.get(planLimitPath(violation)), {
        path: formatIssuePath(violation.path),
        ...violation.params,
        ...(count === null ? {} : { count }),
        plan: options.plan ?? null,
      }),
    );
  }
  const { version: _version, ...workbook } = full;
  return { workbook, issues };
}

/** Number of layers of the profile a layer-limit violation names. */
const layerCount = (workbook: Workbook, violation: WorkbookViolation): number =>
  workbook.soil_profiles[violation.path[1] as number]?.soil_layers.length ?? 0;

/** A workbook with default settings and no rows (name required: empty text until the server sets it). */
export const emptyWorkbook = () => ({
  version: 0,
  settings: { name: 'Projekt' },
  piles: [],
  soil_profiles: [],
  horizontal_loadcases: [],
});
