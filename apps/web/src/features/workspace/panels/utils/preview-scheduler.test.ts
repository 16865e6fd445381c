import { describe, expect, it } from 'vitest';
import { PreviewScheduler } from './preview-scheduler';

/** Manual clock: timers fire only when `tick` is called. */
const clock = () => {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; fn: () => void }>();
  return {
    timers: {
      set: (fn: () => void, ms: number) => {
        const id = next++;
        timers.set(id, { at: now + ms, fn });
        return id;
      },
      clear: (id: number) => void timers.delete(id),
    },
    tick(ms: number) {
      now += ms;
      for (const [id, t] of [...timers]) {
        if (t.at <= now) {
          timers.delete(id);
          t.fn();
        }
      }
    },
  };
};

const setup = () => {
  const c = clock();
  const sent: [number, string][] = [];
  const s = new PreviewScheduler<string, number>((g, w) => sent.push([g, w]), c.timers, 30);
  return { c, sent, s };
};

describe('PreviewScheduler', () => {
  it('debounces edits and sends only the newest workbook', () => {
    const { c, sent, s } = setup();
    s.edit('a');
    c.tick(10);
    s.edit('b');
    c.tick(20);
    expect(sent).toEqual([]);
    c.tick(10);
    expect(sent).toEqual([[2, 'b']]);
    expect(s.isBusy).toBe(true);
    expect(s.received(2)).toBe(true);
    expect(s.isBusy).toBe(false);
  });

  it('keeps one run in flight and coalesces edits made meanwhile into one follow-up', () => {
    const { c, sent, s } = setup();
    s.edit('a');
    c.tick(30);
    s.edit('b');
    s.edit('c');
    c.tick(30);
    expect(sent).toEqual([[1, 'a']]);
    expect(s.received(1)).toBe(false);
    expect(sent).toEqual([
      [1, 'a'],
      [3, 'c'],
    ]);
    expect(s.received(3)).toBe(true);
  });

  it('waits for the debounce after a response when the user is still typing', () => {
    const { c, sent, s } = setup();
    s.edit('a');
    c.tick(30);
    s.edit('b');
    expect(s.received(1)).toBe(false);
    expect(sent).toHaveLength(1);
    c.tick(30);
    expect(sent).toEqual([
      [1, 'a'],
      [2, 'b'],
    ]);
  });

  it('drops pending work and marks older responses outdated after a reset', () => {
    const { c, sent, s } = setup();
    s.edit('a');
    c.tick(30);
    s.edit('b');
    s.reset();
    c.tick(100);
    expect(sent).toEqual([[1, 'a']]);
    expect(s.received(1)).toBe(false);
    expect(s.isBusy).toBe(false);
  });
});
