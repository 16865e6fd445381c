import {
  ProjectSettingsSchema,
  SETTINGS_FIELDS,
  SETTINGS_GROUPS,
  type FieldDef,
  type ProjectSettings,
  type SettingsGroup,
} from '@pfahlplaner/contracts';
import {
  formatNumber,
  parseNumber,
  type DecimalSeparator,
} from '../../../../lib/format/number-format';

/**
 * Groups shown in the settings dialog, in the order of the product specification (ADR 0066). `projectData` has its own workspace tab and
 * `internal` is kept only for file round trips; both keep their values untouched on save.
 */
export const DIALOG_GROUPS = SETTINGS_GROUPS.filter(
  (g): g is Exclude<SettingsGroup, 'projectData' | 'internal'> =>
    g !== 'projectData' && g !== 'internal',
);
export type DialogGroup = (typeof DIALOG_GROUPS)[number];

/** Catalogue fields per dialog group (catalogue order within a group). */
export const settingsGroups = (): { group: DialogGroup; fields: FieldDef[] }[] =>
  DIALOG_GROUPS.map((group) => ({
    group,
    fields: (SETTINGS_FIELDS as readonly FieldDef[]).filter((f) => f.group === group),
  })).filter((g) => g.fields.length > 0);

/** Editable value of one field: text for numbers (typed with the user's decimal mark), else the value. */
export type DraftValue = string | boolean | number | null;
export type SettingsDraft = Record<string, DraftValue>;

const isNumeric = (f: FieldDef): boolean =>
  (f.kind === 'number' || f.kind === 'integer') &&
  !(f.kind === 'integer' && f.control === 'checkbox');

const dialogFields = (): FieldDef[] => settingsGroups().flatMap((g) => g.fields);

/** Draft of the dialog fields from stored settings (numbers formatted with the decimal mark). */
export const toDraft = (settings: ProjectSettings, separator: DecimalSeparator): SettingsDraft => {
  const values = settings as unknown as Record<string, unknown>;
  return Object.fromEntries(
    dialogFields().map((f) => {
      const v = values[f.key];
      if (isNumeric(f)) return [f.key, typeof v === 'number' ? formatNumber(v, separator) : ''];
      return [f.key, (v ?? null) as DraftValue];
    }),
  );
};

/** Draft holding the catalogue defaults of every dialog field ("reset to defaults"). */
export const defaultDraft = (separator: DecimalSeparator): SettingsDraft =>
  Object.fromEntries(
    dialogFields().map((f) => [
      f.key,
      isNumeric(f) ? formatNumber(f.default as number | null, separator) : (f.default ?? null),
    ]),
  );

/** Error code per field key (error-codes.ts codes, plus NOT_A_NUMBER for unreadable typed numbers). */
export type SettingsErrors = Record<string, string>;

/**
 * Validates a draft against the catalogue's zod schema. Typed numbers are parsed with the decimal mark
 * first (unreadable text → NOT_A_NUMBER). Fields outside the dialog keep their stored values.
 * @returns the parsed settings, or the errors by field key
 */
export const validateDraft = (
  draft: SettingsDraft,
  base: ProjectSettings,
  separator: DecimalSeparator,
): { settings: ProjectSettings; errors: null } | { settings: null; errors: SettingsErrors } => {
  const errors: SettingsErrors = {};
  const candidate: Record<string, unknown> = { ...base };
  for (const f of dialogFields()) {
    const v = draft[f.key];
    if (isNumeric(f)) {
      const text = typeof v === 'string' ? v : '';
      const parsed = parseNumber(text, separator);
      if (parsed === null && text.trim() !== '') errors[f.key] = 'NOT_A_NUMBER';
      candidate[f.key] = parsed;
    } else {
      candidate[f.key] = v;
    }
  }
  const result = ProjectSettingsSchema.safeParse(candidate);
  if (!result.success) {
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? '');
      if (!(key in errors)) errors[key] = issue.message;
    }
  }
  return Object.keys(errors).length > 0 || !result.success
    ? { settings: null, errors }
    : { settings: result.data, errors: null };
};
