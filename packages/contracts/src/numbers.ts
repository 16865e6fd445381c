/**
 * The one rule for reading a number written by a person: typed or pasted into the web app, or held as
 * text in an Excel/CSV cell. Pure, no dependencies. The rule table with examples is ADR 0140.
 *
 * A number is read the way the chosen format writes it (the PDF and the grids write 1200 as `1.200` with
 * the decimal comma and `1,200` with the decimal point):
 * - the decimal mark of the mode may occur once; digits after it are the fraction (no grouping there);
 * - the other mark (and a space, no-break space, thin space or apostrophe) is a group separator and is
 *   accepted only between valid groups of three digits (`1.200`, `12.345.678`), the first group 1–3
 *   digits not starting with 0; it is never taken as the decimal mark;
 * - anything else is refused with a reason, never guessed: `1.25` with the decimal comma is neither
 *   1.25 nor 125 but `groupNotThree`.
 * In the mode `either` (file cells whose writer's convention is unknown) a text is read when both
 * modes agree or only one can read it; `1.200` (1.2 or 1200) is refused as `ambiguous`.
 */

/** The decimal mark of a mode: `point` writes 1200.5 as `1,200.5`, `comma` as `1.200,5`. */
export type NumberMode = 'point' | 'comma';

/** Why a text is not a number. */
export type NumberRefusal =
  /** Not a number at all (letters, two signs, nothing but a mark…). */
  | 'notANumber'
  /** The decimal mark occurs more than once (`1,2,3` with the decimal comma). */
  | 'repeatedDecimalMark'
  /** A group separator not between groups of three (`1.25`, `12.00`, `0.250` with the decimal comma). */
  | 'groupNotThree'
  /** A group separator after the decimal mark (`1,200.5` with the decimal comma). */
  | 'groupInFraction'
  /** Mode `either` only: the two conventions read different numbers (`1.200`, `2,500`). */
  | 'ambiguous';

export type NumberRead =
  | { ok: true; value: number }
  | { ok: false; empty: true }
  | { ok: false; empty: false; refusal: NumberRefusal };

const DECIMAL_MARK: Record<NumberMode, string> = { point: '.', comma: ',' };
const GROUP_MARK: Record<NumberMode, string> = { point: ',', comma: '.' };
/** Space-like group separators accepted in both modes (Excel and ISO 31-0 write them). */
const SPACE_GROUPS = /[ \u00a0\u2009\u202f']/;
const DIGITS = /^\d+$/;
const EXPONENT = /^(\d*)(?:[eE]([+-]?\d+))?$/;

const refuse = (refusal: NumberRefusal): NumberRead => ({ ok: false, empty: false, refusal });

/** Integer part with group separators → plain digits, or the refusal. */
const ungroup = (integer: string, groupMark: string): string | { refusal: NumberRefusal } => {
  if (integer === '' || DIGITS.test(integer)) return integer;
  const separators = new Set(integer.replace(/\d/g, ''));
  if (separators.size !== 1) return { refusal: 'notANumber' };
  const [separator] = [...separators] as [string];
  if (separator !== groupMark && !SPACE_GROUPS.test(separator)) return { refusal: 'notANumber' };
  const groups = integer.split(separator);
  const [first, ...rest] = groups as [string, ...string[]];
  if (!/^[1-9]\d{0,2}$/.test(first) || rest.some((group) => !/^\d{3}$/.test(group))) {
    return {
      refusal: groups.every((group) => DIGITS.test(group)) ? 'groupNotThree' : 'notANumber',
    };
  }
  return groups.join('');
};

const readInMode = (text: string, mode: NumberMode): NumberRead => {
  const decimalMark = DECIMAL_MARK[mode];
  const groupMark = GROUP_MARK[mode];
  let body = text;
  let sign = '';
  if (body.startsWith('-') || body.startsWith('+')) {
    sign = body[0] === '-' ? '-' : '';
    body = body.slice(1).trimStart();
  }
  const parts = body.split(decimalMark);
  if (parts.length > 2) return refuse('repeatedDecimalMark');
  const [integerText, fractionText] = parts as [string, string | undefined];
  let fraction = '';
  let exponent = '';
  if (fractionText !== undefined) {
    const match = EXPONENT.exec(fractionText);
    if (!match) {
      return fractionText.includes(groupMark) || SPACE_GROUPS.test(fractionText)
        ? refuse('groupInFraction')
        : refuse('notANumber');
    }
    fraction = match[1] ?? '';
    exponent = match[2] ?? '';
  }
  let integerPart = integerText;
  if (fractionText === undefined) {
    // An exponent may follow a plain integer (`1e3`), never a grouped one.
    const match = /^(\d+)[eE]([+-]?\d+)$/.exec(integerText);
    if (match) {
      integerPart = match[1] ?? '';
      exponent = match[2] ?? '';
    }
  } else if (exponent !== '' && !DIGITS.test(integerText) && integerText !== '') {
    return refuse('notANumber');
  }
  const integer = ungroup(integerPart, groupMark);
  if (typeof integer !== 'string') return refuse(integer.refusal);
  if (integer !== integerPart && exponent !== '') return refuse('notANumber');
  if (integer === '' && fraction === '') return refuse('notANumber');
  const value = Number(
    `${sign}${integer || '0'}.${fraction || '0'}${exponent ? `e${exponent}` : ''}`,
  );
  return Number.isFinite(value) ? { ok: true, value } : refuse('notANumber');
};

/**
 * Reads a number from text under the rule above. Surrounding white space is ignored and the Unicode
 * minus (U+2212) is a minus. An empty text is `{ ok: false, empty: true }` (the caller decides what an
 * empty cell means). `-0` reads as 0.
 */
export const readNumber = (input: string, mode: NumberMode | 'either'): NumberRead => {
  const text = input.trim().replace(/\u2212/g, '-');
  if (text === '') return { ok: false, empty: true };
  if (mode !== 'either') {
    const read = readInMode(text, mode);
    return read.ok && Object.is(read.value, -0) ? { ok: true, value: 0 } : read;
  }
  const point = readNumber(text, 'point');
  const comma = readNumber(text, 'comma');
  if (point.ok && comma.ok) return point.value === comma.value ? point : refuse('ambiguous');
  if (point.ok) return point;
  if (comma.ok) return comma;
  return point;
};

export type WriteNumberOptions = {
  /** Fixed number of decimals; when absent, up to `maxDecimals` with trailing zeros removed. */
  decimals?: number;
  /** Upper bound when `decimals` is absent (default 6). */
  maxDecimals?: number;
  /** Write group separators in the integer part (`1.200`); default false. */
  group?: boolean;
};

/**
 * Writes a number as this rule reads it back: `readNumber(writeNumber(x, mode, o), mode)` gives x
 * rounded to the written decimals. Non-finite values give ''. Tiny negatives that round to zero are
 * written without sign.
 */
export const writeNumber = (
  value: number,
  mode: NumberMode,
  options: WriteNumberOptions = {},
): string => {
  if (!Number.isFinite(value)) return '';
  let text: string;
  if (options.decimals != null) {
    text = value.toFixed(options.decimals);
  } else {
    text = value.toFixed(options.maxDecimals ?? 6);
    if (text.includes('.')) text = text.replace(/0+$/, '').replace(/\.$/, '');
  }
  if (/^-0(\.0*)?$/.test(text)) text = text.slice(1);
  const negative = text.startsWith('-');
  const [integer = '', fraction] = (negative ? text.slice(1) : text).split('.');
  const grouped = options.group
    ? integer.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP_MARK[mode])
    : integer;
  return `${negative ? '-' : ''}${grouped}${fraction === undefined ? '' : DECIMAL_MARK[mode] + fraction}`;
};
