import type {Retries} from './retries.js';

// What the reconnect loop does to its session.
export type ReconnectHost = {
  // Writes a note into the log.
  note(text: string): void;
  // The stream is down and a retry waits (`error` says why and when).
  waiting(error: string): void;
  // The wait is over: look at the source and open the stream again.
  reopen(): void;
};

// The head stream's reconnect loop: after each failure a wait that grows with the failures in a row
// (retries.ts), a note in the log when the stream breaks and one when it is back, and `now` to cut the wait
// short once an interruption when the engine is known to be reachable again.
export class HeadReconnect {
  private interrupted = false;
  // Runs the pending retry at once; undefined when none is waiting.
  private retryNow?: () => void;
  private retriedNow = false;

  constructor(
    private readonly retries: Retries,
    private readonly host: ReconnectHost,
  ) {}

  // The stream is open: the failures in a row are over.
  opened(): void {
    this.retries.succeeded('head');
    if (this.interrupted) this.host.note('log stream resumed');
    this.interrupted = false;
    this.retriedNow = false;
  }

  schedule(reason: string): void {
    const delay = this.retries.nextDelay('head');
    if (!this.interrupted) this.host.note(`log stream interrupted: ${reason}; reconnecting`);
    this.interrupted = true;
    this.host.waiting(`${reason}; retrying in ${Math.round(delay / 1000)} s`);
    this.wait(delay);
  }

  // The container is restarting (its restart policy): the same backoff, without the notes of an interruption
  // (the session says once that it restarts; a crash loop would fill the log with them).
  restarting(): void {
    this.wait(this.retries.nextDelay('head'));
  }

  private wait(delay: number): void {
    this.retryNow = this.retries.after(delay, () => {
      this.retryNow = undefined;
      this.host.reopen();
    });
  }

  // Once per interruption: a log endpoint that keeps failing while lists work keeps its backoff.
  now(): void {
    if (this.retriedNow) return;
    this.retriedNow = true;
    const retry = this.retryNow;
    this.retryNow = undefined;
    retry?.();
  }
}
