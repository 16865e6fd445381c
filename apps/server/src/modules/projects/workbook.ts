/**
 * The stored workbook and what is derived from it: defaults of a new project, validation with the plan's
 * rules, the canonical calculation input and its hash, and results merged into the rows (ADR 0045, 0046).
 */
import type {
  ErrorDetail,
  FieldDef,
  FieldEntity,
  Plan,
  ProjectSettings,
  Workbook,
} from '@pfahlplaner/contracts';
import {
  createWorkbookSchema,
  defaultsOf,
  ERROR_CODES,
  FREE_PLAN_MIN_STEP_WIDTH_M,
  fieldsOf,
  planStepWidthViolations,
  resultFieldsOf,
  toErrorDetails,
} from '@pfahlplaner/contracts';
import { AppError } from '#app/lib/app-error';
import { sha256 } from '#app/lib/secrets';
import { zodErrorMap } from '#app/lib/validation';
import type { FullProjectResult } from '#app/modules/calculation/run-calculation';

/** Free plan: the length iteration step (`Schrittweite`) must be at least 1.0 m (ADR 0048, docs/permissions.md). */
export const FREE_PLAN_MIN_STEP_WIDTH = FREE_PLAN_MIN_STEP_WIDTH_M;

/** The stored document: a workbook without `version` (the version lives in the project row). */
export type StoredWorkbook = Omit<Workbook, 'version'>;

type Row = Record<string, unknown>;

const resultKeys = (entity: FieldEntity): Set<string> =>
  new Set(resultFieldsOf(entity).map((f) => f.key));
const RESULT_KEYS = {
  pile: resultKeys('pile'),
  soilProfile: resultKeys('soilProfile'),
  soilLayer: resultKeys('soilLayer'),
  horizontalLoadCase: resultKeys('horizontalLoadCase'),
  horizontalLoad: resultKeys('horizontalLoad'),
};

/**
 * Settings that reach no calculated number: project and company data of the report header and the PDF
 * output options. They are left out of the input hash, so renaming a project keeps its results fresh.
 */
const NON_CALCULATION_SETTINGS = new Set(
  (fieldsOf('settings') as readonly FieldDef[])
    .filter((f) => f.group === 'projectData' || f.group === 'pdfOutput')
    .map((f) => f.key),
);

/** Settings of a new project: the catalogue's model defaults (ADR 0052); Free plan: Schrittweite ≥ 1.0 m. */
export const defaultSettings = (name: string, plan: Plan): ProjectSettings => {
  const settings = { ...defaultsOf('settings'), name } as ProjectSettings;
  if (plan === 'Free' && settings.Schrittweite < FREE_PLAN_MIN_STEP_WIDTH) {
    settings.Schrittweite = FREE_PLAN_MIN_STEP_WIDTH;
  }
  return settings;
};

/** The settings keys a reset keeps: project and company data are not "settings defaults". */
export const PROJECT_DATA_SETTINGS = new Set(
  (fieldsOf('settings') as readonly FieldDef[])
    .filter((f) => f.group === 'projectData')
    .map((f) => f.key),
);

export const defaultWorkbook = (name: string, plan: Plan): StoredWorkbook => ({
  settings: defaultSettings(name, plan),
  piles: [],
  soil_profiles: [],
  horizontal_loadcases: [],
});

const omit = (row: object, keys: Set<string>): Row =>
  Object.fromEntries(Object.entries(row).filter(([key]) => !keys.has(key)));

/** The workbook without version and result fields (results are never stored in the document; ADR 0045). */
export const stripResults = (workbook: StoredWorkbook | Workbook): StoredWorkbook =>
  ({
    settings: workbook.settings,
    piles: workbook.piles.map((p) => omit(p, RESULT_KEYS.pile)),
    soil_profiles: workbook.soil_profiles.map((profile) => ({
      ...omit(profile, RESULT_KEYS.soilProfile),
      soil_layers: profile.soil_layers.map((l) => omit(l, RESULT_KEYS.soilLayer)),
    })),
    horizontal_loadcases: workbook.horizontal_loadcases.map((loadCase) => ({
      ...omit(loadCase, RESULT_KEYS.horizontalLoadCase),
      horizontal_loads: loadCase.horizontal_loads.map((l) => omit(l, RESULT_KEYS.horizontalLoad)),
    })),
  }) as unknown as StoredWorkbook;

/** JSON with object keys sorted at every level: equal data → equal text → equal hash. */
export const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Row)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
};

/**
 * SHA-256 of the canonical calculation inputs: the stored workbook without version, results, project and
 * company data and PDF options (ADR 0046).
 */
export const inputHashOf = (workbook: StoredWorkbook): string =>
  sha256(
    canonicalJson({ ...workbook, settings: omit(workbook.settings, NON_CALCULATION_SETTINGS) }),
  );

const KNOWN_CODES = new Set<string>(ERROR_CODES);

export type ValidateOptions = { plan: Plan; checkReferences: boolean };

/**
 * Validates a workbook with the field rules, the cross-row rules (ADR 0051) and the plan's limits; every
 * problem is reported at once with its wire path. Throws VALIDATION_FAILED (400).
 */
export const validateWorkbook = (input: unknown, options: ValidateOptions): Workbook => {
  const parsed = createWorkbookSchema(options).safeParse(input, { error: zodErrorMap });
  const details: ErrorDetail[] = parsed.success ? [] : toErrorDetails(parsed.error);
  details.push(...planStepWidthProblems(input, options.plan));
  if (details.length > 0 || !parsed.success) {
    throw new AppError('VALIDATION_FAILED', {
      details: details.map((d) => (KNOWN_CODES.has(d.code) ? d : { ...d, code: 'INVALID_VALUE' })),
    });
  }
  return parsed.data;
};

/**
 * Free plan: `settings.Schrittweite` below 1.0 m → TOO_SMALL with `params.rule = 'PLAN_STEP_WIDTH'`
 * (the contracts' rule, which the import preview reports too).
 */
export const planStepWidthProblems = (
  input: unknown,
  plan: Plan,
  path = 'settings.Schrittweite',
): ErrorDetail[] =>
  planStepWidthViolations((input as { settings?: unknown } | null)?.settings, plan).map(
    (violation) => ({ path, code: violation.code, params: violation.params }),
  );

const fill = (row: object, keys: Set<string>, source: Row | undefined): Row => {
  const out: Row = { ...row };
  for (const key of keys) out[key] = source && key in source ? (source[key] ?? null) : null;
  return out;
};

/**
 * The workbook as the API answers it: version, inputs, and the result fields filled from `result` (null
 * without one). Rows are matched by index (load points, layers, load rows) and profiles by name.
 */
export const toWireWorkbook = (
  stored: StoredWorkbook,
  version: number,
  result: FullProjectResult | null,
): Workbook => {
  const piles = result?.piles ?? [];
  const profiles = new Map((result?.soil_profiles ?? []).map((p) => [p.name, p]));
  const cases = result?.horizontal_loadcases ?? [];
  return {
    version,
    settings: stored.settings,
    piles: stored.piles.map((p, i) => fill(p, RESULT_KEYS.pile, piles[i] as Row | undefined)),
    soil_profiles: stored.soil_profiles.map((profile) => {
      const usage = profiles.get(profile.name);
      return {
        ...fill(profile, RESULT_KEYS.soilProfile, undefined),
        soil_layers: profile.soil_layers.map((layer, i) =>
          fill(layer, RESULT_KEYS.soilLayer, {
            PfahlTyp: usage?.PfahlTyp ?? null,
            ...usage?.soil_layers.find((l) => l.rowIndex === i),
          }),
        ),
      };
    }),
    horizontal_loadcases: stored.horizontal_loadcases.map((loadCase, c) => ({
      ...fill(loadCase, RESULT_KEYS.horizontalLoadCase, undefined),
      horizontal_loads: loadCase.horizontal_loads.map((load, i) =>
        fill(
          load,
          RESULT_KEYS.horizontalLoad,
          cases[c]?.horizontal_loads.find((r) => r.rowIndex === i) as Row | undefined,
        ),
      ),
    })),
  } as unknown as Workbook;
};
