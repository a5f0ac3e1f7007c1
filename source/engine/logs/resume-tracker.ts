import type {LogRequest} from './entry-fetch.js';
import {KeyBag, RecentEntries} from './seen-entries.js';

// Where a broken head stream picks up again: the recent entries it received, and after a reconnect the ones
// the engine sends a second time.
export class ResumeTracker {
  private readonly recent = new RecentEntries();
  // Entries received before a reconnect, dropped when the engine sends them again.
  private replay: KeyBag | undefined;

  // True when the entry came before the reconnect: it is dropped.
  isReplay(key: string): boolean {
    return this.replay?.take(key) ?? false;
  }

  record(key: string, time: string): void {
    this.recent.record(key, time);
  }

  // The stream that the replay belonged to is over.
  streamClosed(): void {
    this.replay = undefined;
  }

  // Everything from just before the newest entries received; what comes again is dropped by `isReplay`.
  request(initial: LogRequest, follow: boolean): LogRequest {
    const point = this.recent.resumePoint();
    if (!point) return initial;
    this.replay = point.seen;
    return {since: point.since, follow};
  }
}
