import { describe, expect, it } from 'vitest';
import { nextSaveStep } from './autosave';

describe('nextSaveStep', () => {
  it('saves unsaved edits, waits for a running save and stops on a conflict', () => {
    expect(nextSaveStep({ revision: 3, savedRevision: 3, inFlight: false, conflict: false })).toBe(
      'idle',
    );
    expect(nextSaveStep({ revision: 4, savedRevision: 3, inFlight: false, conflict: false })).toBe(
      'save',
    );
    // an edit during a save: the save in flight covers revision 3 only, revision 4 follows afterwards
    expect(nextSaveStep({ revision: 4, savedRevision: 2, inFlight: true, conflict: false })).toBe(
      'wait',
    );
    expect(nextSaveStep({ revision: 4, savedRevision: 3, inFlight: false, conflict: true })).toBe(
      'idle',
    );
  });
});
