// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../lib/http/token-store';
import { renderPage } from '../../test/render';
import { ExportMenu } from './ExportMenu';
import { ImportButton } from './ImportButton';

/*
 * Progress of long transfers as the user sees it. The browser's transfer objects are replaced by
 * controllable ones (jsdom cannot throttle a network): XMLHttpRequest for uploads (upload `progress`
 * events) and fetch for downloads (a body stream with Content-Length). The server side of the contract
 * (Content-Length on every download) is checked in apps/server files.test.ts.
 */

const USER = {
  id: 1,
  full_name: 'Erika Muster',
  email: 'erika@example.com',
  phone: '+49 30 1',
  role: 'Owner',
  company: { id: 7, name: 'Statik GmbH' },
};

const envelope = (data: unknown) =>
  new Response(JSON.stringify({ status_code: 1, status_message: 'ok', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });

const urlOf = (input: RequestInfo | URL): string =>
  input instanceof Request ? input.url : input instanceof URL ? input.href : input;

/** A fake XMLHttpRequest whose upload progress and answer the test drives. */
class FakeXhr {
  static last: FakeXhr | null = null;
  upload: { onprogress: ((e: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  status = 0;
  responseText = '';
  responseType = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.last = this;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

// antd's dropdown measures itself with ResizeObserver, which jsdom lacks.
class NoResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  if (!('ResizeObserver' in window)) vi.stubGlobal('ResizeObserver', NoResizeObserver);
  tokenStore.saveTokens({
    access_token: 'opaque-access-token',
    refresh_token: 'opaque-refresh-token',
    access_token_time: 15,
    refresh_token_time: 1,
  });
  tokenStore.saveUser(USER as never);
  FakeXhr.last = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  URL.createObjectURL = vi.fn(() => 'blob:download');
  URL.revokeObjectURL = vi.fn();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  tokenStore.clear();
});

describe('upload progress (ImportButton)', () => {
  it('shows the bytes sent as a percentage from the XHR upload events, then "reading" until the answer', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(envelope(USER))),
    );
    renderPage(<ImportButton companyId={7} projectId={3} version={5} />);
    const file = new File([new Uint8Array(4000)], 'lasten.xlsx');
    fireEvent.change(screen.getByTestId('import-input'), { target: { files: [file] } });

    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last!;
    expect(xhr.url).toContain('/v1/companies/7/projects/3/import-file/?mode=preview&kind=any');
    expect(xhr.headers.Authorization).toBe('Bearer opaque-access-token');
    expect(screen.getByTestId('import-progress').textContent).toContain('0 %');

    act(() => xhr.progress(1000, 4000));
    expect(screen.getByTestId('import-progress').textContent).toContain('25 %');
    act(() => xhr.progress(3000, 4000));
    expect(screen.getByTestId('import-progress').textContent).toContain('75 %');
    act(() => xhr.progress(4000, 4000));
    // Everything sent: the server reads and checks the file now.
    expect(screen.getByTestId('import-progress').textContent).toContain('Datei wird gelesen');

    act(() =>
      xhr.answer(200, {
        status_code: 1,
        status_message: 'Import preview',
        data: {
          format: 'xlsx',
          file_name: 'lasten.xlsx',
          workbook: {
            version: 5,
            settings: {},
            piles: [],
            soil_profiles: [],
            horizontal_loadcases: [],
          },
          issues: [],
          summary: {
            piles: 0,
            soil_profiles: 0,
            soil_layers: 0,
            horizontal_loadcases: 0,
            horizontal_loads: 0,
            errors: 0,
            warnings: 0,
            infos: 0,
          },
          applicable: true,
        },
      }),
    );
    expect(await screen.findByText('Import prüfen: lasten.xlsx')).toBeTruthy();
    expect(screen.queryByTestId('import-progress')).toBeNull();

    // Apply sends the file again: its progress shows inside the dialog.
    fireEvent.click(screen.getByTestId('import-apply'));
    await waitFor(() => expect(FakeXhr.last).not.toBe(xhr));
    const applyXhr = FakeXhr.last!;
    expect(applyXhr.url).toContain('mode=apply');
    expect(applyXhr.url).toContain('version=5');
    act(() => applyXhr.progress(2000, 4000));
    expect((await screen.findByTestId('import-apply-progress')).textContent).toContain('50 %');
  });
});

describe('download progress (ExportMenu)', () => {
  it('shows the bytes received of a streamed download against its Content-Length', async () => {
    let push: ((chunk: Uint8Array | null) => void) | null = null;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (chunk) => (chunk ? controller.enqueue(chunk) : controller.close());
      },
    });
    const fetchMock = vi.fn((input: RequestInfo | URL) => {
      const url = urlOf(input);
      if (url.includes('/xlsx/')) {
        return Promise.resolve(
          new Response(body, {
            status: 200,
            headers: {
              'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'content-length': '1000',
              'content-disposition':
                'attachment; filename="Projekt.xlsx"; filename*=UTF-8\'\'Projekt.xlsx',
            },
          }),
        );
      }
      return Promise.resolve(envelope(USER));
    });
    vi.stubGlobal('fetch', fetchMock);
    const onExported = vi.fn();
    renderPage(<ExportMenu companyId={7} projectId={3} onExported={onExported} />);

    fireEvent.click(screen.getByTestId('export-button'));
    fireEvent.click(await screen.findByTestId('export-xlsx'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => urlOf(u).includes('/projects/3/xlsx/'))).toBe(true),
    );
    // Headers there, no byte yet: the bar waits (server still producing or first bytes under way).
    expect((await screen.findByTestId('export-progress')).textContent).toContain('Wird erstellt');

    await act(async () => {
      push!(new Uint8Array(400));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await waitFor(() =>
      expect(screen.getByTestId('export-progress').textContent).toContain('40 %'),
    );
    await act(async () => {
      push!(new Uint8Array(350));
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await waitFor(() =>
      expect(screen.getByTestId('export-progress').textContent).toContain('75 %'),
    );
    await act(async () => {
      push!(new Uint8Array(250));
      push!(null);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await waitFor(() => expect(onExported).toHaveBeenCalledWith('xlsx', 'Projekt.xlsx'));
    expect(screen.queryByTestId('export-progress')).toBeNull();
  });

  it('asks how much the PDF prints, sends the choice and counts the seconds while the server creates it', async () => {
    let answer: ((response: Response) => void) | null = null;
    const fetchMock = vi.fn((input: RequestInfo | URL) => {
      const url = urlOf(input);
      if (url.includes('/pdf/')) return new Promise<Response>((resolve) => (answer = resolve));
      return Promise.resolve(envelope(USER));
    });
    vi.stubGlobal('fetch', fetchMock);
    const onExported = vi.fn();
    renderPage(<ExportMenu companyId={7} projectId={3} onExported={onExported} />);

    fireEvent.click(screen.getByTestId('export-button'));
    fireEvent.click(await screen.findByTestId('export-pdf-de'));
    // the dialog first; nothing is requested before the choice
    await screen.findByText('Einzelnachweise aller Lastpunkte');
    expect(fetchMock.mock.calls.some(([u]) => urlOf(u).includes('/pdf/'))).toBe(false);
    fireEvent.click(screen.getByText('Einzelnachweise aller Lastpunkte'));
    fireEvent.click(screen.getByRole('button', { name: 'Bericht erstellen' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.map(([u]) => urlOf(u)).find((u) => u.includes('/pdf/'))).toMatch(
        /\/projects\/3\/pdf\/\?lang=de&detail=all$/,
      ),
    );
    // the server is still creating the report: the bar counts the seconds
    await waitFor(
      () =>
        expect(screen.getByTestId('export-progress').textContent).toMatch(
          /Wird erstellt … [1-9]\d* s/,
        ),
      { timeout: 3000 },
    );
    await act(async () => {
      answer!(
        new Response(new Uint8Array([37, 80, 68, 70]), {
          status: 200,
          headers: {
            'content-type': 'application/pdf',
            'content-length': '4',
            'content-disposition': 'attachment; filename="Bericht.pdf"',
          },
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    await waitFor(() => expect(onExported).toHaveBeenCalledWith('pdf-de', 'Bericht.pdf'));
  });
});
