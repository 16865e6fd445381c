/** Delay between the last edit and the automatic save. */
export const AUTOSAVE_DELAY_MS = 1000;
/** Wait before retrying a save that failed for a network or server reason. */
export const AUTOSAVE_RETRY_MS = 5000;

export type SaveStatus =
  | { kind: 'saved'; at: string | null }
  | { kind: 'pending' }
  | { kind: 'saving' }
  | { kind: 'invalid'; count: number }
  | { kind: 'error'; code: string | null }
  | { kind: 'conflict' };

/**
 * What the autosave does next, from the revision counters (pure):
 * - `idle`: everything up to the current revision is saved;
 * - `wait`: a save is in flight — edits made meanwhile are saved right after it (never lost);
 * - `save`: there are unsaved edits and nothing blocks a save.
 * A conflict blocks saving until the user chose in the conflict dialog.
 */
export const nextSaveStep = (input: {
  revision: number;
  savedRevision: number;
  inFlight: boolean;
  conflict: boolean;
}): 'idle' | 'wait' | 'save' => {
  if (input.conflict) return 'idle';
  if (input.inFlight) return 'wait';
  return input.revision > input.savedRevision ? 'save' : 'idle';
};
