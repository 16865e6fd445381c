import { calculateProject } from '@pfahlplaner/engine';
import { describe, expect, it } from 'vitest';
import { exampleWorkbook } from '../dev/example-data';
import { applyPreviewUpdate } from './incremental-preview';
import { handleRequest, requestFor } from './preview-protocol';

describe('requestFor', () => {
  it('sends the whole workbook first and when settings, profiles, load cases or the row count change', () => {
    const wb = exampleWorkbook();
    expect(requestFor(null, wb, 1).type).toBe('workbook');
    expect(requestFor(wb, { ...wb, settings: { ...wb.settings } }, 2).type).toBe('workbook');
    expect(requestFor(wb, { ...wb, piles: wb.piles.slice(1) }, 3).type).toBe('workbook');
  });

  it('sends only the replaced row objects after a grid edit', () => {
    const wb = exampleWorkbook();
    const edited = {
      ...wb,
      piles: wb.piles.map((p, i) => (i === 2 ? { ...p, SollDurchmesser: 0.9 } : p)),
    };
    const req = requestFor(wb, edited, 4);
    expect(req).toEqual({ type: 'rows', generation: 4, rows: [[2, edited.piles[2]]] });
  });
});

describe('handleRequest', () => {
  it('answers a full workbook, then patches rows to the same result as a full calculation', () => {
    const wb = exampleWorkbook();
    const first = handleRequest(null, requestFor(null, wb, 1));
    expect('update' in first.response && first.response.update.kind).toBe('full');
    const edited = {
      ...wb,
      piles: wb.piles.map((p, i) => (i === 2 ? { ...p, SollDurchmesser: 0.9 } : p)),
    };
    const second = handleRequest(first.cache, requestFor(wb, edited, 2));
    if (!('update' in second.response) || !('update' in first.response)) {
      throw new Error('expected updates');
    }
    expect(second.response.update.kind).toBe('patch');
    const shown = applyPreviewUpdate(first.cache!.result, second.response.update);
    expect(shown!.piles[2]).toEqual(calculateProject(edited).piles[2]);
  });

  it('refuses a row patch without a base workbook', () => {
    const out = handleRequest(null, { type: 'rows', generation: 1, rows: [] });
    expect(out.response).toEqual({ generation: 1, error: 'NO_BASE_WORKBOOK' });
  });
});
