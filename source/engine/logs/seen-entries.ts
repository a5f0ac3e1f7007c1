import type {LogEntry, LogStream} from './entry.js';
import {compareTimestamps, timestampToSince} from './timestamp.js';
import {itemAt} from '../../util/item-at.js';

export type TimedEntry = LogEntry & {time: string};

// Two 32-bit hashes of an entry's bytes (FNV-1a and a multiply-xorshift), left here by contentHash: with the
// stream, the nanosecond timestamp and the length they tell entries apart, and a remembered entry costs numbers,
// not a string of its bytes (a log writing 5,000 lines a second made 5,000 such strings a second).
let hashA = 0;
let hashB = 0;
function contentHash(content: Buffer): void {
  let a = 0x811c9dc5;
  let b = 0x9747b28c ^ content.length;
  for (let i = 0; i < content.length; i++) {
    const byte = content[i] as number;
    a = Math.imul(a ^ byte, 0x01000193);
    b = Math.imul(b ^ byte, 0x5bd1e995);
    b ^= b >>> 15;
  }
  hashA = a >>> 0;
  hashB = b >>> 0;
}

const keyOf = (stream: LogStream, time: string, length: number, a: number, b: number) =>
  `${stream} ${time} ${length} ${a.toString(36)}.${b.toString(36)}`;

// What recognises an entry when the engine sends it a second time: stream, timestamp (nanoseconds), length and
// a hash of the bytes. Entries without a timestamp (the engine's own errors) are never taken for repeats.
export function entryKey(entry: LogEntry): string | undefined {
  if (!entry.time) return undefined;
  contentHash(entry.content);
  return keyOf(entry.stream, entry.time, entry.content.length, hashA, hashB);
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
//
// An entry is remembered as its timestamp (the string its line keeps anyway) and numbers in a ring: its key is
// made only when a resume asks for it.
export class RecentEntries {
  private slots: Slots | undefined;
  private start = 0;
  private count = 0;
  private newestForgotten: string | undefined;

  constructor(private readonly capacity = 1000) {}

  record(entry: TimedEntry): void {
    const slots = (this.slots ??= newSlots(this.capacity));
    if (this.count === this.capacity) this.forgetOldest(slots);
    const at = (this.start + this.count++) % this.capacity;
    contentHash(entry.content);
    slots.times[at] = entry.time;
    slots.streams[at] = STREAM_CODES[entry.stream];
    slots.numbers[3 * at] = entry.content.length;
    slots.numbers[3 * at + 1] = hashA;
    slots.numbers[3 * at + 2] = hashB;
  }

  get size(): number {
    return this.count;
  }

  resumePoint(): ResumePoint | undefined {
    const slots = this.slots;
    if (this.count === 0 || !slots) return undefined;
    const since = this.newestForgotten
      ? sinceJustAfter(this.newestForgotten)
      : timestampToSince(this.oldestRemembered(slots));
    if (!since) return undefined;
    const seen = new KeyBag();
    for (let i = 0; i < this.count; i++) {
      const at = (this.start + i) % this.capacity;
      const n = slots.numbers;
      seen.add(
        keyOf(
          itemAt(STREAM_NAMES, slots.streams[at] ?? 0),
          slots.times[at] ?? '',
          n[3 * at] ?? 0,
          n[3 * at + 1] ?? 0,
          n[3 * at + 2] ?? 0,
        ),
      );
    }
    return {since, seen};
  }

  clear(): void {
    this.slots = undefined;
    this.start = 0;
    this.count = 0;
    this.newestForgotten = undefined;
  }

  // Called only while something is remembered.
  private oldestRemembered(slots: Slots): string {
    let oldest = slots.times[this.start] ?? '';
    for (let i = 1; i < this.count; i++) {
      const time = slots.times[(this.start + i) % this.capacity] ?? '';
      if (compareTimestamps(time, oldest) < 0) oldest = time;
    }
    return oldest;
  }

  private forgetOldest(slots: Slots): void {
    const time = slots.times[this.start] ?? '';
    slots.times[this.start] = undefined;
    this.start = (this.start + 1) % this.capacity;
    this.count--;
    if (!this.newestForgotten || compareTimestamps(time, this.newestForgotten) > 0) this.newestForgotten = time;
  }
}

const STREAM_NAMES: readonly LogStream[] = ['stdout', 'stderr', 'system'];
const STREAM_CODES: Record<LogStream, number> = {stdout: 0, stderr: 1, system: 2};

// Per remembered entry: its timestamp, its stream's code, and its length and two hashes (three numbers).
type Slots = {times: (string | undefined)[]; streams: Uint8Array; numbers: Uint32Array};

const newSlots = (capacity: number): Slots => ({
  times: new Array<string | undefined>(capacity).fill(undefined),
  streams: new Uint8Array(capacity),
  numbers: new Uint32Array(3 * capacity),
});

function sinceJustAfter(time: string): string | undefined {
  const since = timestampToSince(time);
  if (!since) return undefined;
  const [, seconds, nanos] = /^(-?\d+)\.(\d+)$/.exec(since) ?? [];
  if (seconds === undefined || nanos === undefined) return undefined;
  const next = BigInt(seconds) * 1_000_000_000n + BigInt(nanos) + 1n;
  return `${next / 1_000_000_000n}.${String(next % 1_000_000_000n).padStart(9, '0')}`;
}
