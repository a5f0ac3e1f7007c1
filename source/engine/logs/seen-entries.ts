import {createHash} from 'node:crypto';
import type {LogEntry} from './entry.js';
import {compareTimestamps, timestampToSince} from './timestamp.js';
import {itemAt} from '../../util/item-at.js';

const INLINE_CONTENT_BYTES = 256;

// What recognises an entry when the engine sends it a second time: stream, timestamp (nanoseconds) and bytes.
// Entries without a timestamp (the engine's own errors) are never taken for repeats.
export function entryKey(entry: LogEntry): string | undefined {
  if (!entry.time) return undefined;
  const head = `${entry.stream} ${entry.time} ${entry.content.length} `;
  if (entry.content.length <= INLINE_CONTENT_BYTES) return head + entry.content.toString('latin1');
  return head + createHash('sha1').update(entry.content).digest('base64');
}

// A bag of keys: identical entries (same stream, nanosecond and text) are legal and counted, not merged.
export class KeyBag {
  private readonly counts = new Map<string, number>();

  add(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  // Removes one copy; true when there was one.
  take(key: string): boolean {
    const count = this.counts.get(key);
    if (!count) return false;
    if (count === 1) this.counts.delete(key);
    else this.counts.set(key, count - 1);
    return true;
  }

  get size(): number {
    return this.counts.size;
  }
}

export type ResumePoint = {
  // `since` for the next request, in the engine's `<seconds>.<nanoseconds>` form.
  since: string;
  // The entries at or after `since` that were already received: drop them when they come again.
  seen: KeyBag;
};

// The last entries received, so that a follow that broke can resume without duplicates or gaps.
//
// stdout and stderr are copied by two goroutines in the engine, so its file order can differ from timestamp
// order by microseconds: "the newest timestamp" is not a safe place to resume from. Instead the resume asks for
// everything from just after the newest *forgotten* entry (or from the oldest remembered one when nothing was
// forgotten yet): every entry received at or after that point is remembered, so what comes again is dropped and
// the rest is new, whatever order it arrives in.
export class RecentEntries {
  private keys: string[] = [];
  private times: string[] = [];
  private head = 0;
  private newestForgotten: string | undefined;

  constructor(private readonly capacity = 1000) {}

  record(key: string, time: string): void {
    this.keys.push(key);
    this.times.push(time);
    if (this.keys.length - this.head > this.capacity) this.forgetOldest();
    // Compact now and then instead of shifting on every entry.
    if (this.head > this.capacity) {
      this.keys = this.keys.slice(this.head);
      this.times = this.times.slice(this.head);
      this.head = 0;
    }
  }

  get size(): number {
    return this.keys.length - this.head;
  }

  resumePoint(): ResumePoint | undefined {
    if (this.size === 0) return undefined;
    const since = this.newestForgotten
      ? sinceJustAfter(this.newestForgotten)
      : timestampToSince(this.oldestRemembered());
    if (!since) return undefined;
    const seen = new KeyBag();
    for (const key of this.keys.slice(this.head)) seen.add(key);
    return {since, seen};
  }

  clear(): void {
    this.keys = [];
    this.times = [];
    this.head = 0;
    this.newestForgotten = undefined;
  }

  // Both are called only while something is remembered: times holds an entry at head.
  private oldestRemembered(): string {
    return this.times
      .slice(this.head + 1)
      .reduce((oldest, time) => (compareTimestamps(time, oldest) < 0 ? time : oldest), itemAt(this.times, this.head));
  }

  private forgetOldest(): void {
    const time = itemAt(this.times, this.head++);
    if (!this.newestForgotten || compareTimestamps(time, this.newestForgotten) > 0) this.newestForgotten = time;
  }
}

function sinceJustAfter(time: string): string | undefined {
  const since = timestampToSince(time);
  if (!since) return undefined;
  const [, seconds, nanos] = /^(-?\d+)\.(\d+)$/.exec(since) ?? [];
  if (seconds === undefined || nanos === undefined) return undefined;
  const next = BigInt(seconds) * 1_000_000_000n + BigInt(nanos) + 1n;
  return `${next / 1_000_000_000n}.${String(next % 1_000_000_000n).padStart(9, '0')}`;
}
