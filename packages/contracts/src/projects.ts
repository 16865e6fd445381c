/**
 * Payloads of the project API (ADR 0045–0049): list, create, rename, copy, delete, workbook save with
 * optimistic locking, settings, company data for reports, calculation and user assignment.
 * The route table is in `apps/server/README.md`; the workbook itself is `./workbook.ts`.
 */
import { z } from 'zod';
import { ProjectSettingsSchema, WorkbookShapeSchema } from './workbook';
import { ROLES } from './roles';

// Zod messages are error codes (error-codes.ts); the server copies them into error.details[].code.

/** Project names: at most 40 characters ('Project name max. 40 signs'), unique in the company. */
export const PROJECT_NAME_MAX = 40;

/** Page sizes of the project list. */
export const PROJECT_PAGE_SIZES = [5, 10] as const;

/** Sort keys of the project list; a `-` prefix sorts descending. */
export const PROJECT_SORT_KEYS = ['name', 'created_date', 'modified_date'] as const;
export const PROJECT_SORTS = [
  ...PROJECT_SORT_KEYS,
  ...PROJECT_SORT_KEYS.map((key) => `-${key}` as const),
] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];

/** At most this many projects in one copy or delete request. */
export const PROJECT_BULK_MAX = 100;

export const ProjectNameSchema = z
  .string({ error: 'REQUIRED' })
  .trim()
  .min(1, { error: 'REQUIRED' })
  .max(PROJECT_NAME_MAX, { error: 'PROJECT_NAME_TOO_LONG' });

/** Free text of the project address; 128 = the settings fields `projekt*` the values are mirrored into. */
const AddressText = z.string({ error: 'INVALID_TYPE' }).trim().max(128, { error: 'TOO_LONG' });

/** Create and rename (`POST …/projects/`, `PUT …/projects/{id}/`); omitted fields keep their value. */
export const ProjectBasicDataSchema = z.object({
  name: ProjectNameSchema,
  street: AddressText.optional(),
  postal_code: AddressText.optional(),
  location: AddressText.optional(),
  /** ISO 3166-1 alpha-2 (`GET /companies/api/getListCountries/`); null clears it. */
  country_id: z
    .string({ error: 'INVALID_TYPE' })
    .trim()
    .length(2, { error: 'COUNTRY_NOT_FOUND' })
    .nullable()
    .optional(),
  /** The engineer's project number (free text). */
  number: z.string({ error: 'INVALID_TYPE' }).trim().max(64, { error: 'TOO_LONG' }).optional(),
});
export type ProjectBasicData = z.infer<typeof ProjectBasicDataSchema>;

const intParam = (min: number) =>
  z.coerce
    .number({ error: 'NOT_AN_INTEGER' })
    .int({ error: 'NOT_AN_INTEGER' })
    .min(min, { error: 'TOO_SMALL' })
    .max(2_147_483_647, { error: 'TOO_BIG' });

/** `GET …/projects/?page=1&page_size=10&search=&sort=-modified_date`. */
export const ProjectListQuerySchema = z.object({
  page: intParam(1).default(1),
  page_size: z.coerce
    .number({ error: 'INVALID_VALUE' })
    .refine((v) => v === 5 || v === 10, { error: 'INVALID_VALUE' })
    .default(10),
  /** Case-insensitive "name contains". */
  search: z.string().trim().max(PROJECT_NAME_MAX, { error: 'TOO_LONG' }).default(''),
  sort: z.enum(PROJECT_SORTS, { error: 'INVALID_VALUE' }).default('-modified_date'),
});
export type ProjectListQuery = z.infer<typeof ProjectListQuerySchema>;

export const CALCULATION_STATUSES = ['none', 'fresh', 'stale'] as const;
export type CalculationStatus = (typeof CALCULATION_STATUSES)[number];

export const ProjectSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  street: z.string(),
  postal_code: z.string(),
  location: z.string(),
  country_id: z.string().nullable(),
  number: z.string(),
  version: z.number().int(),
  /** ISO 8601 timestamps. */
  created_date: z.string(),
  modified_date: z.string(),
  created_by_name: z.string().nullable(),
  modified_by_name: z.string().nullable(),
  calculation_status: z.enum(CALCULATION_STATUSES),
});
export type ProjectSummary = z.infer<typeof ProjectSummarySchema>;

export const ProjectListSchema = z.object({
  results: z.array(ProjectSummarySchema),
  /** Total number of matching projects (pages = ceil(count / page_size)). */
  count: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type ProjectList = z.infer<typeof ProjectListSchema>;

/** The stored calculation of a project: what was calculated, when, by which engine and server. */
export const CalculationInfoSchema = z.object({
  engine_version: z.string(),
  calculated_at: z.string(),
  /** SHA-256 (hex) of the canonical calculation inputs (ADR 0046). */
  input_hash: z.string(),
  /** Project version the calculation was based on. */
  project_version: z.number().int(),
  /** Id of the calculation server (`GET /v1/calculation-servers/`). */
  server: z.string(),
  /**
   * True when the results must not be used for reports: the inputs changed after the calculation, or the
   * results were made by another engine version than the one this server runs (ADR 0107).
   */
  stale: z.boolean(),
  /** Why the results are stale: `inputs` changed (this wins when both apply), or the `engine` version. */
  stale_reason: z.enum(['inputs', 'engine']).nullable(),
  /** Engine version this server calculates with now; differs from `engine_version` when reason = engine. */
  current_engine_version: z.string(),
});
export type CalculationInfo = z.infer<typeof CalculationInfoSchema>;

/**
 * Workbook in responses. The request schema (`WorkbookShapeSchema`) fills defaults and normalises cells;
 * an answer is already normalised, so it is described, not re-parsed.
 */
export const WorkbookResponseSchema = z
  .object({
    version: z.number().int(),
    settings: z.record(z.string(), z.unknown()),
    piles: z.array(z.record(z.string(), z.unknown())),
    soil_profiles: z.array(z.record(z.string(), z.unknown())),
    horizontal_loadcases: z.array(z.record(z.string(), z.unknown())),
  })
  .describe(
    'Workbook (contracts WorkbookShapeSchema), results filled in when the calculation is fresh',
  );

export const ProjectDetailSchema = z.object({
  project: ProjectSummarySchema,
  workbook: WorkbookResponseSchema,
  calculation: CalculationInfoSchema.nullable(),
});
/** `GET …/projects/{id}/` (the workbook as the loose response shape; clients narrow it to `Workbook`). */
export type ProjectDetailData = z.infer<typeof ProjectDetailSchema>;

/** `POST …/copy-multi-projects/`, `DELETE …/delete-multi-projects/`. */
export const ProjectIdsSchema = z.object({
  project_ids: z
    .array(intParam(1), { error: 'REQUIRED' })
    .min(1, { error: 'REQUIRED' })
    .max(PROJECT_BULK_MAX, { error: 'TOO_BIG' }),
});
export type ProjectIds = z.infer<typeof ProjectIdsSchema>;

export const ProjectCopyResultSchema = z.object({ results: z.array(ProjectSummarySchema) });
export const ProjectDeleteResultSchema = z.object({ deleted: z.array(z.number().int()) });
export type ProjectCopyResult = z.infer<typeof ProjectCopyResultSchema>;
export type ProjectDeleteResult = z.infer<typeof ProjectDeleteResultSchema>;

/** `PUT …/update-table-datas/` body: the whole workbook incl. the version it is based on. */
export const SaveWorkbookSchema = WorkbookShapeSchema;

/** `PUT …/update-settings/` body. */
export const UpdateSettingsSchema = z.object({
  version: WorkbookShapeSchema.shape.version,
  settings: ProjectSettingsSchema,
});
export type UpdateSettings = z.infer<typeof UpdateSettingsSchema>;

/** `POST …/reset-settings/` body: settings back to the catalogue defaults (project data are kept). */
export const ResetSettingsSchema = z.object({ version: WorkbookShapeSchema.shape.version });

/** Answer of every workbook write. */
export const SaveResultSchema = z.object({
  version: z.number().int(),
  modified_date: z.string(),
  calculation: CalculationInfoSchema.nullable(),
});
export type SaveResult = z.infer<typeof SaveResultSchema>;

/** `data` of a 409 VERSION_CONFLICT: the current state, so the client can reload or keep its copy. */
export const VersionConflictDataSchema = z.object({
  workbook: WorkbookResponseSchema,
  modified_by_name: z.string().nullable(),
  modified_date: z.string(),
});
export type VersionConflictData = z.infer<typeof VersionConflictDataSchema>;

/** `GET …/calculate/?dhpd_server=local`. */
export const CalculateQuerySchema = z.object({
  dhpd_server: z
    .string()
    .trim()
    .max(64, { error: 'INVALID_VALUE' })
    .optional()
    .transform((v) => (v === undefined || v === '' ? undefined : v)),
});

/** Engine output (`@pfahlplaner/engine` ProjectResult plus `horizontal_loadcases`), wire names. */
export const ProjectResultSchema = z
  .object({
    engineVersion: z.string(),
    piles: z.array(z.unknown()),
    soil_profiles: z.array(z.unknown()),
    issues: z.array(z.unknown()),
    horizontal_loadcases: z.array(z.unknown()).optional(),
  })
  .loose();

export const CalculateResponseSchema = z.object({
  workbook: WorkbookResponseSchema,
  result: ProjectResultSchema,
  calculation: CalculationInfoSchema,
});

export type CalculateResponse = z.infer<typeof CalculateResponseSchema>;

export const StoredCalculationSchema = z
  .object({ result: ProjectResultSchema, calculation: CalculationInfoSchema })
  .nullable();
export type StoredCalculation = z.infer<typeof StoredCalculationSchema>;

/** States of a durable calculation job (ADR 0176; in pg-boss since ADR 0208). */
export const CALCULATION_JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;

/**
 * `GET …/calculation/job/` (ADR 0196): the project's newest calculation job, or null (none kept; the embedded
 * database calculates without jobs). A client whose calculate request was cut off polls it until the job is
 * `done` or `failed`, then reads the stored calculation.
 */
export const CalculationJobStatusSchema = z
  .object({
    /**
     * The job's id (pg-boss's UUID since ADR 0208); the calculate answer names the job it joined in the
     * `Calculation-Job` header.
     */
    id: z.string(),
    state: z.enum(CALCULATION_JOB_STATES),
    /** True when the job calculates the project's current inputs (its result is the fresh calculation). */
    current: z.boolean(),
    /** How often an instance took it (more than one: an instance died while running it). */
    attempts: z.number().int(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .nullable();
export type CalculationJobStatus = z.infer<typeof CalculationJobStatusSchema>;

/**
 * `GET …/calculation/piles/{index}/`: the full result of one load point, computed on demand (ADR 0170): the
 * axial result with its trace and every load row naming it with its w/M/Q distribution and trace.
 */
export const PileDetailSchema = z.object({
  pile: z.record(z.string(), z.unknown()),
  loads: z.array(
    z.object({
      loadCase: z.number().int(),
      row: z.number().int(),
      result: z.record(z.string(), z.unknown()),
    }),
  ),
});
export type PileDetailData = z.infer<typeof PileDetailSchema>;

export const CalculationServerSchema = z.object({
  id: z.string(),
  name: z.string(),
  is_default: z.boolean(),
});
export type CalculationServer = z.infer<typeof CalculationServerSchema>;

export const ProjectUserSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
});
export type ProjectUser = z.infer<typeof ProjectUserSchema>;

export const UserIdsSchema = z.object({
  user_ids: z
    .array(intParam(1), { error: 'REQUIRED' })
    .min(1, { error: 'REQUIRED' })
    .max(500, { error: 'TOO_BIG' }),
});

export const ProjectIdQuerySchema = z.object({ project_id: intParam(1) });

export const ProjectSettingDataSchema = z.object({
  settings: z.record(z.string(), z.unknown()),
  version: z.number().int(),
  /** Whether a report logo was uploaded for this project. */
  has_logo: z.boolean(),
});

export const ProjectLogoSchema = z.object({ has_logo: z.literal(true) });
