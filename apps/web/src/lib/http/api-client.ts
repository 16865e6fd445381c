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
};

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
    let response = await send(path, options, token);
    if (options.auth && response.status === 401) {
      // The token was revoked or expired in flight: refresh once and repeat the call.
      token = await refresh();
      response = await send(path, options, token);
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
