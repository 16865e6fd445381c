/** Timer functions (injected so the scheduling can be tested without real time). */
export type Timers<H> = { set: (fn: () => void, ms: number) => H; clear: (handle: H) => void };

/**
 * Schedules live-preview runs: edits are debounced; at most one run is in flight; edits made meanwhile are
 * coalesced into one follow-up run with the newest workbook (outdated intermediate states are never run).
 * Each run gets a generation number; a response is "latest" when no newer edit exists.
 */
export class PreviewScheduler<W, H = unknown> {
  private generation = 0;
  private inFlight: number | null = null;
  private pending: W | null = null;
  private timer: H | null = null;

  constructor(
    private readonly send: (generation: number, workbook: W) => void,
    private readonly timers: Timers<H>,
    private readonly delayMs: number,
  ) {}

  /** Registers an edit; the run starts `delayMs` after the last edit (or after the run in flight). */
  edit(workbook: W): void {
    this.generation += 1;
    this.pending = workbook;
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = this.timers.set(() => {
      this.timer = null;
      this.flush();
    }, this.delayMs);
  }

  /** Registers the response of run `generation`; returns true when it reflects the newest edit. */
  received(generation: number): boolean {
    if (generation === this.inFlight) this.inFlight = null;
    if (this.pending !== null && this.timer === null) this.flush();
    return generation === this.generation;
  }

  /** Forgets pending work (preview switched off or the worker replaced). */
  reset(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
    this.pending = null;
    this.inFlight = null;
    this.generation += 1;
  }

  /** True while an edit is waiting or a run is in flight. */
  get isBusy(): boolean {
    return this.pending !== null || this.inFlight !== null;
  }

  private flush(): void {
    if (this.inFlight !== null || this.pending === null) return;
    const workbook = this.pending;
    this.pending = null;
    this.inFlight = this.generation;
    this.send(this.generation, workbook);
  }
}
