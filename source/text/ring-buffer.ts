/**
 * Fixed-capacity buffer that keeps the newest `capacity` items (the log pane's line store,
 * SPEC §7). Pushing is O(1): the oldest item is overwritten in place, nothing is shifted.
 *
 * `version` changes on every mutation so a renderer can tell cheaply whether it must publish a new
 * frame; `dropped` and `totalPushed` let the pane say how many lines scrolled out of the buffer.
 * `clear()` empties the buffer without touching those two counters: the lines were not lost to
 * the capacity, the user asked for a clean pane.
 */
export class RingBuffer<T> {
  readonly capacity: number;
  private items: T[] = [];
  // Index of the oldest item once the backing array is full; 0 until then.
  private head = 0;
  private droppedCount = 0;
  private pushedCount = 0;
  private versionCounter = 0;

  constructor(capacity: number) {
    if (!Number.isSafeInteger(capacity) || capacity < 1) {
      throw new RangeError(`ring buffer capacity must be a positive integer, got ${String(capacity)}`);
    }
    this.capacity = capacity;
  }

  get length(): number {
    return this.items.length;
  }

  /** Items evicted to make room since the buffer was created. */
  get dropped(): number {
    return this.droppedCount;
  }

  get totalPushed(): number {
    return this.pushedCount;
  }

  get version(): number {
    return this.versionCounter;
  }

  push(item: T): void {
    this.store(item);
    this.pushedCount++;
    this.versionCounter++;
  }

  pushMany(items: readonly T[]): void {
    if (items.length === 0) return;
    // Items that would be evicted by later items of the same batch are never stored.
    const skipped = Math.max(0, items.length - this.capacity);
    this.droppedCount += skipped;
    for (let i = skipped; i < items.length; i++) this.store(items[i]);
    this.pushedCount += items.length;
    this.versionCounter++;
  }

  /** Item `index` counted from the oldest (0) to the newest (length - 1); undefined outside. */
  get(index: number): T | undefined {
    if (!Number.isInteger(index) || index < 0 || index >= this.items.length) return undefined;
    return this.items[this.physical(index)];
  }

  /** Like Array.prototype.slice over oldest→newest, negative indices included. */
  slice(start = 0, end = this.items.length): T[] {
    const from = this.clampIndex(start);
    const to = this.clampIndex(end);
    const result: T[] = [];
    for (let i = from; i < to; i++) result.push(this.items[this.physical(i)]);
    return result;
  }

  toArray(): T[] {
    return this.slice();
  }

  clear(): void {
    this.items = [];
    this.head = 0;
    this.versionCounter++;
  }

  *[Symbol.iterator](): Iterator<T> {
    for (let i = 0; i < this.items.length; i++) yield this.items[this.physical(i)];
  }

  private store(item: T): void {
    if (this.items.length < this.capacity) {
      this.items.push(item);
      return;
    }
    this.items[this.head] = item;
    this.head = this.head + 1 === this.capacity ? 0 : this.head + 1;
    this.droppedCount++;
  }

  private physical(index: number): number {
    const position = this.head + index;
    return position >= this.capacity ? position - this.capacity : position;
  }

  private clampIndex(index: number): number {
    const length = this.items.length;
    if (Number.isNaN(index)) return 0;
    const truncated = Math.trunc(index);
    if (truncated < 0) return Math.max(0, length + truncated);
    return Math.min(truncated, length);
  }
}
