import type { CalculationServer } from '@pfahlplaner/contracts';
import { ENGINE_VERSION } from '@pfahlplaner/engine';
import { AppError } from '#app/lib/app-error';
import type { FullProjectResult } from './run-calculation';

/** A configured calculation server: `local` is the in-process worker pool, others are HTTP endpoints. */
export type CalcServerConfig = { id: string; name: string; url: string | null };

export const LOCAL_SERVER: CalcServerConfig = {
  id: 'local',
  name: 'Lokal (dieser Server)',
  url: null,
};

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Parses `CALC_SERVERS`: a JSON array `[{ "id", "name"?, "url" }]` or `id=url,id2=url2`. `local` is
 * always present and the default. Throws with a readable message for a bad value.
 */
export const parseCalcServers = (value: string | undefined): CalcServerConfig[] => {
  const servers: CalcServerConfig[] = [LOCAL_SERVER];
  const text = value?.trim() ?? '';
  if (text === '') return servers;
  let entries: { id: unknown; name?: unknown; url: unknown }[];
  if (text.startsWith('[')) {
    entries = JSON.parse(text) as { id: unknown; name?: unknown; url: unknown }[];
    if (!Array.isArray(entries)) throw new Error('CALC_SERVERS must be a JSON array');
  } else {
    entries = text.split(',').map((part) => {
      const eq = part.indexOf('=');
      if (eq < 1) throw new Error(`CALC_SERVERS entry "${part}" is not id=url`);
      return { id: part.slice(0, eq).trim(), url: part.slice(eq + 1).trim() };
    });
  }
  for (const entry of entries) {
    const id = entry.id;
    if (typeof id !== 'string' || !ID.test(id) || id === 'local') {
      throw new Error(`CALC_SERVERS: invalid or reserved id ${JSON.stringify(id)}`);
    }
    if (servers.some((s) => s.id === id)) throw new Error(`CALC_SERVERS: duplicate id ${id}`);
    const url = typeof entry.url === 'string' ? entry.url.replace(/\/+$/, '') : '';
    if (!/^https?:\/\//.test(url)) throw new Error(`CALC_SERVERS: ${id} needs an http(s) URL`);
    const name = typeof entry.name === 'string' && entry.name.trim() !== '' ? entry.name : id;
    servers.push({ id, name, url });
  }
  return servers;
};

export const toServerView = (server: CalcServerConfig): CalculationServer => ({
  id: server.id,
  name: server.name,
  is_default: server.id === LOCAL_SERVER.id,
});

const isResult = (value: unknown): value is FullProjectResult =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as { engineVersion?: unknown }).engineVersion === 'string' &&
  Array.isArray((value as { piles?: unknown }).piles);

/**
 * Calculates on a remote server: `POST <url>/calculate` with the project input as JSON; the answer is the
 * engine result (bare, or inside our success envelope). Unreachable, timed out, non-2xx or not a result:
 * 503 CALC_SERVER_UNREACHABLE ('There is a connection error. Please switch to another server.').
 * A server that answers with another engine version than this one gives 503 CALC_SERVER_ENGINE_MISMATCH:
 * its results would be stale at once (ADR 0107), so they are not stored.
 */
export const calculateRemote = async (
  url: string,
  input: unknown,
  timeoutMs: number,
): Promise<FullProjectResult> => {
  let body: unknown;
  try {
    const res = await fetch(`${url}/calculate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(input),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    body = await res.json();
  } catch (error) {
    throw new AppError('CALC_SERVER_UNREACHABLE', { cause: error });
  }
  const data = isResult(body) ? body : (body as { data?: unknown } | null)?.data;
  if (!isResult(data)) throw new AppError('CALC_SERVER_UNREACHABLE');
  if (data.engineVersion !== ENGINE_VERSION) {
    throw new AppError('CALC_SERVER_ENGINE_MISMATCH', {
      cause: new Error(`remote engine ${data.engineVersion}, local ${ENGINE_VERSION}`),
    });
  }
  return { ...data, horizontal_loadcases: data.horizontal_loadcases ?? [] };
};
