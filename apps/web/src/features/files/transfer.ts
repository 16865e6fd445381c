import type { ApiFailure, ApiResponse } from '@pfahlplaner/contracts';
import { api } from '../../lib/http/api';
import { ApiError } from '../../lib/http/api-error';
import { isAccessTokenStale } from '../../lib/http/jwt';
import { tokenStore } from '../../lib/http/token-store';

/** Bytes done and total (null when the server did not say). */
export type Progress = { loaded: number; total: number | null };
export type OnProgress = (progress: Progress) => void;

const baseUrl = (): string => (import.meta.env.VITE_API_BASE || '/api').replace(/\/$/, '');

const urlOf = (path: string, query: Record<string, string | number | undefined> = {}): string => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const qs = params.toString();
  return `${baseUrl()}${path}${qs ? `?${qs}` : ''}`;
};

/** The access token for a call, refreshed first when it is missing or about to expire. */
const accessToken = async (forceRefresh = false): Promise<string> => {
  const token = tokenStore.getAccessToken();
  return forceRefresh || isAccessTokenStale(token, Date.now()) ? api.refresh() : (token as string);
};

const asFailure = (body: unknown): ApiFailure | null =>
  body && typeof body === 'object' && (body as ApiResponse<unknown>).status_code === 0
    ? (body as ApiFailure)
    : null;

/**
 * The file name of a `Content-Disposition` header: the RFC 5987 `filename*=UTF-8''…` form first, then
 * the plain `filename="…"`; `fallback` when there is none.
 */
export const fileNameFromDisposition = (header: string | null, fallback: string): string => {
  if (!header) return fallback;
  const extended = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (extended) {
    try {
      return decodeURIComponent(extended.trim());
    } catch {
      // malformed escape: fall through to the plain name
    }
  }
  const plain =
    /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;]+)/i.exec(header)?.[1];
  return plain?.trim() || fallback;
};

export type Download = { blob: Blob; fileName: string };

/**
 * GET of a file route with the bearer token, reading the body in chunks so the UI can show progress.
 * A failure envelope becomes an ApiError (status + code), as with every other call.
 */
export const downloadFile = async (
  path: string,
  query: Record<string, string | number | undefined>,
  fallbackName: string,
  onProgress?: OnProgress,
  signal?: AbortSignal,
): Promise<Download> => {
  const get = async (token: string) =>
    fetch(urlOf(path, query), {
      headers: { Authorization: `Bearer ${token}` },
      credentials: 'same-origin',
      signal,
    });
  let response: Response;
  try {
    response = await get(await accessToken());
    if (response.status === 401) response = await get(await accessToken(true));
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, null);
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw new ApiError(response.status, asFailure(body));
  }
  const totalHeader = Number(response.headers.get('content-length'));
  const total = Number.isFinite(totalHeader) && totalHeader > 0 ? totalHeader : null;
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.byteLength;
      onProgress?.({ loaded, total });
    }
  } else {
    const buffer = new Uint8Array(await response.arrayBuffer());
    chunks.push(buffer);
    onProgress?.({ loaded: buffer.byteLength, total: buffer.byteLength });
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  return {
    blob: new Blob(chunks as BlobPart[], { type }),
    fileName: fileNameFromDisposition(response.headers.get('content-disposition'), fallbackName),
  };
};

/** Hands a downloaded file to the browser's download (an object URL clicked through a hidden link). */
export const saveDownload = ({ blob, fileName }: Download): void => {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
};

const sendXhr = (
  url: string,
  form: FormData,
  token: string,
  onProgress?: OnProgress,
  signal?: AbortSignal,
): Promise<{ status: number; body: unknown }> =>
  new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.onprogress = (event) =>
      onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : null });
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = null;
      }
      resolve({ status: xhr.status, body });
    };
    xhr.onerror = () => reject(new ApiError(0, null));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });

/**
 * POST of a file (multipart field `file`) with upload progress (XMLHttpRequest: fetch has no upload
 * progress). Answers the envelope's data or throws an ApiError carrying the failure envelope.
 */
export const uploadFile = async <T>(
  path: string,
  query: Record<string, string | number | undefined>,
  file: File,
  onProgress?: OnProgress,
  signal?: AbortSignal,
): Promise<T> => {
  const form = new FormData();
  form.append('file', file, file.name);
  const url = urlOf(path, query);
  let answer = await sendXhr(url, form, await accessToken(), onProgress, signal);
  if (answer.status === 401) {
    answer = await sendXhr(url, form, await accessToken(true), onProgress, signal);
  }
  const envelope = answer.body as ApiResponse<T> | null;
  if (answer.status >= 200 && answer.status < 300 && envelope?.status_code === 1) {
    return envelope.data;
  }
  throw new ApiError(answer.status, asFailure(answer.body));
};

/** JSON GET through the app's client (undo status of an import). */
export const getJson = async <T>(path: string): Promise<T> =>
  (await api.request<T>(path, { auth: true })).data;

/** JSON POST through the app's client (undo of an import). */
export const postJson = async <T>(path: string, body: unknown): Promise<T> =>
  (await api.request<T>(path, { method: 'POST', body, auth: true })).data;

/** Percentage 0–100 of a progress, or null when the total is unknown. */
export const percentOf = (progress: Progress | null): number | null =>
  progress && progress.total
    ? Math.min(100, Math.round((progress.loaded / progress.total) * 100))
    : null;
