import type { PileRow } from '@pfahlplaner/contracts';
import type { AxialPileResult, ProjectResult } from '@pfahlplaner/engine';
import { describe, expect, it } from 'vitest';
import { newRow } from './state/workbook-reducer';
import {
  alignPileResults,
  isFailedResult,
  pileResultRow,
  pilesInProfile,
  rowIssuesOf,
} from './results';

const pile = (Pname: string | null) => ({ ...newRow('piles'), Pname }) as PileRow;
const result = (Pname: string, rowIndex: number, issues: AxialPileResult['issues'] = []) =>
  ({ Pname, rowIndex, R_d: rowIndex * 100, issues }) as unknown as AxialPileResult;

describe('alignPileResults', () => {
  it('follows the load point by name after rows moved, and by index for unnamed rows', () => {
    const project = {
      piles: [result('101', 0), result('102', 1), result('', 2)],
    } as unknown as ProjectResult;
    const aligned = alignPileResults([pile(null), pile('102'), pile('101'), pile('999')], project);
    expect(aligned.map((r) => r?.Pname ?? null)).toEqual([null, '102', '101', null]);
    expect(alignPileResults([pile(null), pile(null), pile(null)], project)[2]?.rowIndex).toBe(2);
  });

  it('translates error and warning issues, and leaves rows without issues undefined', () => {
    const issues = rowIssuesOf(
      [
        result('1', 0, [{ code: 'REQUIRED_LENGTH_NOT_FOUND', severity: 'error', params: {} }]),
        result('2', 1, [{ code: 'TABLE_VALUE_UNVERIFIED', severity: 'warning', params: {} }]),
        result('3', 2),
        null,
      ],
      (issue) => `T:${issue.code}`,
    );
    expect(issues).toEqual([
      [{ severity: 'error', text: 'T:REQUIRED_LENGTH_NOT_FOUND' }],
      [{ severity: 'warning', text: 'T:TABLE_VALUE_UNVERIFIED' }],
      undefined,
      undefined,
    ]);
  });
});

describe('a failed row shows no result numbers (ADR 0146)', () => {
  it('gives no result row for a result with an error, and the result itself otherwise', () => {
    const failed = result('1', 3, [
      { code: 'REQUIRED_LENGTH_NOT_FOUND', severity: 'error', params: {} },
    ] as AxialPileResult['issues']);
    const warned = result('2', 4, [
      { code: 'TABLE_VALUE_UNVERIFIED', severity: 'warning', params: {} },
    ] as AxialPileResult['issues']);
    // before the fix the failed row's R_d (300 here) and length reached the grid
    expect(pileResultRow(failed)).toBeNull();
    expect(isFailedResult(failed)).toBe(true);
    expect(pileResultRow(warned)).toBe(warned);
    expect(isFailedResult(warned)).toBe(false);
    expect(pileResultRow(null)).toBeNull();
  });
});

describe('pilesInProfile', () => {
  it('draws a failed row without a toe', () => {
    const profile = { name: 'BP 1', soil_layers: [] } as unknown as Parameters<
      typeof pilesInProfile
    >[0];
    const rows = [
      { ...pile('1'), BodenProfil: 'BP 1', SollPfahlOberKante: 157, SollDurchmesser: 1 },
      { ...pile('2'), BodenProfil: 'BP 1', SollPfahlOberKante: 157, SollDurchmesser: 1 },
    ] as PileRow[];
    const ok = { ...result('1', 0), Soll_UK_Pfahl: 147 } as unknown as AxialPileResult;
    const failed = {
      ...result('2', 1, [
        { code: 'REQUIRED_LENGTH_NOT_FOUND', severity: 'error', params: {} },
      ] as AxialPileResult['issues']),
      Soll_UK_Pfahl: 120,
    } as unknown as AxialPileResult;
    // before: the failed row was drawn down to 120 (its best trial length at the profile bottom)
    expect(pilesInProfile(profile, rows, [ok, failed]).map((p) => p.toeLevel)).toEqual([147, null]);
  });
});
