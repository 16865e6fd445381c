import de from './fields.de.json';
import en from './fields.en.json';

/** One field's texts: label, unit as shown, help and (enums) option labels by value. */
export type FieldText = {
  readonly label: string;
  readonly unit: string;
  readonly help: string;
  readonly option?: Readonly<Record<string, string>>;
};

/**
 * Labels, units and help texts of the field catalogue per UI language (`field.<wireName>`), for the web's
 * forms and grids. German is the source language.
 */
export const FIELD_TEXTS: {
  readonly de: Readonly<Record<string, FieldText>>;
  readonly en: Readonly<Record<string, FieldText>>;
} = {
  de: de.field,
  en: en.field,
};
