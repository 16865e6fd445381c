import { z } from 'zod';
import type { ErrorCode } from '../error-codes';
import type { FieldDef, FieldValue } from './types';

// zod messages are error codes (error-codes.ts); the server copies them into error.details[].code.

/** A missing value (undefined or null where null is not allowed) is REQUIRED; anything else gets `code`. */
const requiredOr =
  (code: ErrorCode) =>
  (issue: { input?: unknown }): ErrorCode =>
    issue.input === undefined || issue.input === null ? 'REQUIRED' : code;

/** `RRGGBB` or `RRGGBBAA`, optionally with one leading `#` (docs/sources/legacy-format.md §L2.8). */
const COLOR_PATTERN = /^#?[0-9A-F]{6}(?:[0-9A-F]{2})?$/;

/** Stored colour form: upper case, no `#`, an opaque alpha (`FF`) dropped so that XML round trips are exact. */
export const normalizeColor = (value: string): string => {
  const hex = value.trim().toUpperCase().replace(/^#/, '');
  return hex.length === 8 && hex.endsWith('FF') ? hex.slice(0, 6) : hex;
};

const numberSchema = (field: {
  min?: number;
  max?: number;
  exclusiveMin?: boolean;
  exclusiveMax?: boolean;
}) => {
  let schema = z.number({ error: requiredOr('INVALID_TYPE') });
  if (field.min !== undefined) {
    schema = field.exclusiveMin
      ? schema.gt(field.min, { error: 'TOO_SMALL' })
      : schema.gte(field.min, { error: 'TOO_SMALL' });
  }
  if (field.max !== undefined) {
    schema = field.exclusiveMax
      ? schema.lt(field.max, { error: 'TOO_BIG' })
      : schema.lte(field.max, { error: 'TOO_BIG' });
  }
  return schema;
};

const stringSchema = (field: Extract<FieldDef, { kind: 'string' }>): z.ZodType<string | null> => {
  const text = z.string({ error: requiredOr('INVALID_TYPE') }).trim();
  if (field.format === 'color') {
    return text
      .toUpperCase()
      .refine((value) => (field.nullable && value === '') || COLOR_PATTERN.test(value), {
        error: 'INVALID_VALUE',
      })
      .transform((value) => (value === '' ? null : normalizeColor(value)));
  }
  const bounded = (field.required ? text.min(1, { error: 'REQUIRED' }) : text).max(
    field.maxLength,
    {
      error: 'TOO_LONG',
    },
  );
  // An emptied cell of a nullable text column is "no value", not an empty name.
  return field.nullable ? bounded.transform((value) => (value === '' ? null : value)) : bounded;
};

const valueSchema = (field: FieldDef): z.ZodType => {
  switch (field.kind) {
    case 'number':
      return numberSchema(field);
    case 'integer':
      // A refinement, not .int(): zod's int check aborts the parse, which would hide the cross-row errors.
      return numberSchema(field).refine(Number.isSafeInteger, { error: 'NOT_AN_INTEGER' });
    case 'boolean':
      return z.boolean({ error: requiredOr('INVALID_TYPE') });
    case 'string':
      return stringSchema(field);
    case 'enum': {
      const values = field.values.map((option) => option.value);
      return z.literal(values as [string | number, ...(string | number)[]], {
        error: requiredOr('INVALID_VALUE'),
      });
    }
  }
};

/**
 * zod schema of one field's wire value, with the field's rules (range, integer, length, enum, colour) and
 * error codes as messages. A missing key takes the default; results are optional and null until calculated.
 * A non-nullable field without default (settings/profile `name`) is REQUIRED.
 */
export const fieldSchema = <F extends FieldDef>(field: F): z.ZodType<FieldValue<F>> => {
  const value = valueSchema(field);
  if (field.role === 'result') {
    return value.nullable().default(null) as unknown as z.ZodType<FieldValue<F>>;
  }
  const stored = field.nullable ? value.nullable() : value;
  const withDefault =
    field.default === null && !field.nullable ? stored : stored.default(field.default);
  return withDefault as unknown as z.ZodType<FieldValue<F>>;
};

/** zod object shape for a list of fields (one key per wire name). */
export type ShapeOf<Fs extends readonly FieldDef[]> = {
  [F in Fs[number] as F['key']]: z.ZodType<FieldValue<F>>;
};

/** zod object schema of a row of fields; unknown keys are stripped. */
export const rowSchemaOf = <const Fs extends readonly FieldDef[]>(
  fields: Fs,
): z.ZodObject<ShapeOf<Fs>> =>
  z.object(
    Object.fromEntries(fields.map((field: FieldDef) => [field.key, fieldSchema(field)])),
  ) as unknown as z.ZodObject<ShapeOf<Fs>>;
