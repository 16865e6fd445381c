import {
  FIELD_TEXTS,
  UNIT_SYMBOLS,
  gridColumnsOf,
  type FieldDef,
  type FieldEntity,
} from '@pfahlplaner/contracts';
import type { Language } from '../../i18n';
import { fieldOptions } from './field-options';

/** One grid column built from the field catalogue. */
export type GridColumnSpec = {
  key: string;
  field: FieldDef;
  label: string;
  /** Unit symbol for the header ('' for dimensionless, counts and text). */
  unit: string;
  help: string;
  /** Inputs are editable; results are written by the calculation (read-only, shown distinct). */
  isResult: boolean;
  /** Default columns are always shown; optional ones are offered in the column chooser. */
  isOptional: boolean;
  /** Enum options with their translated labels. */
  options: { value: string | number; label: string }[];
};

/** Label, unit, help and option texts of a field in a language (German texts as fallback). */
export const fieldText = (key: string, language: Language) =>
  FIELD_TEXTS[language][key] ?? FIELD_TEXTS.de[key];

/**
 * The grid columns of an entity in catalogue order: label and unit in the user's language, enum options
 * with translated labels. Fields with grid policy `none` are not columns.
 */
export const buildColumnModel = (entity: FieldEntity, language: Language): GridColumnSpec[] =>
  gridColumnsOf(entity).map((field) => {
    const texts = fieldText(field.key, language);
    return {
      key: field.key,
      field,
      label: texts?.label ?? field.key,
      unit: UNIT_SYMBOLS[field.unit],
      help: texts?.help ?? '',
      isResult: field.role === 'result',
      isOptional: field.grid === 'optional',
      options: fieldOptions(field, language),
    };
  });

/**
 * Columns shown at first: every default column plus the optional columns that hold a value in any row
 * (so that imported data is never hidden), plus the user's own choice.
 */
export const initialVisibleKeys = (
  columns: readonly GridColumnSpec[],
  rows: readonly Record<string, unknown>[],
  chosen: readonly string[] = [],
): string[] =>
  columns
    .filter(
      (column) =>
        !column.isOptional ||
        chosen.includes(column.key) ||
        (!column.isResult && rows.some((row) => row[column.key] != null)),
    )
    .map((column) => column.key);

export type ColumnChoiceError = 'chooseColumn' | 'defaultColumn';

/**
 * Applies the column chooser's choice: the chosen keys in catalogue order. Refused when nothing is chosen
 * ('Please choose the column') or a default column is missing ('Cannot delete default column').
 */
export const applyColumnChoice = (
  columns: readonly GridColumnSpec[],
  chosen: readonly string[],
): { ok: true; visible: string[] } | { ok: false; error: ColumnChoiceError } => {
  if (chosen.length === 0) return { ok: false, error: 'chooseColumn' };
  if (columns.some((column) => !column.isOptional && !chosen.includes(column.key))) {
    return { ok: false, error: 'defaultColumn' };
  }
  return {
    ok: true,
    visible: columns.filter((column) => chosen.includes(column.key)).map((column) => column.key),
  };
};
