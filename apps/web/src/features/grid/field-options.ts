import { FIELD_TEXTS, type FieldDef } from '@pfahlplaner/contracts';

/**
 * The choices of an enum field with their labels in the UI language: the one place the grid, the settings
 * editor and the settings summary take option words from (contracts `fields.<lang>.json` → `option`,
 * then the German text, then the catalogue label). Non-enum fields have no options.
 */
export const fieldOptions = (
  field: FieldDef,
  language: string,
): { value: string | number; label: string }[] => {
  if (field.kind !== 'enum') return [];
  const texts =
    (language === 'en' ? FIELD_TEXTS.en[field.key] : undefined) ?? FIELD_TEXTS.de[field.key];
  const german = FIELD_TEXTS.de[field.key];
  return field.values.map((option) => ({
    value: option.value,
    label:
      texts?.option?.[String(option.value)] ??
      german?.option?.[String(option.value)] ??
      option.label,
  }));
};

/** The label of one enum value (the stored value itself only when it is not one of the choices). */
export const optionLabel = (field: FieldDef, value: unknown, language: string): string =>
  fieldOptions(field, language).find((option) => option.value === value)?.label ??
  (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
