import { readFileSync } from 'node:fs';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { inject } from 'vitest';

/**
 * What a browser context did, for the message of a failed journey: its API requests with their answer
 * (status and time) or "no answer yet", page errors and console errors and warnings, in order; what each page
 * shows (address, dialogs with their fields, messages, save state, focus, last pointer events); and the
 * server's last API requests from its log. A CI timeout
 * alone ("waiting for … to be visible") never said whether the page waited on the server, lost a click or
 * threw: two CI failures (a new project's address, a "not saved" notice) could not be explained from the log.
 */
type Entry = { at: number; text: string };

const MAX_ENTRIES = 60;
const recorders = new Map<BrowserContext, Recorder>();

/** A time of day to the millisecond (the server log's clock is the same machine's). */
const clock = (at: number) => new Date(at).toISOString().slice(11, 23);
/** Method and path of a browser request. */
const label = (request: Request) => `${request.method()} ${new URL(request.url()).pathname}`;

class Recorder {
  private readonly entries: Entry[] = [];
  private readonly pending = new Map<Request, number>();

  constructor(context: BrowserContext) {
    const isApi = (request: Request) => new URL(request.url()).pathname.startsWith('/api/');
    context.on('request', (request) => {
      if (isApi(request)) this.pending.set(request, Date.now());
    });
    // the answer's head is the answer (a body the page never reads may never finish)
    context.on('response', (response) => {
      const request = response.request();
      const started = this.pending.get(request);
      if (started === undefined) return;
      this.pending.delete(request);
      this.add(started, `${label(request)}: ${response.status()} in ${Date.now() - started} ms`);
    });
    context.on('requestfailed', (request) => {
      const started = this.pending.get(request);
      this.pending.delete(request);
      if (isApi(request)) {
        this.add(
          started ?? Date.now(),
          `${label(request)}: failed (${request.failure()?.errorText ?? '?'})`,
        );
      }
    });
    context.on('weberror', (error) => this.add(Date.now(), `page error: ${error.error().message}`));
    context.on('console', (message) => {
      const type = message.type();
      if (type === 'error' || type === 'warning') {
        this.add(Date.now(), `console ${type}: ${message.text().slice(0, 300)}`);
      }
    });
  }

  private add(at: number, text: string) {
    this.entries.push({ at, text });
    if (this.entries.length > MAX_ENTRIES) this.entries.shift();
  }

  report(): string {
    const now = Date.now();
    const waiting = [...this.pending.entries()].map(
      ([request, started]) =>
        `${clock(started)} ${label(request)}: no answer after ${now - started} ms`,
    );
    const done = [...this.entries]
      .sort((a, b) => a.at - b.at)
      .map((e) => `${clock(e.at)} ${e.text}`);
    return [
      ...done,
      ...(waiting.length > 0 ? ['still waiting:', ...waiting] : ['no request waiting']),
    ].join('\n');
  }
}

/** What `recordPointer` leaves in each page, for `whatPageShows`. */
type PageRecord = {
  __e2ePointer?: string[];
  /** An element as `tag#id.class[text]`. */
  __e2eName?: (target: EventTarget | null) => string;
};

/**
 * In every page: the last pointer and click events with their target, in the page itself (no console calls,
 * which changed the timing enough to hide the failure they were to record). A click whose mouse went down on
 * one element and up on another shows here.
 */
const recordPointer = () => {
  const page = window as unknown as PageRecord;
  const log: string[] = (page.__e2ePointer = []);
  const name = (page.__e2eName = (target: EventTarget | null) => {
    const element = target as HTMLElement | null;
    if (!element?.tagName) return target === document ? 'document' : 'window';
    const id = element.id ? `#${element.id}` : '';
    const className = typeof element.className === 'string' ? element.className.split(' ')[0] : '';
    const text = (element.innerText ?? '').replace(/\s+/g, ' ').slice(0, 24);
    return `${element.tagName.toLowerCase()}${id}${className ? `.${className}` : ''}[${text}]`;
  });
  for (const type of ['mousedown', 'mouseup', 'click']) {
    document.addEventListener(
      type,
      (event) => {
        const { clientX, clientY } = event as MouseEvent;
        log.push(
          `${Math.round(performance.now())} ms ${type} ${Math.round(clientX)},${Math.round(clientY)} ${name(event.target)}`,
        );
        if (log.length > 30) log.shift();
      },
      true,
    );
  }
};

/** Starts recording a context's API requests, errors and pointer events (every context `newContext` makes). */
export const recordContext = async (context: BrowserContext): Promise<void> => {
  recorders.set(context, new Recorder(context));
  context.on('close', () => recorders.delete(context));
  await context.addInitScript(recordPointer);
};

/** Address, open dialogs, messages, notices and the save state of a page. */
const whatPageShows = async (page: Page): Promise<string> => {
  const shown = await page
    .evaluate(() => {
      const text = (element: HTMLElement) => element.innerText.replace(/\s+/g, ' ').slice(0, 200);
      const boxes = Array.from(
        document.querySelectorAll<HTMLElement>(
          '.ant-modal-wrap:not([style*="display: none"]) .ant-modal, .ant-notification-notice, .ant-message-notice, .ant-alert, [data-testid="save-state"]',
        ),
        (element) =>
          `  ${element.getAttribute('data-testid') ?? element.className.split(' ')[0]}: ${text(element)}`,
      );
      // what the dialogs' fields hold (innerText leaves input values out), and where the focus is
      const fields = Array.from(
        document.querySelectorAll<HTMLInputElement>('.ant-modal input[id]'),
        (input) => `  field #${input.id}: "${input.value}"`,
      );
      const { __e2ePointer: pointer = [], __e2eName: name } = window as unknown as PageRecord;
      const focus = document.activeElement;
      const focused = `  focus: ${focus && name ? name(focus) : 'none'}`;
      return [
        ...boxes,
        ...fields,
        focused,
        ...pointer.slice(-12).map((line) => `  pointer: ${line}`),
      ];
    })
    .catch((error: unknown) => [`  (page not readable: ${String(error)})`]);
  return [`page ${page.url()}`, ...shown].join('\n');
};

type LogLine = {
  time?: number;
  reqId?: string;
  req?: { method?: string; url?: string };
  res?: { statusCode?: number };
  responseTime?: number;
};

/** The server's last API requests (its pino log): time, method, address, status and answer time or "no answer". */
const serverRequests = (count: number): string[] => {
  let log: string;
  try {
    log = readFileSync(inject('serverLogFile'), 'utf8');
  } catch (error) {
    return [`(server log not readable: ${String(error)})`];
  }
  const lines = log.split('\n').flatMap((line): LogLine[] => {
    try {
      return [JSON.parse(line) as LogLine];
    } catch {
      return []; // a line still being written, or not from pino
    }
  });
  const answers = new Map(lines.filter((l) => l.reqId && l.res).map((l) => [l.reqId, l] as const));
  return lines
    .filter((l) => l.req?.url?.startsWith('/api/'))
    .slice(-count)
    .map((l) => {
      const answer = answers.get(l.reqId);
      const when = clock(l.time ?? 0);
      const result = answer
        ? `${answer.res?.statusCode} in ${Math.round(answer.responseTime ?? 0)} ms`
        : 'no answer';
      return `${when} ${l.req?.method} ${l.req?.url}: ${result}`;
    });
};

/**
 * The report for a failed test: every context still open (a failed test leaves its open) with its pages and
 * its record, then the server's last requests (all journeys share the server).
 */
export const failureReport = async (): Promise<string> => {
  const contexts = await Promise.all(
    [...recorders.entries()].map(async ([context, recorder], i) =>
      [
        `context ${i + 1}:`,
        ...(await Promise.all(context.pages().map(whatPageShows))),
        recorder.report(),
      ].join('\n'),
    ),
  );
  return [...contexts, 'server, last API requests:', ...serverRequests(15)].join('\n');
};

/** Closes the contexts a failed test left open (after its report was taken). */
export const closeOpenContexts = async (): Promise<void> => {
  await Promise.all([...recorders.keys()].map((context) => context.close().catch(() => undefined)));
  recorders.clear();
};
