import type { ErrorDetail } from '@pfahlplaner/contracts';
import { formatPath } from '#app/lib/validation-path';

/**
 * The one text rule of the API (docs/security.md, "Text the API accepts"): every string of a JSON body,
 * a query, path parameters and object keys is refused with INVALID_CHARACTERS when it holds
 * - a C0 control character other than tab (U+0009), line feed (U+000A) and carriage return (U+000D),
 *   in particular NUL, which PostgreSQL cannot store in text;
 * - DEL (U+007F) or a C1 control character (U+0080–U+009F), which no keyboard produces and which are the
 *   residue of mis-decoded files;
 * - a lone UTF-16 surrogate (U+D800–U+DFFF not forming a pair), which cannot be encoded as UTF-8.
 * Tab and line breaks are allowed everywhere: the only fields where they make no sense (names, numbers)
 * are then checked by their own schema, and a pasted cell may carry them at its end.
 * Imported files are cleaned instead, with a preview message (packages/formats): a user cannot edit the
 * bytes of an old workbook, but can edit what they type.
 */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- the control characters are the point of this rule
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when the text holds a character the API refuses. */
export const hasForbiddenCharacters = (text: string): boolean => FORBIDDEN.test(text);

/** At most this many offending paths are listed (a 12,000-row workbook must not produce a huge answer). */
const MAX_DETAILS = 20;

/**
 * The paths of every string (and object key) in `value` that breaks the text rule, as envelope details
 * with code INVALID_CHARACTERS; empty when the value is clean. Walks plain JSON data only.
 */
export const textRuleViolations = (value: unknown, prefix: PropertyKey[] = []): ErrorDetail[] => {
  const found: ErrorDetail[] = [];
  const walk = (node: unknown, path: PropertyKey[]): void => {
    if (found.length >= MAX_DETAILS) return;
    if (typeof node === 'string') {
      if (hasForbiddenCharacters(node)) {
        found.push({ path: formatPath(path), code: 'INVALID_CHARACTERS' });
      }
      return;
    }
    if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, [...path, index]));
      return;
    }
    if (node !== null && typeof node === 'object') {
      for (const [key, item] of Object.entries(node)) {
        if (hasForbiddenCharacters(key)) {
          found.push({ path: formatPath([...path, key]), code: 'INVALID_CHARACTERS' });
          continue;
        }
        walk(item, [...path, key]);
      }
    }
  };
  walk(value, prefix);
  return found;
};
