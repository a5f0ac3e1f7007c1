import {itemAt} from '../../util/item-at.js';
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

  // The wait before the next attempt; each call counts one more failure in a row. (The session's options never
  // leave the delays empty.)
  nextDelay(part: Part): number {
    return itemAt(this.delaysMs, Math.min(this.failures[part]++, this.delaysMs.length - 1));
  }

  // Returns a function that runs it now instead (once: a second call, or one after the timer ran, does nothing).
  after(ms: number, run: () => void): () => void {
    let done = false;
    const once = () => {
      if (done || this.stopped) return;
      done = true;
      clearTimeout(timer);
      this.timers.delete(timer);
      run();
    };
    const timer = setTimeout(once, ms);
    this.timers.add(timer);
    return once;
  }

  stop(): void {
    this.stopped = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
