import type {LogEntry} from './entry.js';
import {entryKey, KeyBag, type TimedEntry} from './seen-entries.js';
import {compareTimestamps, shiftTimestamp, timestampToSince} from './timestamp.js';

// How far past the head's first timestamp the history request reads. The engine files stdout and stderr from two
// goroutines that stamp an entry when they read it, so an entry can be filed after newer ones (docs/engine-facts.md,
// "Logs"), and `until` ends the engine's answer at the first entry after it in file order (moby's json-file reader
// returns there). With `until` = the head's first timestamp, a head starting at such an older entry cut off the
// entries filed before it but stamped after it: nine lines were missing, and only from berth. Reading this much
// further reaches the head's first entry whatever the order within that time; what lies past it is the head's.
export const HISTORY_REACH_MS = 2000;

// One pass of the history request over the log (a retry starts a new one).
export type HistoryPass = {
  // The head's entries not yet met again: each copy is dropped once.
  bag: KeyBag;
  // The pass read the head's first entry: what follows in the engine's order is the head's part of the log.
  pastHead: boolean;
};

// The entries that both the head and the history request return: the history reads past the head's first
// timestamp, so the entries it shares with the head come twice and must be kept once, and the entries newer than
// the head's start that the head has not delivered yet are left to the head.
export class HeadOverlap {
  // The head's first timestamp.
  time: string | undefined;
  private firstKey: string | undefined;
  // The history's `until`: head entries up to it may come again.
  private reach: string | undefined;
  private readonly keys: string[] = [];
  // The history request being read takes from this; head entries still arriving feed it too.
  private pending: HistoryPass | undefined;
  private oldest: string | undefined;
  // Entries the history kept that the head had not delivered yet: an entry stamped before the head's first but
  // filed after it is in both, and when the history reads it first the head's copy is the one to drop. Kept past
  // the history's end (the head can still be delivering its first screenful), until the head is past `reach`.
  private keptByHistory: KeyBag | undefined;
  private floor: string | undefined;
  // The last head entry's key: headRepeats and noteHeadEntry read the same entry, and a key hashes its bytes.
  private keyed: TimedEntry | undefined;
  private key = '';

  private headKey(entry: TimedEntry): string {
    if (entry !== this.keyed) {
      this.keyed = entry;
      this.key = entryKey(entry) as string;
    }
    return this.key;
  }

  // Returns whether this was the head's first timed entry, which is when the history request can start.
  // Keys are made only for the entries that the history can return again (at the start of a log).
  noteHeadEntry(entry: TimedEntry, historyPending: boolean): boolean {
    const time = entry.time;
    const first = !this.time;
    if (first) {
      this.time = time;
      this.firstKey = this.headKey(entry);
      this.reach = shiftTimestamp(time, HISTORY_REACH_MS);
      this.floor = shiftTimestamp(time, -HISTORY_REACH_MS);
    }
    if (historyPending && compareTimestamps(time, this.reach as string) <= 0) {
      const key = this.headKey(entry);
      this.keys.push(key);
      this.pending?.bag.add(key);
      if (!this.oldest || compareTimestamps(time, this.oldest) < 0) this.oldest = time;
    }
    return first;
  }

  // The history request's `until`, in the engine's form.
  get until(): string | undefined {
    return this.reach && timestampToSince(this.reach);
  }

  // A fresh pass for one history request: a retry starts again from every head entry seen so far.
  open(): HistoryPass {
    const bag = new KeyBag();
    for (const key of this.keys) bag.add(key);
    this.pending = {bag, pastHead: false};
    this.keptByHistory = undefined;
    return this.pending;
  }

  // True when the history entry belongs in front of the buffer: not one the head already delivered, nor, once
  // the pass is past the head's first entry, one newer than it (the head delivers those, or was read before
  // they were written).
  keeps(entry: LogEntry, pass: HistoryPass): boolean {
    const time = entry.time;
    if (!time) return true;
    const key = entryKey(entry);
    if (key === this.firstKey) pass.pastHead = true;
    // Only entries as new as the head's oldest can be among its entries; the rest are not looked up at all.
    const oldest = this.oldest;
    if (key && oldest && compareTimestamps(time, oldest) >= 0 && pass.bag.take(key)) return false;
    if (pass.pastHead && this.time && compareTimestamps(time, this.time) > 0) return false;
    if (key && this.floor && compareTimestamps(time, this.floor) >= 0) (this.keptByHistory ??= new KeyBag()).add(key);
    return true;
  }

  // True when the head's entry is one the history already kept (read there before the head delivered it): the
  // head's copy is dropped. Called for every timed head entry; costs a key only near the head's start.
  headRepeats(entry: TimedEntry): boolean {
    const kept = this.keptByHistory;
    if (!kept || !this.reach) return false;
    if (compareTimestamps(entry.time, this.reach) > 0) {
      // The head is past what the history can return: nothing further comes twice.
      this.keptByHistory = undefined;
      return false;
    }
    return kept.take(this.headKey(entry));
  }

  // The history is read: nothing more can come twice.
  done(): void {
    this.keys.length = 0;
    this.pending = undefined;
  }
}
