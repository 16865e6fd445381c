import { FIELD_TEXTS, type FieldText } from '@pfahlplaner/contracts';

/**
 * Label, unit, help and option texts of a catalogue field in the UI language (contracts
 * `fields.<lang>.json`); German when the English text is missing, the wire name when both are.
 */
export const fieldText = (language: string, key: string): FieldText =>
  (language === 'en' ? FIELD_TEXTS.en[key] : undefined) ??
  FIELD_TEXTS.de[key] ?? { label: key, unit: '', help: '' };
