import type {LogRequest} from './entry-fetch.js';
import type {LogEntry} from './entry.js';
import {entryKey, KeyBag, RecentEntries, type TimedEntry} from './seen-entries.js';

// Where a broken head stream picks up again: the recent entries it received, and after a reconnect the ones
// the engine sends a second time.
export class ResumeTracker {
  private readonly recent = new RecentEntries();
  // Entries received before a reconnect, dropped when the engine sends them again.
  private replay: KeyBag | undefined;

  // True when the entry came before the reconnect: it is dropped. Keys are made only while a replay is pending.
  isReplay(entry: LogEntry): boolean {
    const replay = this.replay;
    if (!replay) return false;
    const key = entryKey(entry);
    if (!key || !replay.take(key)) return false;
    // Everything received before the reconnect came again: nothing more can be a repeat.
    if (replay.size === 0) this.replay = undefined;
    return true;
  }

  record(entry: TimedEntry): void {
    this.recent.record(entry);
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
