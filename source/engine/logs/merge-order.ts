import {compareTimestamps} from './timestamp.js';
import {itemAt} from '../../util/item-at.js';

// A line's time, and on berth's clock when its engine's clock differs (several engines).
type Timed = {time?: string; mergeTime?: string};
export const orderTime = (line: Timed): string | undefined => line.mergeTime ?? line.time;

// What the merge needs to know about each log it merges (merged-logs.ts keeps one per container).
export type MergeInput = {
  // Still streaming: a log that ended (its container stopped) or failed holds nobody back.
  live: boolean;
  // Its first lines (the tail) came.
  delivered: boolean;
  // When it joined the merge (ms).
  addedAt: number;
  // The newest timestamp it has sent.
  newest?: string;
};

// A line goes out once every log still streaming has sent a line at least as new (their streams arrive in
// separate reads, one may lag), or HOLD_MS after it arrived whatever the others do (a quiet container must not
// hold the rest back for long).
export const HOLD_MS = 600;
// Until every log's tail came (or FIRST_WAIT_MS passed), nothing goes out, so the tails interleave in order
// however late one of them arrives.
export const FIRST_WAIT_MS = 2000;

// The reorder window of several logs merged by the engine's timestamps: lines wait here until they can be put in
// order for good, then come out sorted. Pure (time is passed in), so the order is tested without an engine.
export class MergeOrder<Line extends Timed> {
  // Lines not merged yet and when each arrived (parallel arrays: no object per line).
  private pending: Line[] = [];
  private arrived: number[] = [];

  // More lines than `limit` waiting (a flood): they all go out at the next take, sorted, so memory stays bounded
  // whatever the rate.
  constructor(private readonly limit = Infinity) {}

  get size(): number {
    return this.pending.length;
  }

  add(line: Line, now: number): void {
    this.pending.push(line);
    this.arrived.push(now);
  }

  clear(): void {
    this.pending = [];
    this.arrived = [];
  }

  // The lines that can go out now, oldest first; the others stay.
  take(inputs: readonly MergeInput[], now: number): Line[] {
    if (this.pending.length > this.limit) {
      const all = this.pending;
      this.clear();
      return all.sort(byTime);
    }
    const waiting = inputs.some(input => !input.delivered && input.live && now - input.addedAt < FIRST_WAIT_MS);
    const cutoff = now - (waiting ? FIRST_WAIT_MS : HOLD_MS);
    let watermark = waiting ? undefined : lowWatermark(inputs);
    // (arrived runs parallel to pending: the same index is the same line.)
    // A line that waited long enough goes out, and every line older than it with it: the stream stays in order.
    for (const [i, line] of this.pending.entries()) {
      const time = orderTime(line);
      if (
        itemAt(this.arrived, i) <= cutoff &&
        time &&
        (watermark === undefined || compareTimestamps(time, watermark) > 0)
      )
        watermark = time;
    }
    const ready: Line[] = [];
    const keep: Line[] = [];
    const keepArrived: number[] = [];
    for (const [i, line] of this.pending.entries()) {
      const arrived = itemAt(this.arrived, i);
      const time = orderTime(line);
      if (
        arrived <= cutoff ||
        (watermark !== undefined && time !== undefined && compareTimestamps(time, watermark) <= 0)
      )
        ready.push(line);
      else {
        keep.push(line);
        keepArrived.push(arrived);
      }
    }
    if (!ready.length) return ready;
    this.pending = keep;
    this.arrived = keepArrived;
    // A stable sort: lines of one log with the same timestamp keep their order.
    return ready.sort(byTime);
  }
}

// The newest time every streaming log has reached: lines up to it can be ordered for good. Undefined while one
// of them has sent nothing yet.
function lowWatermark(inputs: readonly MergeInput[]): string | undefined {
  let watermark: string | undefined;
  for (const input of inputs) {
    if (!input.live) continue;
    if (!input.newest) return undefined;
    if (watermark === undefined || compareTimestamps(input.newest, watermark) < 0) watermark = input.newest;
  }
  return watermark;
}

// How far back among the merged lines a late line is placed; one later still goes at the end.
export const MAX_LATE_LINES = 5000;

// Appends a merged line where its time puts it: after the newest lines when it is the newest (nearly always), else
// in front of the lines newer than it. One log's stream can lag behind the others' by more than HOLD_MS on a busy
// machine, so lines held that long go out before an older line of the lagging log arrives; that line then goes in
// among them, not after them. Lines of equal time keep their order of arrival.
export function placeInOrder<Line extends Timed>(
  buffer: {pushInOrder(item: Line, compare: (a: Line, b: Line) => number, maxMoves: number): void},
  line: Line,
): void {
  buffer.pushInOrder(line, byTime, MAX_LATE_LINES);
}

export function byTime(a: Timed, b: Timed): number {
  const left = orderTime(a);
  const right = orderTime(b);
  return left && right ? compareTimestamps(left, right) : 0;
}
