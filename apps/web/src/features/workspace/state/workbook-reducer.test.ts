import { WorkbookShapeSchema, type Workbook } from '@pfahlplaner/contracts';
import { describe, expect, it } from 'vitest';
import { initWorkbookState, newRow, workbookOf, workbookReducer } from './workbook-reducer';

const empty = (): Workbook =>
  WorkbookShapeSchema.parse({
    version: 3,
    settings: { name: 'Projekt A' },
    piles: [],
    soil_profiles: [],
    horizontal_loadcases: [],
  });

describe('workbook reducer', () => {
  it('edits cells as one undo step, extends rows with catalogue defaults and keeps numbers', () => {
    let state = initWorkbookState(empty());
    state = workbookReducer(state, {
      type: 'setCells',
      target: { kind: 'piles' },
      edits: [
        { row: 1, key: 'Pname', value: 'P2' },
        { row: 1, key: 'SollDurchmesser', value: 1.2 },
      ],
    });
    const piles = state.history.present.piles;
    expect(piles).toHaveLength(2);
    expect(piles[0]!.PfahlTyp).toBe('bp');
    expect(piles[0]!.Rs_k).toBeNull();
    expect(piles[1]!.SollDurchmesser).toBe(1.2);
    expect(state.revision).toBe(1);
    state = workbookReducer(state, { type: 'undo' });
    expect(state.history.present.piles).toHaveLength(0);
    state = workbookReducer(state, { type: 'redo' });
    expect(state.history.present.piles[1]!.Pname).toBe('P2');
    expect(state.revision).toBe(3);
  });

  it('ignores edits that change nothing (no undo step, no revision)', () => {
    const start = workbookReducer(initWorkbookState(empty()), {
      type: 'setCells',
      target: { kind: 'piles' },
      edits: [{ row: 0, key: 'Pname', value: 'P1' }],
    });
    const same = workbookReducer(start, {
      type: 'setCells',
      target: { kind: 'piles' },
      edits: [{ row: 0, key: 'Pname', value: 'P1' }],
    });
    expect(same).toBe(start);
  });

  it('inserts and removes rows of layers and load rows', () => {
    let state = workbookReducer(initWorkbookState(empty()), { type: 'addProfile', name: 'BP 1' });
    state = workbookReducer(state, {
      type: 'setCells',
      target: { kind: 'layers', profile: 0 },
      edits: [
        { row: 0, key: 'endKote', value: 150 },
        { row: 1, key: 'endKote', value: 140 },
      ],
    });
    state = workbookReducer(state, {
      type: 'insertRows',
      target: { kind: 'layers', profile: 0 },
      at: 1,
      count: 1,
    });
    expect(state.history.present.soil_profiles[0]!.soil_layers.map((l) => l.endKote)).toEqual([
      150,
      null,
      140,
    ]);
    state = workbookReducer(state, {
      type: 'removeRows',
      target: { kind: 'layers', profile: 0 },
      rows: [0, 1],
    });
    expect(state.history.present.soil_profiles[0]!.soil_layers.map((l) => l.endKote)).toEqual([
      140,
    ]);
    state = workbookReducer(state, { type: 'addLoadCase', name: 'LF 1' });
    state = workbookReducer(state, {
      type: 'setCells',
      target: { kind: 'loads', loadCase: 0 },
      edits: [{ row: 0, key: 'gkz', value: 500 }],
    });
    expect(state.history.present.horizontal_loadcases[0]!.horizontal_loads[0]!.gkz).toBe(500);
  });

  it('records the server version on save without an undo step, and undo never restores an old version', () => {
    let state = workbookReducer(initWorkbookState(empty()), {
      type: 'setCells',
      target: { kind: 'piles' },
      edits: [{ row: 0, key: 'Pname', value: 'P1' }],
    });
    state = workbookReducer(state, { type: 'saved', version: 4 });
    state = workbookReducer(state, { type: 'undo' });
    expect(workbookOf(state).version).toBe(4);
    expect(workbookOf(state).piles).toEqual([]);
  });

  it('produces a workbook the contract accepts', () => {
    let state = workbookReducer(initWorkbookState(empty()), {
      type: 'setCells',
      target: { kind: 'piles' },
      edits: [{ row: 0, key: 'Pname', value: 'P1' }],
    });
    state = workbookReducer(state, { type: 'addProfile', name: 'BP 1' });
    state = workbookReducer(state, { type: 'setSettings', patch: { Schrittweite: 0.5 } });
    expect(WorkbookShapeSchema.safeParse(workbookOf(state)).success).toBe(true);
    expect(newRow('loads').Pname).toBeNull();
  });

  it('renames a soil profile with the load points that named it, as one undo step (ADR 0181)', () => {
    let state = workbookReducer(initWorkbookState(empty()), { type: 'addProfile', name: 'BP 1' });
    state = workbookReducer(state, { type: 'addProfile', name: 'BP 2' });
    state = workbookReducer(state, {
      type: 'setCells',
      target: { kind: 'piles' },
      edits: [
        { row: 0, key: 'BodenProfil', value: 'BP 1' },
        { row: 1, key: 'BodenProfil', value: 'BP 2' },
        { row: 2, key: 'BodenProfil', value: ' BP 1' },
      ],
    });
    state = workbookReducer(state, { type: 'setProfile', profile: 0, patch: { name: 'Nord' } });
    const doc = state.history.present;
    expect(doc.soil_profiles.map((p) => p.name)).toEqual(['Nord', 'BP 2']);
    expect(doc.piles.map((p) => p.BodenProfil)).toEqual(['Nord', 'BP 2', 'Nord']);
    state = workbookReducer(state, { type: 'undo' });
    expect(state.history.present.piles.map((p) => p.BodenProfil)).toEqual([
      'BP 1',
      'BP 2',
      ' BP 1',
    ]);
  });

  it("moves no load point when the old name was two profiles' or the new one is empty", () => {
    let state = workbookReducer(initWorkbookState(empty()), { type: 'addProfile', name: 'BP 1' });
    state = workbookReducer(state, { type: 'addProfile', name: 'BP 1' });
    state = workbookReducer(state, {
      type: 'setCells',
      target: { kind: 'piles' },
      edits: [{ row: 0, key: 'BodenProfil', value: 'BP 1' }],
    });
    const renamed = workbookReducer(state, {
      type: 'setProfile',
      profile: 1,
      patch: { name: 'BP 2' },
    });
    expect(renamed.history.present.soil_profiles.map((p) => p.name)).toEqual(['BP 1', 'BP 2']);
    expect(renamed.history.present.piles[0]!.BodenProfil).toBe('BP 1');
    const emptied = workbookReducer(renamed, {
      type: 'setProfile',
      profile: 1,
      patch: { name: ' ' },
    });
    expect(emptied.history.present.piles[0]!.BodenProfil).toBe('BP 1');
  });
});
