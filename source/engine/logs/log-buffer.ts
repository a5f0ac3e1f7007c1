// A ring buffer of the newest `capacity` items that can also take older items in front of what it holds:
// the history of a log arrives after its tail (log-session.ts explains why).
//
// Counters for readers that render from the bottom up:
// - `totalPushed` counts items added at the *end* only, so "new lines below" = totalPushed - what you saw;
//   history put in front never moves what is on screen when the reader anchors to the bottom.
// - `dropped` counts items pushed out at the front (capacity), `version` changes on every mutation.
export class LogBuffer<T> implements Iterable<T> {
  // Allocated whole up front: writing far past the end of a small JS array makes it a slow sparse one.
  private slots: (T | undefined)[];
  private start = 0;
  private count = 0;
  version = 0;
  dropped = 0;
  totalPushed = 0;

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1)
      throw new RangeError(`buffer capacity must be a positive integer, not ${capacity}`);
    this.slots = new Array<T | undefined>(capacity).fill(undefined);
  }

  get length(): number {
    return this.count;
  }

  // index 0 is the oldest item held; a fractional index is outside too (it would read a slot that does not exist).
  get(index: number): T {
    if (!Number.isInteger(index) || index < 0 || index >= this.count)
      throw new RangeError(`index ${index} outside 0..${this.count - 1}`);
    return this.slots[(this.start + index) % this.capacity] as T;
  }

  push(item: T): void {
    if (this.count < this.capacity) {
      this.slots[(this.start + this.count) % this.capacity] = item;
      this.count++;
    } else {
      this.slots[this.start] = item;
      this.start = (this.start + 1) % this.capacity;
      this.dropped++;
    }
    this.totalPushed++;
    this.version++;
  }

  // Replaces a held item (a progress line rewritten in place); counts as a change, not as a push.
  set(index: number, item: T): void {
    if (!Number.isInteger(index) || index < 0 || index >= this.count)
      throw new RangeError(`index ${index} outside 0..${this.count - 1}`);
    this.slots[(this.start + index) % this.capacity] = item;
    this.version++;
  }

  // Pushes an item, then moves it in front of the newest held items that `compare` puts after it (at most
  // `maxMoves` of them): a line that arrived late goes where it belongs among the last ones. Counts as a push.
  pushInOrder(item: T, compare: (a: T, b: T) => number, maxMoves: number): void {
    this.push(item);
    let at = this.count - 1;
    while (at > 0 && this.count - 1 - at < maxMoves) {
      const previous = this.slots[(this.start + at - 1) % this.capacity] as T;
      if (compare(previous, item) <= 0) break;
      this.slots[(this.start + at) % this.capacity] = previous;
      at--;
    }
    this.slots[(this.start + at) % this.capacity] = item;
  }

  // Puts older items (oldest first) in front of the held ones; only as many as there is room for, newest kept.
  prepend(older: readonly T[]): number {
    const take = Math.min(older.length, this.capacity - this.count);
    if (take === 0) return 0;
    this.start = (this.start - take + this.capacity) % this.capacity;
    const from = older.length - take;
    for (let i = 0; i < take; i++) this.slots[(this.start + i) % this.capacity] = older[from + i];
    this.count += take;
    this.version++;
    return take;
  }

  clear(): void {
    this.slots.fill(undefined);
    this.start = 0;
    this.count = 0;
    this.version++;
  }

  toArray(): T[] {
    const out = new Array<T>(this.count);
    for (let i = 0; i < this.count; i++) out[i] = this.slots[(this.start + i) % this.capacity] as T;
    return out;
  }

  *[Symbol.iterator](): Iterator<T> {
    for (let i = 0; i < this.count; i++) yield this.slots[(this.start + i) % this.capacity] as T;
  }
}
