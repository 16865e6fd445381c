import type { ApiFailure, ApiResponse, TokenPair } from '@pfahlplaner/contracts';
import { ApiError, SessionExpiredError } from './api-error';
import { isAccessTokenStale } from './jwt';
import { singleFlight } from './single-flight';
import type { TokenStore } from './token-store';

export type Query = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** JSON body, or FormData for uploads. */
  body?: unknown;
  /** Send the access token (refreshing it first when it is missing or about to expire). */
  auth?: boolean;
  signal?: AbortSignal;
};

/** A successful call: the HTTP status (200/201 drive the success notification) and the envelope. */
export type ApiResult<T> = { status: number; message: string; data: T };

export type ApiClientOptions = {
  baseUrl: string;
  store: TokenStore;
  fetch?: typeof fetch;
  now?: () => number;
  /** Called once the session is gone, so the app can route to /login. */
  onSessionExpired?: () => void;
  /** Waits before the one retry of a GET (tests pass one that does not wait). */
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
};

/**
 * A GET answered by a network error (the instance behind the proxy died, the connection broke), 502 or 503
 * (no instance, or a busy one) is asked once more (ADR 0185): GETs change nothing, and on PostgreSQL a
 * calculation asked again joins the durable job that another instance finishes (ADR 0176). The wait is the
 * answer's Retry-After, at least RETRY_MIN_MS and at most RETRY_MAX_MS; writes are never repeated.
 */
export const RETRY_MIN_MS = 500;
export const RETRY_MAX_MS = 5000;
const RETRY_STATUSES = new Set([502, 503]);

const retryDelayMs = (response: Response | null): number => {
  const seconds = Number(response?.headers.get('retry-after'));
  const ms = Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000;
  return Math.min(RETRY_MAX_MS, Math.max(RETRY_MIN_MS, ms));
};

const sleepFor = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new DOMException('Aborted', 'AbortError'));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Aborted', 'AbortError'));
      },
      { once: true },
    );
  });

/** Path of the refresh route under API_BASE (the product's route is literally `/api/token/refresh/`). */
export const REFRESH_PATH = '/api/token/refresh/';

/**
 * Sent with every call: answers that carry a token pair set the refresh token as the server's HttpOnly cookie
 * (path REFRESH_PATH) instead of putting it into JSON (ADR 0118).
 */
export const REFRESH_COOKIE_HEADER = 'X-Refresh-Cookie';

const buildUrl = (baseUrl: string, path: string, query?: Query): string => {
  const url = `${baseUrl.replace(/\/$/, '')}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value != null) params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
};

const readEnvelope = async (response: Response): Promise<ApiResponse<unknown> | null> => {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' && 'status_code' in body
      ? (body as ApiResponse<unknown>)
      : null;
  } catch {
    return null;
  }
};

/** HTTP client for the envelope API with silent, single-flight token refresh. */
export const createApiClient = ({
  baseUrl,
  store,
  fetch: fetchImpl,
  now = Date.now,
  onSessionExpired,
  sleep = sleepFor,
}: ApiClientOptions) => {
  const doFetch =
    fetchImpl ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));

  const send = async (
    path: string,
    options: RequestOptions,
    accessToken: string | null,
  ): Promise<Response> => {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      [REFRESH_COOKIE_HEADER]: '1',
    };
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    try {
      return await doFetch(buildUrl(baseUrl, path, options.query), {
        method: options.method ?? (body ? 'POST' : 'GET'),
        headers,
        body,
        signal: options.signal,
        credentials: 'same-origin',
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError(0, null);
    }
  };

  /** `send`, and for a GET one more time after a network error, 502 or 503 (see RETRY_STATUSES). */
  const sendOnceMore = async (
    path: string,
    options: RequestOptions,
    accessToken: string | null,
  ): Promise<Response> => {
    const isGet = (options.method ?? (options.body !== undefined ? 'POST' : 'GET')) === 'GET';
    if (!isGet) return send(path, options, accessToken);
    let first: Response | null = null;
    try {
      first = await send(path, options, accessToken);
      if (!RETRY_STATUSES.has(first.status)) return first;
    } catch (error) {
      if (!(error instanceof ApiError)) throw error; // aborted by the caller
    }
    await sleep(retryDelayMs(first), options.signal);
    return send(path, options, accessToken);
  };

  const expireSession = (): never => {
    store.clear();
    onSessionExpired?.();
    throw new SessionExpiredError(401, null);
  };

  /**
   * Exchanges the refresh cookie (the browser sends it; the script never sees it) for a new access token and
   * a new cookie; concurrent callers share one request.
   */
  const refresh = singleFlight(async (): Promise<string> => {
    if (!store.hasSession()) return expireSession();
    const response = await send(REFRESH_PATH, { method: 'POST', body: {} }, null);
    const envelope = await readEnvelope(response);
    if (response.ok && envelope?.status_code === 1) {
      store.saveTokens(envelope.data as TokenPair);
      return (envelope.data as TokenPair).access_token;
    }
    if (response.status === 401 || response.status === 403 || response.status === 400) {
      return expireSession();
    }
    throw new ApiError(response.status, envelope as ApiFailure | null);
  });

  const accessTokenForCall = async (): Promise<string> => {
    const token = store.getAccessToken();
    return isAccessTokenStale(token, now()) ? refresh() : (token as string);
  };

  const request = async <T>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> => {
    let token = options.auth ? await accessTokenForCall() : null;
    let response = await sendOnceMore(path, options, token);
    if (options.auth && response.status === 401) {
      // The token was revoked or expired in flight: refresh once and repeat the call.
      token = await refresh();
      response = await sendOnceMore(path, options, token);
      if (response.status === 401) {
        const envelope = await readEnvelope(response);
        store.clear();
        onSessionExpired?.();
        throw new SessionExpiredError(401, envelope as ApiFailure | null);
      }
    }
    const envelope = await readEnvelope(response);
    if (!response.ok || !envelope || envelope.status_code !== 1) {
      throw new ApiError(response.status, envelope && envelope.status_code === 0 ? envelope : null);
    }
    return { status: response.status, message: envelope.status_message, data: envelope.data as T };
  };

  /** Signs out: the server revokes the refresh cookie's token and deletes the cookie. */
  const endSession = () => request<null>(REFRESH_PATH, { method: 'DELETE' });

  return { request, refresh, endSession };
};

export type ApiClient = ReturnType<typeof createApiClient>;
