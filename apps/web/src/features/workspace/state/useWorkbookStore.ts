import type { ErrorCode, Workbook } from '@pfahlplaner/contracts';
import { useCallback, useEffect, useLayoutEffect, useReducer, useRef, useState } from 'react';
import { isApiError } from '../../../lib/http/api-error';
import { projectsApi, type VersionConflict } from '../../projects/api';
import { AUTOSAVE_DELAY_MS, AUTOSAVE_RETRY_MS, nextSaveStep, type SaveStatus } from './autosave';
import { initWorkbookState, workbookReducer, type WorkbookState } from './workbook-reducer';

export type ConflictState = VersionConflict & { mine: Workbook };

/**
 * The workbook of an open project: reducer state, autosave (debounced, with the version), save status,
 * server error details by path, and the 409 conflict. Edits made while a save is running are kept and
 * saved right after it.
 */
export const useWorkbookStore = (companyId: number, projectId: number, initial: Workbook) => {
  const [state, dispatch] = useReducer(workbookReducer, initial, initWorkbookState);
  const [status, setStatus] = useState<SaveStatus>({ kind: 'saved', at: null });
  const [serverErrors, setServerErrors] = useState<ReadonlyMap<string, ErrorCode>>(new Map());
  const [conflict, setConflict] = useState<ConflictState | null>(null);

  const stateRef = useRef<WorkbookState>(state);
  useLayoutEffect(() => {
    stateRef.current = state;
  }, [state]);
  const versionRef = useRef(initial.version);
  const savedRevision = useRef(0);
  const inFlight = useRef(false);
  const conflictRef = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const resetPending = useRef(false);
  const waiters = useRef<(() => void)[]>([]);

  const schedule = useRef<(delay: number) => void>(() => undefined);

  const flush = useCallback(async (): Promise<void> => {
    const current = stateRef.current;
    const step = nextSaveStep({
      revision: current.revision,
      savedRevision: savedRevision.current,
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
      inFlight.current = false;
      if (stateRef.current.revision > savedRevision.current) schedule.current(0);
      else {
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
        setServerErrors(new Map(error.details.map((detail) => [detail.path, detail.code as ErrorCode])));
        setStatus({ kind: 'invalid', count: error.details.length });
        // saved up to here as far as retrying goes: the next edit tries again
        savedRevision.current = Math.max(savedRevision.current, revision);
      } else {
        setStatus({ kind: 'error', code: isApiError(error) ? error.code : null });
        schedule.current(AUTOSAVE_RETRY_MS);
      }
      for (const done of waiters.current.splice(0)) done();
    }
  }, [companyId, projectId]);

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
  }, [state.revision]);

  const hasUnsaved = () =>
    inFlight.current || stateRef.current.revision > savedRevision.current || conflictRef.current;

  // Leaving the page with unsaved edits asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!hasUnsaved()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      if (timer.current) {
        clearTimeout(timer.current);
        void flush(); // in-app navigation: save what is left
      }
    };
  }, [flush]);

  /** Saves now and resolves when everything up to the current revision is saved (or saving failed). */
  const saveNow = useCallback(
    () =>
      new Promise<void>((resolve) => {
        if (timer.current) clearTimeout(timer.current);
        timer.current = null;
        if (!inFlight.current && stateRef.current.revision <= savedRevision.current) {
          resolve();
          return;
        }
        waiters.current.push(resolve);
        void flush();
      }),
    [flush],
  );

  /** Replaces the document with a workbook from the server (conflict: reload theirs). */
  const replaceWith = useCallback((workbook: Workbook) => {
    if (timer.current) clearTimeout(timer.current);
    resetPending.current = true;
    versionRef.current = workbook.version;
    conflictRef.current = false;
    setConflict(null);
    setServerErrors(new Map());
    setStatus({ kind: 'saved', at: null });
    dispatch({ type: 'load', workbook });
  }, []);

  return {
    state,
    dispatch,
    status,
    serverErrors,
    conflict,
    saveNow,
    replaceWith,
    hasUnsaved,
  };
};
