/** A form field name as antd expects it: `['company', 'name']`, `['piles', 3, 'SollDurchmesser']`. */
export type FieldPath = (string | number)[];

/** Turns an API detail path (`company.name`, `piles[3].SollDurchmesser`) into a form field path. */
export const parseErrorPath = (path: string): FieldPath =>
  path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter((part) => part !== '')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));

export type FieldError = { name: FieldPath; code: string };

type Issue = { path: readonly PropertyKey[]; message: string };

/** First error code per field from zod issues (whose messages are error codes). */
export const issuesToFieldErrors = (issues: readonly Issue[]): FieldError[] => {
  const seen = new Set<string>();
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const name = issue.path.filter((p): p is string | number => typeof p !== 'symbol');
    const key = name.join('.');
    if (seen.has(key)) continue;
    seen.add(key);
    errors.push({ name, code: issue.message });
  }
  return errors;
};

/** First error code per field from API `error.details`. */
export const detailsToFieldErrors = (
  details: readonly { path: string; code: string }[],
): FieldError[] =>
  issuesToFieldErrors(details.map((d) => ({ path: parseErrorPath(d.path), message: d.code })));
