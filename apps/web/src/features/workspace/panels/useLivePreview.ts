import type { Workbook } from '@pfahlplaner/contracts';
import type { ProjectResult } from '@pfahlplaner/engine';
import { useEffect, useRef, useState } from 'react';
import { applyPreviewUpdate } from './utils/incremental-preview';
import { requestFor, type PreviewRequest, type PreviewResponse } from './utils/preview-protocol';
import { PreviewScheduler } from './utils/preview-scheduler';

/** Debounce after the last edit [ms]: short, so a one-row edit shows within ~100 ms (ADR 0065). */
const DEBOUNCE_MS = 25;

type Preview = { result: ProjectResult | null; isComputing: boolean };
const OFF: Preview = { result: null, isComputing: false };

/**
 * Live preview: runs the engine in a Web Worker on every edit (debounced, one run at a time, outdated
 * intermediate states skipped) and returns the newest result. Without Worker support (jsdom, old
 * browsers) or when disabled it returns no preview.
 */
export function useLivePreview(workbook: Workbook | null, enabled: boolean): Preview {
  const [state, setState] = useState<Preview>(OFF);
  const scheduler = useRef<PreviewScheduler<Workbook, ReturnType<typeof setTimeout>> | null>(null);
  const isActive = enabled && typeof Worker !== 'undefined';

  useEffect(() => {
    if (!isActive) return;
    const worker = new Worker(new URL('./preview.worker.ts', import.meta.url), { type: 'module' });
    let lastSent: Workbook | null = null;
    let shown: ProjectResult | null = null;
    const s = new PreviewScheduler<Workbook, ReturnType<typeof setTimeout>>(
      (generation, next) => {
        const request: PreviewRequest = requestFor(lastSent, next, generation);
        lastSent = next;
        worker.postMessage(request);
      },
      { set: (fn, ms) => setTimeout(fn, ms), clear: (h) => clearTimeout(h) },
      DEBOUNCE_MS,
    );
    worker.onmessage = (event: MessageEvent<PreviewResponse>) => {
      const response = event.data;
      if ('error' in response) {
        // The worker dropped its cache: the next request must carry the whole workbook.
        lastSent = null;
        shown = null;
      } else {
        shown = applyPreviewUpdate(shown, response.update);
      }
      const isLatest = s.received(response.generation);
      setState({ result: shown, isComputing: !isLatest || s.isBusy });
    };
    scheduler.current = s;
    return () => {
      s.reset();
      worker.terminate();
      scheduler.current = null;
      setState(OFF);
    };
  }, [isActive]);

  useEffect(() => {
    if (!isActive || workbook === null || scheduler.current === null) return;
    scheduler.current.edit(workbook);
    setState((prev) => (prev.isComputing ? prev : { ...prev, isComputing: true }));
  }, [workbook, isActive]);

  return isActive && workbook !== null ? state : OFF;
}
