import { describe, expect, it } from 'vitest';
import { exampleResult } from '../dev/example-data';
import {
  distributionSeries,
  findLoadCaseResult,
  findLoadRowResult,
  loadCaseResults,
} from './loadcase-adapter';

const result = exampleResult();

describe('loadCaseResults', () => {
  it('returns the load cases of a result and null when the result has none', () => {
    expect(loadCaseResults(result)).toHaveLength(1);
    expect(loadCaseResults({ ...result, horizontal_loadcases: [] })).toBeNull();
    expect(loadCaseResults(null)).toBeNull();
  });
});

describe('findLoadRowResult', () => {
  it('finds the row of the selected load point by case name and Pname', () => {
    const c = findLoadCaseResult(result, { name: 'Lastkombination auf Einzelpfahl' });
    const row = findLoadRowResult(c, '101');
    expect(row?.BewTyp).toBe('13 Ø 16');
    expect(findLoadRowResult(c, 'nope')).toBeNull();
    expect(findLoadRowResult(c, null)).toBeNull();
    expect(findLoadCaseResult(result, { name: 'other' })).toBeNull();
  });
});

describe('distributionSeries', () => {
  it('pairs each value with its level along the pile', () => {
    const row = findLoadRowResult(
      findLoadCaseResult(result, { name: 'Lastkombination auf Einzelpfahl' }),
      '101',
    )!;
    const w = distributionSeries(row, 'wx');
    expect(w).toHaveLength(row.distribution!.level.length);
    expect(w[0]!.y).toBeCloseTo(156.76, 6);
    expect(w[0]!.x).toBeCloseTo(row.wxOben!, 6);
    expect(distributionSeries({ ...row, distribution: null }, 'Mx')).toEqual([]);
  });
});
