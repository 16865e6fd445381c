import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { AppError } from '#app/lib/app-error';

/**
 * Whether a socket address is the loopback interface of this machine: 127.0.0.0/8, ::1, or an IPv4 loopback
 * address mapped into IPv6 (a dual-stack listener on 0.0.0.0/:: reports `::ffff:127.0.0.1`).
 */
export const isLoopbackAddress = (address: string | undefined): boolean => {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1';
};

/** Headers a reverse proxy adds: a request that went through one came from somewhere else. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * A request from a browser or script on this machine: the socket's peer is loopback (never X-Forwarded-For,
 * which the client writes itself) and no proxy forwarded it (a proxy on the same machine connects from
 * loopback for every client of the network).
 */
export const isLocalRequest = (request: FastifyRequest): boolean =>
  isLoopbackAddress(request.raw.socket.remoteAddress) &&
  FORWARDING_HEADERS.every((h) => request.headers[h] === undefined);

/**
 * onRequest hook of the development helpers (docs/security.md "Development helpers"): any other caller gets
 * the same 404 as an unknown route, so the helpers are not even visible from the network.
 */
export const localOnlyHook: onRequestAsyncHookHandler = async (request) => {
  if (!isLocalRequest(request)) throw new AppError('NOT_FOUND');
  await Promise.resolve();
};
