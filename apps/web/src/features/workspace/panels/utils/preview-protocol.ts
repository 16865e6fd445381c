import type { PileRow, Workbook } from '@pfahlplaner/contracts';
import { computePreview, type PreviewCache, type PreviewUpdate } from './incremental-preview';

/**
 * Page → worker. `rows` carries only the load-point rows that changed since the last request (the page
 * compares by reference: grid edits replace the edited row objects only); everything else sends the workbook.
 */
export type PreviewRequest =
  | { type: 'workbook'; generation: number; workbook: Workbook }
  | { type: 'rows'; generation: number; rows: [number, PileRow][] };

/** Worker → page: the update for one request, or the message of an unexpected engine failure. */
export type PreviewResponse =
  { generation: number; update: PreviewUpdate } | { generation: number; error: string };

/** The smallest request that brings the worker from `previous` (last sent) to `next`. */
export const requestFor = (
  previous: Workbook | null,
  next: Workbook,
  generation: number,
): PreviewRequest => {
  if (
    previous === null ||
    previous.settings !== next.settings ||
    previous.soil_profiles !== next.soil_profiles ||
    previous.horizontal_loadcases !== next.horizontal_loadcases ||
    previous.piles.length !== next.piles.length
  ) {
    return { type: 'workbook', generation, workbook: next };
  }
  const rows = next.piles.flatMap((row, i): [number, PileRow][] =>
    row === previous.piles[i] ? [] : [[i, row]],
  );
  return { type: 'rows', generation, rows };
};

/** Worker side: applies a request to the cache and computes the update (pure apart from the engine's work). */
export const handleRequest = (
  cache: PreviewCache,
  request: PreviewRequest,
): { cache: PreviewCache; response: PreviewResponse } => {
  try {
    if (request.type === 'workbook' || cache === null) {
      const workbook = request.type === 'workbook' ? request.workbook : null;
      if (workbook === null) {
        return { cache, response: { generation: request.generation, error: 'NO_BASE_WORKBOOK' } };
      }
      const out = computePreview(cache, workbook);
      return { cache: out.cache, response: { generation: request.generation, update: out.update } };
    }
    const piles = [...cache.workbook.piles];
    for (const [i, row] of request.rows) piles[i] = row;
    const out = computePreview(
      cache,
      { ...cache.workbook, piles },
      request.rows.map(([i]) => i),
    );
    return { cache: out.cache, response: { generation: request.generation, update: out.update } };
  } catch (error) {
    // The engine never throws for bad input; an invariant error is a bug — report it, keep the old cache.
    return { cache: null, response: { generation: request.generation, error: String(error) } };
  }
};
