// @vitest-environment jsdom
import type { ImportUndoStatus } from '@pfahlplaner/contracts';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../lib/http/token-store';
import { renderPage } from '../../test/render';
import { ImportButton } from './ImportButton';
import { ImportUndoButton } from './ImportUndoButton';

/*
 * "Undo import" after a page reload (ADR 0063): the component asks the server
 * (`GET …/import-file/undo/`) instead of remembering the apply in memory. The network is replaced by a
 * recorded fetch; the server side of the contract is checked in apps/server import-undo.test.ts and the
 * whole journey in e2e/tests/files.test.ts.
 */

const userOf = (role: string) => ({
  id: 1,
  full_name: 'Erika Muster',
  email: 'erika@example.com',
  phone: '+49 30 1',
  role,
  company: { id: 7, name: 'Statik GmbH' },
});

const envelope = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ status_code: 1, status_message: 'ok', data }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const urlOf = (input: RequestInfo | URL): string =>
  input instanceof Request ? input.url : input instanceof URL ? input.href : input;

const available = (inMs: number, importedVersion = 5): ImportUndoStatus => ({
  available: true,
  undo_until: new Date(Date.now() + inMs).toISOString(),
  imported_version: importedVersion,
  reason: null,
});

/** Answers the undo status and the undo itself; every other call (the signed-in user) gets the user. */
const serve = (status: ImportUndoStatus, role = 'Owner') => {
  const calls: string[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = urlOf(input);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    if (url.includes('/import-file/undo/')) {
      const body = typeof init?.body === 'string' ? init.body : '';
      calls.push(`${method} ${url.replace(/^.*\/api/, '')} ${body}`.trim());
      if (method === 'POST') {
        return Promise.resolve(
          envelope({
            version: 7,
            modified_date: '',
            calculation: null,
            summary: {},
            undo_until: null,
          }),
        );
      }
      return Promise.resolve(envelope(status));
    }
    return Promise.resolve(envelope(userOf(role)));
  });
  vi.stubGlobal('fetch', fetchMock);
  tokenStore.saveUser(userOf(role) as never);
  return calls;
};

beforeEach(() => {
  tokenStore.saveTokens({
    access_token: 'opaque-access-token',
    refresh_token: 'opaque-refresh-token',
    access_token_time: 15,
    refresh_token_time: 1,
  });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('ImportUndoButton', () => {
  it('offers the undo after a reload while the server keeps it, and undoes with the project version', async () => {
    const calls = serve(available(30 * 60_000));
    const onUndone = vi.fn();
    renderPage(<ImportUndoButton companyId={7} projectId={3} version={5} onUndone={onUndone} />);
    fireEvent.click(await screen.findByTestId('import-undo'));
    await waitFor(() => expect(onUndone).toHaveBeenCalledTimes(1));
    expect(calls).toEqual([
      'GET /v1/companies/7/projects/3/import-file/undo/',
      'POST /v1/companies/7/projects/3/import-file/undo/ {"version":5}',
    ]);
    await waitFor(() => expect(screen.queryByTestId('import-undo')).toBeNull());
  });

  it('is part of the import button in the workspace toolbar', async () => {
    serve(available(30 * 60_000));
    renderPage(<ImportButton companyId={7} projectId={3} version={5} />);
    expect(await screen.findByTestId('import-undo')).toBeTruthy();
  });

  it('is not offered when the project changed after the import, or the server has none', async () => {
    const calls = serve(available(30 * 60_000, 5));
    renderPage(<ImportUndoButton companyId={7} projectId={3} version={6} />);
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(screen.queryByTestId('import-undo')).toBeNull();
    cleanup();

    const expired = serve({
      available: false,
      undo_until: null,
      imported_version: null,
      reason: 'expired',
    });
    renderPage(<ImportUndoButton companyId={7} projectId={3} version={5} />);
    await waitFor(() => expect(expired).toHaveLength(1));
    expect(screen.queryByTestId('import-undo')).toBeNull();
  });

  it('disappears when the undo window ends', async () => {
    serve(available(600));
    renderPage(<ImportUndoButton companyId={7} projectId={3} version={5} />);
    expect(await screen.findByTestId('import-undo')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('import-undo')).toBeNull(), { timeout: 3000 });
  });

  it('never asks for guests', async () => {
    const calls = serve(available(30 * 60_000), 'Guest');
    renderPage(<ImportUndoButton companyId={7} projectId={3} version={5} />);
    // Not a fixed wait: the moment the status request would start is once the signed-in user (Guest) has
    // been fetched and rendered. Wait for that request, then let React flush the effects of its answer.
    const userRequests = () =>
      vi.mocked(fetch).mock.calls.filter(([input]) => !urlOf(input).includes('/import-file/'));
    await waitFor(() => expect(userRequests().length).toBeGreaterThan(0));
    await act(async () => {
      await vi.mocked(fetch).mock.results.at(-1)?.value;
    });
    expect(calls).toEqual([]);
    expect(screen.queryByTestId('import-undo')).toBeNull();
  });
});
