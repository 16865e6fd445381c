import { describe, expect, it } from 'vitest';
import { calculateProject } from '../src/index';
import { readRepoJson } from './helpers';

// Golden file of the load-case example (lateral analysis + section design through calculateProject).
// Regenerate ON PURPOSE with `npx tsx packages/engine/test/generate-loadcases-golden.ts` and review the
// diff like code. Numbers are compared to a relative 1e-9 (solver round-off), everything else exactly.
/** Paths where `actual` differs from `expected` (numbers: |a − e| ≤ 1e-9·max(1, |e|)). */
const differences = (actual: unknown, expected: unknown, path = ''): string[] => {
  if (typeof expected === 'number' && typeof actual === 'number') {
    return Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected))
      ? []
      : [`${path}: ${actual} ≠ ${expected}`];
  }
  if (Array.isArray(expected) && Array.isArray(actual)) {
    if (actual.length !== expected.length) {
      return [`${path}: length ${actual.length} ≠ ${expected.length}`];
    }
    return expected.flatMap((e, i) => differences(actual[i], e, `${path}[${i}]`));
  }
  if (
    expected !== null &&
    typeof expected === 'object' &&
    actual !== null &&
    typeof actual === 'object'
  ) {
    const a = actual as Record<string, unknown>;
    const e = expected as Record<string, unknown>;
    const keys = [...new Set([...Object.keys(a), ...Object.keys(e)])];
    return keys.flatMap((k) => differences(a[k], e[k], `${path}.${k}`));
  }
  return Object.is(actual, expected) ? [] : [`${path}: ${String(actual)} ≠ ${String(expected)}`];
};

describe('calculateProject load-case golden file', () => {
  it('reproduces docs/examples/loadcases-project.json', () => {
    const input = readRepoJson('docs/examples/loadcases-project.json');
    const golden = readRepoJson('packages/engine/test/fixtures/loadcases-project.golden.json');
    const { horizontal_loadcases, piles } = calculateProject(input);
    const actual = JSON.parse(
      JSON.stringify({
        toes: piles.map((p) => ({ Pname: p.Pname, Soll_UK_Pfahl: p.Soll_UK_Pfahl })),
        horizontal_loadcases,
      }),
    ) as unknown;
    expect(differences(actual, golden).slice(0, 20)).toEqual([]);
  });
  it('the comparison detects a changed number', () => {
    expect(differences({ a: [1, 2.000001] }, { a: [1, 2] })).toHaveLength(1);
    expect(differences({ a: 'x' }, { a: 'y', b: 1 })).toHaveLength(2);
  });
});
