import type {LogEntry} from './entry.js';
import {entryKey, KeyBag} from './seen-entries.js';
import {compareTimestamps} from './timestamp.js';

// The entries that both the head and the history request return: the history reads up to the head's first
// timestamp, inclusive, so the entries at that instant come twice and must be kept once.
export class HeadOverlap {
  // The head's first timestamp: where the history request stops.
  time: string | undefined;
  private readonly keys: string[] = [];
  // The history request being read takes from this; head entries still arriving feed it too.
  private pending: KeyBag | undefined;
  private oldest: string | undefined;

  // Returns whether this was the head's first timed entry, which is when the history request can start.
  noteHeadEntry(key: string, time: string, historyPending: boolean): boolean {
    const first = !this.time;
    this.time ??= time;
    if (historyPending && compareTimestamps(time, this.time) <= 0) {
      this.keys.push(key);
      this.pending?.add(key);
      if (!this.oldest || compareTimestamps(time, this.oldest) < 0) this.oldest = time;
    }
    return first;
  }

  // A fresh bag for one history request: a retry starts again from every head entry seen so far.
  open(): KeyBag {
    const bag = new KeyBag();
    for (const key of this.keys) bag.add(key);
    this.pending = bag;
    return bag;
  }

  // True when the history entry is one the head already delivered.
  isRepeat(entry: LogEntry, bag: KeyBag): boolean {
    // Only entries as new as the head's oldest can be among its entries; the rest are not keyed at all.
    const oldest = this.oldest;
    if (entry.time && oldest && compareTimestamps(entry.time, oldest) >= 0) {
      const key = entryKey(entry);
      if (key && bag.take(key)) return true;
    }
    return false;
  }

  // The history is read: nothing more can come twice.
  done(): void {
    this.keys.length = 0;
    this.pending = undefined;
  }
}
