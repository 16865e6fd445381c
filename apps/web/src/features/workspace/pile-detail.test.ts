import type { PileDetail, ProjectResult } from '@pfahlplaner/engine';
import { describe, expect, it } from 'vitest';
import { withPileDetail } from './pile-detail';

const compact = {
  engineVersion: 'x',
  isCompact: true,
  issues: [],
  soil_profiles: [],
  piles: [
    { Pname: 'A', rowIndex: 0, R_d: 1, trace: null },
    { Pname: 'B', rowIndex: 1, R_d: 2, trace: null },
  ],
  horizontal_loadcases: [
    {
      name: 'LF1',
      rowIndex: 0,
      horizontal_loads: [
        { Pname: 'B', rowIndex: 0, distribution: null },
        { Pname: 'A', rowIndex: 1, distribution: null },
      ],
    },
  ],
} as unknown as ProjectResult;

describe('withPileDetail', () => {
  it('puts the detail of one load point in place of its compact entries and leaves the rest', () => {
    const detail = {
      pile: { Pname: 'B', rowIndex: 1, R_d: 2, trace: { layers: [] } },
      loads: [
        {
          loadCase: 0,
          row: 0,
          result: { Pname: 'B', rowIndex: 0, distribution: { level: [0, 1] } },
        },
      ],
    } as unknown as PileDetail;
    const merged = withPileDetail(compact, 1, detail);
    expect(merged.piles[1]).toBe(detail.pile);
    expect(merged.piles[0]).toBe(compact.piles[0]);
    expect(merged.horizontal_loadcases[0]!.horizontal_loads[0]).toBe(detail.loads[0]!.result);
    // the other load point's row keeps its compact form
    expect(merged.horizontal_loadcases[0]!.horizontal_loads[1]).toBe(
      compact.horizontal_loadcases[0]!.horizontal_loads[1],
    );
    // the input is not changed
    expect(compact.piles[1]!.trace).toBeNull();
  });
});
