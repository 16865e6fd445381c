import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENGINE_VERSION } from '@pfahlplaner/engine';
import { runCalc } from './run-calc';

const example = new URL('../../../docs/examples/example-project.json', import.meta.url).pathname;
const temp = (name: string, text: string) => {
  const file = join(mkdtempSync(join(tmpdir(), 'calc-')), name);
  writeFileSync(file, text);
  return file;
};

describe('runCalc', () => {
  it('prints the result JSON of the example project and exits 0', () => {
    const out = runCalc([example]);
    expect(out.exitCode).toBe(0);
    const result = JSON.parse(out.stdout) as {
      engineVersion: string;
      piles: { Pname: string; R_d: number | null }[];
      soil_profiles: unknown[];
    };
    expect(result.engineVersion).toBe(ENGINE_VERSION);
    expect(result.piles[0]!.Pname).toBe('101');
    expect(result.piles[0]!.R_d).toBeGreaterThan(0);
    expect(result.soil_profiles).toHaveLength(2);
  });

  it('adds the load-case results (lateral and section) for every load row of the example', () => {
    const out = runCalc([example]);
    const result = JSON.parse(out.stdout) as {
      horizontal_loadcases: {
        horizontal_loads: { Pname: string; wOben: number | null; MMax: number | null }[];
      }[];
    };
    const rows = result.horizontal_loadcases.flatMap((c) => c.horizontal_loads);
    expect(rows.length).toBeGreaterThan(0);
    const loaded = rows.find((r) => r.Pname === '101');
    // Load point 101 carries Hx = 10 + 5 kN and My = 20 + 10 kNm: the head must move and bend.
    expect(loaded?.wOben).toBeGreaterThan(0);
    expect(loaded?.MMax).toBeGreaterThan(30);
  });

  it('skips the load cases with --no-loadcases and refuses unknown flags', () => {
    const out = runCalc([example, '--no-loadcases']);
    expect(out.exitCode).toBe(0);
    expect(
      (JSON.parse(out.stdout) as { horizontal_loadcases: unknown[] }).horizontal_loadcases,
    ).toEqual([]);
    expect(runCalc([example, '--fast']).exitCode).toBe(2);
    expect(runCalc([]).exitCode).toBe(2);
  });

  it('exits 0 when only rows have problems', () => {
    const file = temp(
      'rows.json',
      JSON.stringify({
        settings: {},
        piles: [{ Pname: 'X', SollDurchmesser: -1 }],
        soil_profiles: [],
        horizontal_loadcases: [],
      }),
    );
    const out = runCalc([file]);
    expect(out.exitCode).toBe(0);
    expect(out.stdout).toContain('TOO_SMALL');
  });

  it.each([
    ['a missing file', '/nonexistent/project.json', 'FILE_UNREADABLE'],
    ['a file that is not JSON', temp('bad.json', '{ not json'), 'NOT_JSON'],
    ['JSON without the top-level keys', temp('keys.json', '{"piles": []}'), 'PROJECT_KEY_MISSING'],
  ])('exits non-zero for %s', (_name, file, code) => {
    const out = runCalc([file]);
    expect(out.exitCode).toBe(1);
    expect(out.stderr).toContain(code);
    expect(out.stdout).toBe('');
  });
});
