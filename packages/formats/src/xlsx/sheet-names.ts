/**
 * Valid, unique Excel sheet names for any profile or load-case name (the predecessor answered 500 for
 * long or odd names, docs/sources/legacy-format.md §L5.3). Excel's rules: 1–31 characters, none of `[]:*?/\`, not
 * starting or ending with an apostrophe, not `History`, unique case-insensitively.
 */

export const SHEET_NAME_MAX = 31;
const FORBIDDEN = /[[\]:*?/\\]/g;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F]/g;

/** Cut to at most `max` UTF-16 units without splitting a surrogate pair. */
const cut = (text: string, max: number): string => {
  if (text.length <= max) return text;
  let end = max;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return text.slice(0, end);
};

/**
 * A valid sheet name for `name` (forbidden characters → `_`, trimmed, cut to `max` characters).
 * @param name any text
 * @param max maximum length (31, less when a suffix such as `-Info` must still fit)
 */
export function sanitizeSheetName(name: string, max = SHEET_NAME_MAX): string {
  let text = name.replace(CONTROL, ' ').replace(FORBIDDEN, '_').trim();
  text = cut(text, max)
    .replace(/^'+|'+$/g, '')
    .trim();
  if (text === '') text = 'Tabelle';
  else if (text.toLowerCase() === 'history') text = `_${text}`;
  return cut(text, max);
}

/**
 * Valid sheet names for a list of wanted names, unique among themselves and against `taken`
 * (case-insensitive); duplicates get ` (2)`, ` (3)`, … within the length limit.
 * @param names wanted names in sheet order
 * @param options `taken`: names already used; `suffix`: a suffix each name must still have room for
 *   (the `-Info` of a profile), checked for uniqueness too
 * @returns one sheet name per input name (without the suffix)
 */
export function uniqueSheetNames(
  names: readonly string[],
  options: { taken?: Iterable<string>; suffix?: string } = {},
): string[] {
  const suffix = options.suffix ?? '';
  const max = SHEET_NAME_MAX - suffix.length;
  const used = new Set([...(options.taken ?? [])].map((name) => name.toLowerCase()));
  const isFree = (candidate: string) =>
    !used.has(candidate.toLowerCase()) &&
    (suffix === '' || !used.has(`${candidate}${suffix}`.toLowerCase()));
  return names.map((name) => {
    const base = sanitizeSheetName(name, max);
    let candidate = base;
    for (let counter = 2; !isFree(candidate); counter += 1) {
      const tag = ` (${counter})`;
      candidate = `${cut(base, max - tag.length).trimEnd()}${tag}`;
    }
    used.add(candidate.toLowerCase());
    if (suffix !== '') used.add(`${candidate}${suffix}`.toLowerCase());
    return candidate;
  });
}
