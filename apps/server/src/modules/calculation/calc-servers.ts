import type { CalculationServer } from '@pfahlplaner/contracts';
import { ENGINE_VERSION } from '@pfahlplaner/engine';
import type { CalcServerConfig } from '#app/calc-server-config';
import { LOCAL_SERVER, parseCalcServers } from '#app/calc-server-config';
import { AppError } from '#app/lib/app-error';
import type { FullProjectResult } from './run-calculation';

export type { CalcServerConfig } from '#app/calc-server-config';
export { LOCAL_SERVER, parseCalcServers };

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
