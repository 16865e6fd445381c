/** Source of "now"; tests inject a controllable one to expire OTPs and tokens. */
export type Clock = { now: () => Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved; for tests. */
export const manualClock = (start = new Date('2026-01-15T09:00:00Z')) => {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms;
    },
    set: (date: Date) => {
      current = date.getTime();
    },
  };
};
export type ManualClock = ReturnType<typeof manualClock>;

export const MINUTE = 60_000;
export const DAY = 86_400_000;
