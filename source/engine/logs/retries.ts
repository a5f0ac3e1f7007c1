export type Part = 'head' | 'history';

// Backoff for the head and history requests, counted apart, and the timers waiting to retry them.
export class Retries {
  private readonly failures: Record<Part, number> = {head: 0, history: 0};
  private readonly timers = new Set<NodeJS.Timeout>();
  private stopped = false;

  constructor(private readonly delaysMs: readonly number[]) {}

  succeeded(part: Part): void {
    this.failures[part] = 0;
  }

  // The wait before the next attempt; each call counts one more failure in a row.
  nextDelay(part: Part): number {
    return this.delaysMs[Math.min(this.failures[part]++, this.delaysMs.length - 1)];
  }

  after(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.stopped) run();
    }, ms);
    this.timers.add(timer);
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
