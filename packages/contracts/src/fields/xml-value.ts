/**
 * Pure converters between a field's wire value and its text in the predecessor's engine XML
 * (docs/sources/legacy-format.md §L4.3 factors, §L4.4 value formatting). No rounding (ADR 0053):
 * - power-of-ten factors (mm→m, %→fraction, MN/m²→kN/m², cm→m) move the decimal point of the shortest
 *   decimal text, so `from(to(x)) === x` for every finite double and `0.016` m reads as exactly 16 mm;
 * - degrees→radians (π/180) reads back the shortest decimal whose conversion gives the same radians, so
 *   `0.4014257279586958` reads as 23 and our own values with up to 15 significant digits come back exactly.
 */
import type { ErrorCode } from '../error-codes';
import { normalizeColor } from './schema';
import type { FieldDef, FieldValue } from './types';

/** Result of reading one XML text: the wire value, or the code of what is wrong with it. */
export type XmlReadResult<V> = { ok: true; value: V } | { ok: false; code: ErrorCode };

const DECIMAL = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** `digits × 10^exponent` with a sign: the exact value of a decimal text. */
type Decimal = { negative: boolean; digits: string; exponent: number };

const parseDecimal = (text: string): Decimal | null => {
  const match = DECIMAL.exec(text);
  if (!match) return null;
  const [, sign = '', whole = '', fraction = '', exp = '0'] = match;
  if (whole === '' && fraction === '') return null;
  const digits = `${whole}${fraction}`.replace(/^0+(?=\d)/, '');
  return { negative: sign === '-', digits, exponent: Number(exp) - fraction.length };
};

/** Plain decimal text of a Decimal (exponent notation when the plain form would be very long). */
const renderDecimal = ({ negative, digits, exponent }: Decimal): string => {
  const trimmed = digits.replace(/^0+/, '');
  if (trimmed === '') return '0';
  const sign = negative ? '-' : '';
  const pointAt = trimmed.length + exponent;
  if (pointAt > 30 || pointAt < -30) {
    return `${sign}${trimmed[0]}${trimmed.length > 1 ? `.${trimmed.slice(1)}` : ''}e${pointAt - 1}`;
  }
  let text: string;
  if (exponent >= 0) text = trimmed + '0'.repeat(exponent);
  else if (pointAt > 0) text = `${trimmed.slice(0, pointAt)}.${trimmed.slice(pointAt)}`;
  else text = `0.${'0'.repeat(-pointAt)}${trimmed}`;
  if (text.includes('.')) text = text.replace(/0+$/, '').replace(/\.$/, '');
  return sign + text;
};

/** The power k of a factor 10^k, or null when the factor is not a power of ten. */
const powerOfTen = (factor: number): number | null => {
  const k = Math.round(Math.log10(factor));
  return Number(`1e${k}`) === factor ? k : null;
};

/** Exact decimal-point shift of a decimal text by k places (k > 0 multiplies by 10^k). */
export const shiftDecimalText = (text: string, k: number): string | null => {
  const decimal = parseDecimal(text.trim());
  return decimal === null ? null : renderDecimal({ ...decimal, exponent: decimal.exponent + k });
};

/** Python-repr-like float text as the predecessor wrote it (`100.0`, `0.1`). */
const floatText = (text: string): string => (/^-?\d+$/.test(text) ? `${text}.0` : text);

/** Wire number → XML number text with the field's factor. */
const scaleToXml = (value: number, factor: number): string => {
  if (factor === 1) return floatText(String(value));
  const k = powerOfTen(factor);
  if (k !== null) return floatText(shiftDecimalText(String(value), k) ?? String(value * factor));
  return floatText(String(value * factor));
};

/** XML number text → wire number (inverse of scaleToXml); null for text that is not a decimal number. */
const scaleFromXml = (text: string, factor: number): number | null => {
  if (parseDecimal(text) === null) return null;
  if (factor === 1) return Number(text);
  const k = powerOfTen(factor);
  if (k !== null) return Number(shiftDecimalText(text, -k));
  const xmlValue = Number(text);
  const approx = xmlValue / factor;
  for (let precision = 1; precision <= 17; precision += 1) {
    const candidate = Number(approx.toPrecision(precision));
    if (candidate * factor === xmlValue) return candidate;
  }
  return approx;
};

/** Wire colour `RRGGBB[AA]` → engine `AARRGGBB` (alpha FF added when missing). */
export const colorToXml = (value: string): string => {
  const hex = value.trim().toUpperCase().replace(/^#/, '');
  return hex.length === 8 ? `${hex.slice(6)}${hex.slice(0, 6)}` : `FF${hex}`;
};

/** Engine `AARRGGBB` → wire `RRGGBB[AA]` (docs/sources/legacy-format.md §L5.2 step 3); null when not a colour. */
export const colorFromXml = (text: string): string | null => {
  const hex = text.trim().toUpperCase().replace(/^#/, '');
  if (!/^[0-9A-F]{6}(?:[0-9A-F]{2})?$/.test(hex)) return null;
  return hex.length === 8 ? normalizeColor(`${hex.slice(2)}${hex.slice(0, 2)}`) : hex;
};

/**
 * The XML text of a wire value (engine units). null is written as `NaN` for fields whose predecessor
 * default was NaN (`qc`, `cuk`), otherwise as an empty element.
 * @param field catalogue entry (must have an `xml` mapping to be useful; the factor defaults to 1)
 * @param value wire value in the field's wire unit
 * @returns element text
 */
export const toXmlValue = <F extends FieldDef>(
  field: F,
  value: FieldValue<F> | undefined,
): string => {
  if (value === null || value === undefined) return field.xml?.format === 'nan' ? 'NaN' : '';
  const factor = field.xml?.factor ?? 1;
  switch (field.kind) {
    case 'number':
      return scaleToXml(value as number, factor);
    case 'integer':
    case 'enum':
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'string':
      return field.format === 'color' ? colorToXml(value as string) : (value as string);
  }
};

const missing = <V>(field: FieldDef): XmlReadResult<V> =>
  field.nullable || field.role === 'result'
    ? { ok: true, value: null as V }
    : { ok: false, code: 'REQUIRED' };

/**
 * The wire value of an XML element text (inverse of toXmlValue). Empty text and `NaN` are null for
 * nullable fields and REQUIRED otherwise (the importer then applies the default and reports it).
 * Range rules are not checked here: the row schema does that.
 * @param field catalogue entry
 * @param text element text (engine units)
 */
export const fromXmlValue = <F extends FieldDef>(
  field: F,
  text: string,
): XmlReadResult<FieldValue<F>> => {
  const trimmed = text.trim();
  const factor = field.xml?.factor ?? 1;
  switch (field.kind) {
    case 'number': {
      if (trimmed === '' || trimmed.toLowerCase() === 'nan') return missing(field);
      const value = scaleFromXml(trimmed, factor);
      return value === null || !Number.isFinite(value)
        ? { ok: false, code: 'INVALID_TYPE' }
        : { ok: true, value: value as FieldValue<F> };
    }
    case 'integer': {
      if (trimmed === '' || trimmed.toLowerCase() === 'nan') return missing(field);
      const value = parseDecimal(trimmed) === null ? Number.NaN : Number(trimmed);
      if (!Number.isFinite(value)) return { ok: false, code: 'INVALID_TYPE' };
      return Number.isInteger(value)
        ? { ok: true, value: value as FieldValue<F> }
        : { ok: false, code: 'NOT_AN_INTEGER' };
    }
    case 'enum': {
      if (trimmed === '') return missing(field);
      const option = field.values.find((candidate) =>
        typeof candidate.value === 'number'
          ? parseDecimal(trimmed) !== null && Number(trimmed) === candidate.value
          : candidate.value.toLowerCase() === trimmed.toLowerCase(),
      );
      return option
        ? { ok: true, value: option.value as FieldValue<F> }
        : { ok: false, code: 'INVALID_VALUE' };
    }
    case 'boolean': {
      const lower = trimmed.toLowerCase();
      if (lower === '') return missing(field);
      if (lower === 'true' || lower === '1') return { ok: true, value: true as FieldValue<F> };
      if (lower === 'false' || lower === '0') return { ok: true, value: false as FieldValue<F> };
      return { ok: false, code: 'INVALID_TYPE' };
    }
    case 'string': {
      if (field.format === 'color') {
        if (trimmed === '') return missing(field);
        const color = colorFromXml(trimmed);
        return color === null
          ? { ok: false, code: 'INVALID_VALUE' }
          : { ok: true, value: color as FieldValue<F> };
      }
      if (text === '' && field.nullable) return { ok: true, value: null as FieldValue<F> };
      return { ok: true, value: text as FieldValue<F> };
    }
  }
};
