import type { ErrorCode, ErrorDetail, Workbook } from '@pfahlplaner/contracts';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { isApiError } from '../../../lib/http/api-error';
import { projectsApi, type VersionConflict } from '../../projects/api';
import { AUTOSAVE_DELAY_MS, AUTOSAVE_RETRY_MS, nextSaveStep, type SaveStatus } from './autosave';
import { clearDraft, readDraft, writeDraft, type Draft } from './draft-storage';
import { initWorkbookState, workbookReducer, type WorkbookState } from './workbook-reducer';

/** Delay between an edit and writing the unsaved work to this browser's storage (ADR 0142). */
const DRAFT_DELAY_MS = 300;

export type ConflictState = VersionConflict & { mine: Workbook };

/**
 * The workbook of an open project: reducer state, autosave (debounced, with the version), save status,
 * server error details by path, and the 409 conflict. Edits made while a save is running are kept and
 * saved right after it. Unsaved work is kept in this browser under `draftKey` until it is saved or
 * discarded (ADR 0142); a draft found on opening is restored as one undoable edit (`restored`).
 */
export const useWorkbookStore = (
  companyId: number,
  projectId: number,
  initial: Workbook,
  draftKey: string | null = null,
) => {
  // A draft of this project left in this browser (unsaved when the page was left) comes back as one
  // undoable edit on the version it was based on; the autosave then tries it (ADR 0142).
  const [draftAtOpen] = useState(() => (draftKey ? readDraft(draftKey) : null));
  const [state, dispatch] = useReducer(workbookReducer, initial, (workbook) => {
    const opened = initWorkbookState(workbook);
    return draftAtOpen
      ? workbookReducer(opened, {
          type: 'restore',
          doc: draftAtOpen.doc,
          version: draftAtOpen.version,
        })
      : opened;
  });
  const [status, setStatus] = useState<SaveStatus>({ kind: 'saved', at: null });
  const [serverErrors, setServerErrors] = useState<ReadonlyMap<string, ErrorCode>>(new Map());
  /** The details of the last refused save, with their params (plan rules name the limit). */
  const [refusal, setRefusal] = useState<readonly ErrorDetail[]>([]);
  /** The draft restored when the project was opened (null: none). */
  const [restored, setRestored] = useState<Draft | null>(draftAtOpen);
  const [conflict, setConflict] = useState<ConflictState | null>(null);

  const stateRef = useRef<WorkbookState>(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  }, [state]);
  const versionRef = useRef(draftAtOpen?.version ?? initial.version);
  /** Revision the server holds (only a successful save moves it). */
  const savedRevision = useRef(0);
  /** Revision of the last refused save: not retried before the next edit, but still unsaved. */
  const refusedRevision = useRef(0);
  const draftTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const inFlight = useRef(false);
  const conflictRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const resetPending = useRef(false);
  const waiters = useRef<(() => void)[]>([]);

  const schedule = useRef<(delay: number) => void>(() => undefined);

  /** Writes the unsaved work to this browser now (also on page hide, before the delayed write ran). */
  const writeDraftNow = useCallback(() => {
    if (draftTimer.current) clearTimeout(draftTimer.current);
    draftTimer.current = null;
    if (!draftKey || stateRef.current.revision <= savedRevision.current) return;
    writeDraft(draftKey, {
      version: versionRef.current,
      at: new Date().toISOString(),
      doc: stateRef.current.history.present,
    });
  }, [draftKey]);

  const flush = useCallback(async (): Promise<void> => {
    const current = stateRef.current;
    const step = nextSaveStep({
      revision: current.revision,
      savedRevision: Math.max(savedRevision.current, refusedRevision.current),
      inFlight: inFlight.current,
      conflict: conflictRef.current,
    });
    if (step !== 'save') {
      if (step === 'idle') for (const done of waiters.current.splice(0)) done();
      return;
    }
    const revision = current.revision;
    const workbook: Workbook = { ...current.history.present, version: versionRef.current };
    inFlight.current = true;
    setStatus({ kind: 'saving' });
    try {
      const { data } = await projectsApi.saveWorkbook(companyId, projectId, workbook);
      versionRef.current = data.version;
      dispatch({ type: 'saved', version: data.version });
      savedRevision.current = Math.max(savedRevision.current, revision);
      setServerErrors(new Map());
      setRefusal([]);
      inFlight.current = false;
      if (stateRef.current.revision > savedRevision.current) schedule.current(0);
      else {
        if (draftTimer.current) clearTimeout(draftTimer.current);
        if (draftKey) clearDraft(draftKey);
        setStatus({ kind: 'saved', at: data.modified_date });
        for (const done of waiters.current.splice(0)) done();
      }
    } catch (error) {
      inFlight.current = false;
      if (isApiError(error) && error.status === 409 && error.body?.data) {
        conflictRef.current = true;
        setConflict({ ...(error.body.data as VersionConflict), mine: workbook });
        setStatus({ kind: 'conflict' });
      } else if (isApiError(error) && error.status === 400 && error.details.length > 0) {
        setServerErrors(
          new Map(error.details.map((detail) => [detail.path, detail.code as ErrorCode])),
        );
        setRefusal(error.details);
        setStatus({ kind: 'invalid', count: error.details.length });
        // not retried before the next edit, but NOT saved: leaving asks, the draft stays, "Berechnen"
        // refuses (ADR 0142)
        refusedRevision.current = Math.max(refusedRevision.current, revision);
      } else {
        setStatus({ kind: 'error', code: isApiError(error) ? error.code : null });
        schedule.current(AUTOSAVE_RETRY_MS);
      }
      for (const done of waiters.current.splice(0)) done();
    }
  }, [companyId, projectId, draftKey]);

  useLayoutEffect(() => {
    schedule.current = (delay: number) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        void flush();
      }, delay);
    };
  }, [flush]);

  useEffect(() => {
    if (resetPending.current) {
      resetPending.current = false;
      savedRevision.current = state.revision;
      return;
    }
    if (state.revision > savedRevision.current && !conflictRef.current) {
      setStatus((s) => (s.kind === 'saving' ? s : { kind: 'pending' }));
      schedule.current(AUTOSAVE_DELAY_MS);
    }
    if (state.revision > savedRevision.current && draftKey) {
      if (draftTimer.current) clearTimeout(draftTimer.current);
      draftTimer.current = setTimeout(writeDraftNow, DRAFT_DELAY_MS);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs per edit; the rest are refs
  }, [state.revision]);

  const hasUnsaved = () =>
    inFlight.current || stateRef.current.revision > savedRevision.current || conflictRef.current;

  // Leaving the page with unsaved edits asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!hasUnsaved()) return;
      writeDraftNow();
      event.preventDefault();
      event.returnValue = '';
    };
    const hide = () => {
      if (hasUnsaved()) writeDraftNow();
    };
    window.addEventListener('beforeunload', warn);
    window.addEventListener('pagehide', hide);
    return () => {
      window.removeEventListener('beforeunload', warn);
      window.removeEventListener('pagehide', hide);
      if (hasUnsaved()) writeDraftNow(); // in-app navigation: the draft stays until saved
      if (timer.current) {
        clearTimeout(timer.current);
        void flush(); // in-app navigation: save what is left
      }
    };
  }, [flush, writeDraftNow]);

  /** Saves now and resolves when everything up to the current revision is saved (or saving failed). */
  const saveNow = useCallback(
    () =>
      new Promise<void>((resolve) => {
        if (timer.current) clearTimeout(timer.current);
        timer.current = null;
        if (
          !inFlight.current &&
          stateRef.current.revision <= Math.max(savedRevision.current, refusedRevision.current)
        ) {
          resolve();
          return;
        }
        waiters.current.push(resolve);
        void flush();
      }),
    [flush],
  );

  /** Replaces the document with a workbook from the server (conflict: reload theirs; discard). */
  const replaceWith = useCallback(
    (workbook: Workbook) => {
      if (timer.current) clearTimeout(timer.current);
      if (draftTimer.current) clearTimeout(draftTimer.current);
      if (draftKey) clearDraft(draftKey);
      setRestored(null);
      setRefusal([]);
      resetPending.current = true;
      versionRef.current = workbook.version;
      conflictRef.current = false;
      setConflict(null);
      setServerErrors(new Map());
      setStatus({ kind: 'saved', at: null });
      dispatch({ type: 'load', workbook });
    },
    [draftKey],
  );

  return {
    state,
    dispatch,
    status,
    serverErrors,
    refusal,
    restored,
    dismissRestored: () => setRestored(null),
    conflict,
    saveNow,
    replaceWith,
    hasUnsaved,
  };
};
