import type { EngineIssue } from '../issues/issue';
import { issue } from '../issues/issue';

type Raw = Readonly<Record<string, unknown>>;

/** Is `value` a plain object (not null, not an array)? */
export const isRecord = (value: unknown): value is Raw =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * The fields of one row: the row itself when it is an object, otherwise an empty record and an
 * INVALID_TYPE issue on the row (its fields then take their defaults and their own issues).
 * @param raw the row as read @param path wire path of the row @param rowIndex row index
 * @param issues collector the issue is appended to @returns the row's fields
 */
export const rowRecord = (
  raw: unknown,
  path: string,
  rowIndex: number,
  issues: EngineIssue[],
): Raw => {
  if (isRecord(raw)) return raw;
  issues.push({
    code: 'INVALID_TYPE',
    severity: 'error',
    path,
    rowIndex,
    params: { expected: 'object' },
  });
  return {};
};

/**
 * Reads wire fields of one row with type checks. Missing values (`undefined`, `null`, `NaN`, the
 * literal string "NaN" of the legacy XML) take the default; wrong types give an INVALID_TYPE issue and
 * the default. Never throws.
 */
export class RowReader {
  constructor(
    private readonly row: Raw,
    private readonly pathPrefix: string,
    private readonly rowIndex: number | undefined,
    private readonly issues: EngineIssue[],
  ) {}

  private where(field: string) {
    const base = { field, path: `${this.pathPrefix}.${field}` };
    return this.rowIndex === undefined ? base : { ...base, rowIndex: this.rowIndex };
  }

  private isMissing(value: unknown): boolean {
    return (
      value === undefined ||
      value === null ||
      value === 'NaN' ||
      (typeof value === 'number' && Number.isNaN(value))
    );
  }

  /** Records an issue on `field` of this row. */
  report(
    code: EngineIssue['code'],
    severity: EngineIssue['severity'],
    field: string,
    params: EngineIssue['params'] = {},
  ): void {
    this.issues.push(issue(code, severity, { ...this.where(field), params }));
  }

  /** A finite number or `fallback`. */
  num<T extends number | null>(field: string, fallback: T, required = false): number | T {
    const value = this.row[field];
    if (this.isMissing(value)) {
      if (required) this.report('REQUIRED', 'error', field);
      return fallback;
    }
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      this.report('INVALID_TYPE', 'error', field, {
        expected: 'number',
        received: typeof value === 'string' ? value : typeof value,
      });
      return fallback;
    }
    return value;
  }

  /** A number that must be > 0 (or ≥ 0 with `allowZero`); otherwise TOO_SMALL and `fallback`. */
  positive<T extends number | null>(
    field: string,
    fallback: T,
    opts: { required?: boolean; allowZero?: boolean } = {},
  ): number | T {
    const value = this.num(field, fallback, opts.required);
    if (value === null || value === fallback) return value;
    if (value < 0 || (value === 0 && !opts.allowZero)) {
      this.report('TOO_SMALL', 'error', field, { value, min: 0 });
      return fallback;
    }
    return value;
  }

  /** An integer from `allowed`, or `fallback`. */
  oneOf<T extends number>(field: string, allowed: readonly T[], fallback: T): T {
    const value = this.num(field, null);
    if (value === null) return fallback;
    if (!(allowed as readonly number[]).includes(value)) {
      this.report('INVALID_VALUE', 'error', field, { value, allowed: allowed.join(',') });
      return fallback;
    }
    return value as T;
  }

  /** A boolean (also accepts 0/1 and "true"/"false"), or `fallback`. */
  bool(field: string, fallback: boolean): boolean {
    const value = this.row[field];
    if (this.isMissing(value)) return fallback;
    if (typeof value === 'boolean') return value;
    if (value === 0 || value === 1) return value === 1;
    if (value === 'true' || value === 'false') return value === 'true';
    this.report('INVALID_TYPE', 'error', field, { expected: 'boolean', received: typeof value });
    return fallback;
  }

  /** A string (numbers are accepted and stringified, e.g. Pname 101), or `fallback`. */
  str<T extends string | null>(field: string, fallback: T, required = false): string | T {
    const value = this.row[field];
    if (value === undefined || value === null || value === '') {
      if (required) this.report('REQUIRED', 'error', field);
      return fallback;
    }
    if (typeof value === 'string') return value;
    if (typeof value === 'number' && Number.isFinite(value)) return String(value);
    this.report('INVALID_TYPE', 'error', field, { expected: 'string', received: typeof value });
    return fallback;
  }
}
