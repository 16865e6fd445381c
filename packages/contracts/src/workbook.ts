/**
 * The project workbook: settings, load points (piles), soil profiles with layers and horizontal load
 * cases with load rows — the one shape of the project detail, the save (`update-table-datas`), the
 * calculation response and every import (ADR 0045). Field rules come from the field catalogue; the
 * cross-row rules (unique names, layer order, plan limit, references) are below.
 */
import { z } from 'zod';
import type { ErrorDetail } from './envelope';
import type { ErrorCode } from './error-codes';
import {
  HORIZONTAL_LOAD_CASE_FIELDS,
  HORIZONTAL_LOAD_FIELDS,
  PILE_FIELDS,
  SETTINGS_FIELDS,
  SOIL_LAYER_FIELDS,
  SOIL_PROFILE_FIELDS,
  rowSchemaOf,
} from './fields';
import type { Plan } from './roles';
import { FREE_PLAN_MIN_STEP_WIDTH_M } from './teams';

/** Size guards of one workbook (far above real projects; they bound the work of a single request). */
export const WORKBOOK_LIMITS = {
  piles: 10_000,
  soilProfiles: 200,
  soilLayers: 200,
  horizontalLoadCases: 200,
  horizontalLoads: 10_000,
} as const;

/** Free plan: at most this many layers per soil profile ('Maximum 2 soil layers. Please upgrade!'). */
export const FREE_PLAN_MAX_SOIL_LAYERS = 2;

const list = <T extends z.ZodType>(item: T, max: number) =>
  z
    .array(item, { error: (issue) => (issue.input === undefined ? 'REQUIRED' : 'INVALID_TYPE') })
    .max(max, {
      error: 'TOO_BIG',
    });

/** Project settings (docs/sources/legacy-format.md §L2.5, model defaults; `name` max. 40 characters). */
export const ProjectSettingsSchema = rowSchemaOf(SETTINGS_FIELDS);
export type ProjectSettings = z.infer<typeof ProjectSettingsSchema>;

/** One load point (pile row). */
export const PileRowSchema = rowSchemaOf(PILE_FIELDS);
export type PileRow = z.infer<typeof PileRowSchema>;

/** One soil layer; its top is the previous layer's `endKote` (the first layer's: the profile's `startKote`). */
export const SoilLayerSchema = rowSchemaOf(SOIL_LAYER_FIELDS);
export type SoilLayer = z.infer<typeof SoilLayerSchema>;

export const SoilProfileSchema = rowSchemaOf(SOIL_PROFILE_FIELDS).extend({
  soil_layers: list(SoilLayerSchema, WORKBOOK_LIMITS.soilLayers),
});
export type SoilProfile = z.infer<typeof SoilProfileSchema>;

/** One load row of a horizontal load case. */
export const HorizontalLoadSchema = rowSchemaOf(HORIZONTAL_LOAD_FIELDS);
export type HorizontalLoad = z.infer<typeof HorizontalLoadSchema>;

export const HorizontalLoadCaseSchema = rowSchemaOf(HORIZONTAL_LOAD_CASE_FIELDS).extend({
  horizontal_loads: list(HorizontalLoadSchema, WORKBOOK_LIMITS.horizontalLoads),
});
export type HorizontalLoadCase = z.infer<typeof HorizontalLoadCaseSchema>;

/** The workbook without the cross-row rules (field rules only). */
export const WorkbookShapeSchema = z.object({
  /** Project version the client based its edit on; a save on an older version is refused with 409. */
  version: z
    .number({ error: (issue) => (issue.input == null ? 'REQUIRED' : 'INVALID_TYPE') })
    .min(0, { error: 'TOO_SMALL' })
    .refine(Number.isSafeInteger, { error: 'NOT_AN_INTEGER' }),
  settings: ProjectSettingsSchema,
  piles: list(PileRowSchema, WORKBOOK_LIMITS.piles),
  soil_profiles: list(SoilProfileSchema, WORKBOOK_LIMITS.soilProfiles),
  horizontal_loadcases: list(HorizontalLoadCaseSchema, WORKBOOK_LIMITS.horizontalLoadCases),
});
export type Workbook = z.infer<typeof WorkbookShapeSchema>;

/** Why a cross-row rule failed, in `params.rule` (the code alone is generic: TOO_BIG, INVALID_VALUE). */
export const WORKBOOK_RULES = [
  'LAYER_ORDER',
  'PLAN_LAYER_LIMIT',
  'PLAN_STEP_WIDTH',
  'UNKNOWN_SOIL_PROFILE',
  'UNKNOWN_PILE',
] as const;
export type WorkbookRule = (typeof WORKBOOK_RULES)[number];

/** One violated cross-row rule with its wire path as segments (`['piles', 3, 'Pname']`). */
export type WorkbookViolation = {
  path: (string | number)[];
  code: ErrorCode;
  params: Record<string, string | number | boolean | null>;
};

export type WorkbookRuleOptions = {
  /** Plan of the company; `Free` limits soil layers per profile. Default: no plan limit. */
  plan?: Plan;
  /**
   * Check that `BodenProfil` names an existing soil profile and a load row's `Pname` an existing pile.
   * Default true. Autosave of a half-typed grid may switch it off; calculation and import keep it on.
   */
  checkReferences?: boolean;
};

type Loose = Record<string, unknown>;
const isObject = (value: unknown): value is Loose => typeof value === 'object' && value !== null;
const rows = (value: unknown): Loose[] => (Array.isArray(value) ? value.filter(isObject) : []);
const rowsWithIndex = (value: unknown): [Loose, number][] =>
  Array.isArray(value)
    ? value.flatMap((row, index): [Loose, number][] => (isObject(row) ? [[row, index]] : []))
    : [];
const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
const finite = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** NOT_UNIQUE on every later row whose `key` repeats an earlier one (the first stays unmarked). */
function duplicates(
  list: unknown,
  key: string,
  basePath: (string | number)[],
  names: (v: unknown) => string | null,
) {
  const firstIndex = new Map<string, number>();
  const found: WorkbookViolation[] = [];
  for (const [row, index] of rowsWithIndex(list)) {
    const name = names(row[key]);
    if (name === null) continue;
    const first = firstIndex.get(name);
    if (first === undefined) firstIndex.set(name, index);
    else {
      found.push({
        path: [...basePath, index, key],
        code: 'NOT_UNIQUE',
        params: { firstIndex: first },
      });
    }
  }
  return found;
}

/** Layer bottoms must not rise: each `endKote` ≤ the previous layer's (the first ≤ the profile's `startKote`). */
function layerOrder(profile: Loose, profileIndex: number): WorkbookViolation[] {
  const found: WorkbookViolation[] = [];
  let previous = finite(profile.startKote);
  for (const [layer, index] of rowsWithIndex(profile.soil_layers)) {
    const endKote = finite(layer.endKote);
    if (endKote === null) continue;
    if (previous !== null && endKote > previous) {
      found.push({
        path: ['soil_profiles', profileIndex, 'soil_layers', index, 'endKote'],
        code: 'TOO_BIG',
        params: { max: previous, rule: 'LAYER_ORDER' },
      });
    }
    previous = endKote;
  }
  return found;
}

/** References by name; a list that is missing altogether is reported by the shape, not here. */
function references(workbook: Loose): WorkbookViolation[] {
  const found: WorkbookViolation[] = [];
  const profileNames = new Set(rows(workbook.soil_profiles).map((p) => text(p.name)));
  const piles = Array.isArray(workbook.soil_profiles) ? rowsWithIndex(workbook.piles) : [];
  for (const [pile, index] of piles) {
    const name = text(pile.BodenProfil);
    if (name !== null && !profileNames.has(name)) {
      found.push({
        path: ['piles', index, 'BodenProfil'],
        code: 'INVALID_VALUE',
        params: { rule: 'UNKNOWN_SOIL_PROFILE' },
      });
    }
  }
  const pileNames = new Set(rows(workbook.piles).map((p) => text(p.Pname)));
  const loadCases = Array.isArray(workbook.piles)
    ? rowsWithIndex(workbook.horizontal_loadcases)
    : [];
  for (const [loadCase, caseIndex] of loadCases) {
    for (const [load, index] of rowsWithIndex(loadCase.horizontal_loads)) {
      const name = text(load.Pname);
      if (name !== null && !pileNames.has(name)) {
        found.push({
          path: ['horizontal_loadcases', caseIndex, 'horizontal_loads', index, 'Pname'],
          code: 'INVALID_VALUE',
          params: { rule: 'UNKNOWN_PILE' },
        });
      }
    }
  }
  return found;
}

/** Free plan: more than FREE_PLAN_MAX_SOIL_LAYERS layers in a profile → TOO_BIG on its layer list. */
function planLayerLimit(
  profile: Loose,
  index: number,
  plan: Plan | undefined,
): WorkbookViolation[] {
  const layerCount = Array.isArray(profile.soil_layers) ? profile.soil_layers.length : 0;
  return plan === 'Free' && layerCount > FREE_PLAN_MAX_SOIL_LAYERS
    ? [
        {
          path: ['soil_profiles', index, 'soil_layers'],
          code: 'TOO_BIG',
          params: { max: FREE_PLAN_MAX_SOIL_LAYERS, rule: 'PLAN_LAYER_LIMIT' },
        },
      ]
    : [];
}

/**
 * Free plan: `settings.Schrittweite` below FREE_PLAN_MIN_STEP_WIDTH_M → TOO_SMALL with
 * `params.rule = 'PLAN_STEP_WIDTH'` (the server checks it on every save, imports report it in the preview).
 * @param settings the settings object (any shape: non-numbers are the field rules' business)
 */
export function planStepWidthViolations(
  settings: unknown,
  plan: Plan | undefined,
  path: (string | number)[] = ['settings', 'Schrittweite'],
): WorkbookViolation[] {
  const step = isObject(settings) ? settings.Schrittweite : undefined;
  return plan === 'Free' && typeof step === 'number' && step < FREE_PLAN_MIN_STEP_WIDTH_M
    ? [
        {
          path,
          code: 'TOO_SMALL',
          params: { min: FREE_PLAN_MIN_STEP_WIDTH_M, rule: 'PLAN_STEP_WIDTH' },
        },
      ]
    : [];
}

/**
 * Every limit of `plan` a workbook breaks (Free: soil layers per profile, step width), with wire paths;
 * empty for Trial and Paid. The import preview reports these at their file location (sheet, row, column)
 * before anything is applied; the server's save checks the same rules again.
 */
export function findPlanLimitViolations(
  workbook: unknown,
  plan: Plan | undefined,
): WorkbookViolation[] {
  if (!isObject(workbook)) return [];
  return [
    ...planStepWidthViolations(workbook.settings, plan),
    ...rowsWithIndex(workbook.soil_profiles).flatMap(([profile, index]) =>
      planLayerLimit(profile, index, plan),
    ),
  ];
}

/**
 * The cross-row rules of a workbook: unique `Pname` (piles, and per load case), unique soil-profile and
 * load-case names, layer order, the Free plan's layer limit and (optionally) references by name.
 * Works on partially invalid input (it skips what it cannot read), so cell errors and row errors are
 * reported together.
 * @param workbook a (possibly invalid) workbook
 * @returns violations with wire paths; empty when all rules hold
 */
export function findWorkbookRuleViolations(
  workbook: unknown,
  options: WorkbookRuleOptions = {},
): WorkbookViolation[] {
  if (!isObject(workbook)) return [];
  const found = [
    ...duplicates(workbook.piles, 'Pname', ['piles'], text),
    ...duplicates(workbook.soil_profiles, 'name', ['soil_profiles'], text),
    // Load-case names may be blank but must differ; '' counts as a name here.
    ...duplicates(workbook.horizontal_loadcases, 'name', ['horizontal_loadcases'], (v) =>
      typeof v === 'string' ? v.trim() : null,
    ),
  ];
  for (const [profile, index] of rowsWithIndex(workbook.soil_profiles)) {
    found.push(...layerOrder(profile, index));
    found.push(...planLayerLimit(profile, index, options.plan));
  }
  for (const [loadCase, index] of rowsWithIndex(workbook.horizontal_loadcases)) {
    found.push(
      ...duplicates(
        loadCase.horizontal_loads,
        'Pname',
        ['horizontal_loadcases', index, 'horizontal_loads'],
        text,
      ),
    );
  }
  if (options.checkReferences ?? true) found.push(...references(workbook));
  return found;
}

/**
 * Workbook schema with the field rules and the cross-row rules for a plan. Cross-row rules run even
 * when cells are invalid, so one parse reports everything.
 */
export const createWorkbookSchema = (options: WorkbookRuleOptions = {}) =>
  WorkbookShapeSchema.superRefine(
    (workbook, ctx) => {
      for (const violation of findWorkbookRuleViolations(workbook, options)) {
        ctx.addIssue({
          code: 'custom',
          message: violation.code,
          path: violation.path,
          params: violation.params,
        });
      }
    },
    { when: (payload) => isObject(payload.value) },
  );

/** The workbook with every rule, references checked, no plan limit (pass the plan via createWorkbookSchema). */
export const WorkbookSchema = createWorkbookSchema();

/** Wire path text of zod path segments: `['piles', 3, 'SollDurchmesser']` → `piles[3].SollDurchmesser`. */
export const formatIssuePath = (path: readonly PropertyKey[]): string =>
  path.reduce<string>((text, segment) => {
    if (typeof segment === 'number') return `${text}[${segment}]`;
    const name = String(segment);
    return text === '' ? name : `${text}.${name}`;
  }, '');

type ParamValue = string | number | boolean | null;
const toParam = (value: unknown): ParamValue | undefined => {
  if (typeof value === 'bigint') return Number(value);
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
    return value as ParamValue;
  }
  return undefined;
};

/**
 * API error details of a zod error: wire path, code (the issue message), and params (`min`/`max` of
 * range and length rules, the params of cross-row rules).
 */
export const toErrorDetails = (error: z.ZodError): ErrorDetail[] =>
  error.issues.map((issue) => {
    const params: Record<string, ParamValue> = {};
    if (issue.code === 'too_small') params.min = toParam(issue.minimum) ?? null;
    if (issue.code === 'too_big') params.max = toParam(issue.maximum) ?? null;
    if (issue.code === 'custom' && issue.params) {
      for (const [key, value] of Object.entries(issue.params)) {
        const param = toParam(value);
        if (param !== undefined) params[key] = param;
      }
    }
    const detail: ErrorDetail = { path: formatIssuePath(issue.path), code: issue.message };
    return Object.keys(params).length > 0 ? { ...detail, params } : detail;
  });
