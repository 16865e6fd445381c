import { defaultsOf } from '@pfahlplaner/contracts';
import { describe, expect, it } from 'vitest';
import { clearDraft, draftKey, readDraft, writeDraft, type Draft } from './draft-storage';
import { initWorkbookState, workbookReducer, type WorkbookDoc } from './workbook-reducer';

const memory = () => {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
};

const doc = (): WorkbookDoc => ({
  settings: { ...defaultsOf('settings'), name: 'Entwurf' },
  piles: [],
  soil_profiles: [],
  horizontal_loadcases: [],
});

describe('draft storage (ADR 0142)', () => {
  it('keeps a draft per user and project until it is cleared', () => {
    const storage = memory();
    const draft: Draft = { version: 4, at: '2026-11-26T22:00:00.000Z', doc: doc() };
    expect(writeDraft(draftKey(7, 12), draft, storage)).toBe(true);
    expect(readDraft(draftKey(7, 12), storage)).toEqual(draft);
    expect(readDraft(draftKey(8, 12), storage)).toBeNull();
    clearDraft(draftKey(7, 12), storage);
    expect(readDraft(draftKey(7, 12), storage)).toBeNull();
  });

  it('keeps values the field rules refuse (that is when a save is refused and the draft matters)', () => {
    const storage = memory();
    const invalid = {
      ...doc(),
      piles: [{ Pname: 'P1', SollDurchmesser: -5 } as WorkbookDoc['piles'][number]],
    };
    writeDraft(
      'pp.draft.1.1',
      { version: 1, at: '2026-11-26T22:00:00.000Z', doc: invalid },
      storage,
    );
    expect(readDraft('pp.draft.1.1', storage)?.doc).toEqual(invalid);
  });

  it('ignores what is not a workbook (another version of the app, a hand edit)', () => {
    const storage = memory();
    storage.setItem('pp.draft.1.2', '{"version":1,"at":"x","doc":{"piles":"no"}}');
    storage.setItem('pp.draft.1.3', 'not json');
    expect(readDraft('pp.draft.1.2', storage)).toBeNull();
    expect(readDraft('pp.draft.1.3', storage)).toBeNull();
  });

  it('comes back as one undoable edit on the version it was based on', () => {
    const opened = initWorkbookState({ ...doc(), version: 9 });
    const mine = { ...doc(), piles: [{ Pname: 'P1' } as WorkbookDoc['piles'][number]] };
    const restored = workbookReducer(opened, { type: 'restore', doc: mine, version: 5 });
    expect(restored.history.present).toBe(mine);
    expect(restored.version).toBe(5);
    expect(restored.revision).toBe(opened.revision + 1);
    expect(workbookReducer(restored, { type: 'undo' }).history.present).toBe(
      opened.history.present,
    );
  });
});
