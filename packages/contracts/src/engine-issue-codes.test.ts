import { AXIAL_ISSUE_CODES, STRUCTURAL_ISSUE_CODES } from '@pfahlplaner/engine';
import { describe, expect, it } from 'vitest';
import { ENGINE_ISSUE_CODES } from './engine-issue-codes';

describe('ENGINE_ISSUE_CODES', () => {
  it('lists exactly the codes the engine can emit (axial, lateral, section, load cases)', () => {
    const engine = [...AXIAL_ISSUE_CODES, ...STRUCTURAL_ISSUE_CODES];
    expect([...ENGINE_ISSUE_CODES].sort()).toEqual([...new Set(engine)].sort());
  });

  it('has no duplicates', () => {
    expect(new Set(ENGINE_ISSUE_CODES).size).toBe(ENGINE_ISSUE_CODES.length);
  });
});
