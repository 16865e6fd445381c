import { createHash } from 'node:crypto';

/**
 * A serialised project detail answer and its entity tag. The body is UTF-8 encoded once, when it is made:
 * a string would be encoded again for every answer (and measured for its Content-Length), ADR 0206.
 */
export type DetailAnswer = { etag: string; body: Buffer };

/**
 * The serialised answers of `GET …/projects/{id}/`, one per project, each under the key it was made for
 * (version, hashes, names, plan, calculation stamp and engine version: ADR 0171). A changed project has a
 * new key, so an entry is never served for other data, also with several instances on one database (each
 * instance keeps its own cache). Bounded by the bytes of the bodies; the least recently used go first.
 */
export const createDetailCache = (maxBytes = 64 * 1024 * 1024) => {
  const entries = new Map<number, { key: string; answer: DetailAnswer }>();
  let bytes = 0;
  const drop = (projectId: number) => {
    const old = entries.get(projectId);
    if (old === undefined) return;
    entries.delete(projectId);
    bytes -= old.answer.body.length;
  };
  return {
    /** The entity tag of `key` (weak: the body is the same JSON, not necessarily the same bytes). */
    etagOf: (key: string): string =>
      `W/"${createHash('sha256').update(key).digest('base64url').slice(0, 32)}"`,
    get: (projectId: number, key: string): DetailAnswer | null => {
      const entry = entries.get(projectId);
      if (entry === undefined || entry.key !== key) return null;
      entries.delete(projectId);
      entries.set(projectId, entry);
      return entry.answer;
    },
    set: (projectId: number, key: string, answer: DetailAnswer): void => {
      drop(projectId);
      if (answer.body.length > maxBytes) return;
      entries.set(projectId, { key, answer });
      bytes += answer.body.length;
      for (const id of entries.keys()) {
        if (bytes <= maxBytes) break;
        drop(id);
      }
    },
    /** Number of cached answers (tests). */
    get size() {
      return entries.size;
    },
  };
};
export type DetailCache = ReturnType<typeof createDetailCache>;
