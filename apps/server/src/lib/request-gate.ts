/**
 * A bounded concurrency gate (ADR 0183): at most `concurrency` holders at a time, at most `maxQueue` more
 * waiting first come, first served; beyond that `enter` answers null (the caller refuses with 503 and
 * Retry-After). Heavy routes (project detail, exports, calculation) pass it before they authenticate or touch
 * the database, so a burst of them queues here, where waiting costs nothing, instead of in the database
 * connection pool or the embedded database, where every light request would wait behind all of them.
 */
export type GateTicket = {
  /** Resolves when the ticket holds a place; rejects with `GateCancelled` when it left while waiting. */
  admitted: Promise<void>;
  /** Gives the place back (or leaves the queue); idempotent. */
  leave: () => void;
};

export class GateCancelled extends Error {
  constructor() {
    super('left the queue before it was admitted');
    this.name = 'GateCancelled';
  }
}

export type GateStats = { running: number; waiting: number; refused: number };

export const createGate = ({
  concurrency,
  maxQueue,
}: {
  concurrency: number;
  maxQueue: number;
}) => {
  if (!(concurrency >= 1)) throw new Error('gate concurrency must be at least 1');
  let running = 0;
  let refused = 0;
  /** Waiting tickets in arrival order (a Set keeps insertion order and removes in O(1)). */
  const queue = new Set<{ admit: () => void }>();

  const next = () => {
    while (running < concurrency && queue.size > 0) {
      const first = queue.values().next().value!;
      queue.delete(first);
      running += 1;
      first.admit();
    }
  };

  return {
    /** A ticket, admitted at once while there is room, else queued; null when the queue is full too. */
    enter: (): GateTicket | null => {
      if (running < concurrency && queue.size === 0) {
        running += 1;
        let held = true;
        return {
          admitted: Promise.resolve(),
          leave: () => {
            if (!held) return;
            held = false;
            running -= 1;
            next();
          },
        };
      }
      if (queue.size >= maxQueue) {
        refused += 1;
        return null;
      }
      let state: 'waiting' | 'held' | 'left' = 'waiting';
      let resolve!: () => void;
      let reject!: (error: Error) => void;
      const admitted = new Promise<void>((res, rej) => {
        resolve = res;
        reject = rej;
      });
      const entry = {
        admit: () => {
          state = 'held';
          resolve();
        },
      };
      queue.add(entry);
      // Marked as handled: the caller awaits it; a ticket that left while waiting must not crash the process.
      admitted.catch(() => {});
      return {
        admitted,
        leave: () => {
          if (state === 'left') return;
          if (state === 'waiting') {
            queue.delete(entry);
            reject(new GateCancelled());
          } else {
            running -= 1;
          }
          state = 'left';
          next();
        },
      };
    },
    stats: (): GateStats => ({ running, waiting: queue.size, refused }),
  };
};
export type Gate = ReturnType<typeof createGate>;
