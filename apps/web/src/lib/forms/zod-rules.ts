import type { FormInstance, FormRule as Rule } from 'antd';
import { errorText } from '../../i18n';
import { issuesToFieldErrors } from './error-paths';

type Issue = { path: PropertyKey[]; message: string };
/** The part of a zod schema the form helpers need (keeps zod itself out of the web's imports). */
export type SafeParser<T = unknown> = {
  safeParse: (
    value: unknown,
  ) => { success: true; data: T } | { success: false; error: { issues: Issue[] } };
};

/** An antd rule that validates one field with its contracts schema; the zod message is the error code. */
export const zodRule = (schema: SafeParser): Rule => ({
  validator: (_rule, value: unknown) => {
    const result = schema.safeParse(value);
    return result.success
      ? Promise.resolve()
      : Promise.reject(new Error(errorText(result.error.issues[0]?.message ?? 'INVALID_VALUE')));
  },
});

/** Confirmation field: must equal the value of `otherField`. */
export const matchesRule =
  (otherField: string): Rule =>
  ({ getFieldValue }) => ({
    validator: (_rule, value: unknown) =>
      value && value !== getFieldValue(otherField)
        ? Promise.reject(new Error(errorText('PASSWORD_MISMATCH')))
        : Promise.resolve(),
  });

/**
 * Validates the whole payload with the contracts schema (including cross-field refinements) and marks
 * the offending fields. Returns the parsed payload, or null when the form shows errors.
 */
export const parseWithSchema = <T>(
  form: FormInstance,
  schema: SafeParser<T>,
  payload: unknown,
): T | null => {
  const result = schema.safeParse(payload);
  if (result.success) return result.data;
  form.setFields(
    issuesToFieldErrors(result.error.issues).map(({ name, code }) => ({
      name,
      errors: [errorText(code)],
    })),
  );
  return null;
};
