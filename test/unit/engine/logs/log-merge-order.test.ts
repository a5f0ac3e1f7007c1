import {describe, expect, test} from 'vitest';
import {itemAt} from '../../../../source/util/item-at.js';
import {LogBuffer} from '../../../../source/engine/logs/log-buffer.js';
import {
  FIRST_WAIT_MS,
  HOLD_MS,
  MAX_LATE_LINES,
  MergeOrder,
  placeInOrder,
  type MergeInput,
} from '../../../../source/engine/logs/merge-order.js';

type Line = {text: string; time?: string};
const at = (second: number, nanos = 0) =>
  `2026-11-26T09:00:${String(second).padStart(2, '0')}.${String(nanos).padStart(9, '0')}Z`;
const line = (text: string, second: number, nanos = 0): Line => ({text, time: at(second, nanos)});
const input = (over: Partial<MergeInput> = {}): MergeInput => ({live: true, delivered: true, addedAt: 0, ...over});

describe('merging several logs by the engine timestamps', () => {
  test('lines come out in time order once every streaming log has reached their time', () => {
    const order = new MergeOrder<Line>();
    const now = 10_000;
    // Log a's read came first with three lines; b's with two, older and newer.
    order.add(line('a1', 1), now);
    order.add(line('a2', 3), now);
    order.add(line('a3', 5), now);
    order.add(line('b1', 2), now);
    order.add(line('b2', 4), now);
    const a = input({newest: at(5)});
    const b = input({newest: at(4)});
    // Up to b's newest (4 s) the order is final; a3 (5 s) waits for b.
    expect(order.take([a, b], now).map(l => l.text)).toEqual(['a1', 'b1', 'a2', 'b2']);
    expect(order.size).toBe(1);
    // b sends a line at 6 s: a3 can go, b3 waits for a.
    order.add(line('b3', 6), now + 50);
    b.newest = at(6);
    expect(order.take([a, b], now + 50).map(l => l.text)).toEqual(['a3']);
    expect(order.take([a, b], now + 50)).toEqual([]);
  });

  test('nanoseconds decide between lines of the same second', () => {
    const order = new MergeOrder<Line>();
    order.add(line('b', 1, 500), 0);
    order.add(line('a', 1, 499_999_999), 0);
    order.add(line('c', 1, 2), 0);
    const inputs = [input({newest: at(2)})];
    expect(order.take(inputs, 0).map(l => l.text)).toEqual(['c', 'b', 'a']);
  });

  test('lines of one log with the same time keep their order (stable)', () => {
    const order = new MergeOrder<Line>();
    for (const text of ['x1', 'x2', 'x3', 'x4']) order.add(line(text, 1), 0);
    order.add(line('y', 0), 0);
    expect(order.take([input({newest: at(1)})], 0).map(l => l.text)).toEqual(['y', 'x1', 'x2', 'x3', 'x4']);
  });

  test('a quiet log holds the others back only for HOLD_MS', () => {
    const order = new MergeOrder<Line>();
    order.add(line('a1', 5), 1000);
    const quiet = input({newest: at(1)});
    const a = input({newest: at(5)});
    expect(order.take([a, quiet], 1000)).toEqual([]);
    expect(order.take([a, quiet], 1000 + HOLD_MS - 1)).toEqual([]);
    expect(order.take([a, quiet], 1000 + HOLD_MS).map(l => l.text)).toEqual(['a1']);
  });

  test('a log that stopped (not live) holds nobody back', () => {
    const order = new MergeOrder<Line>();
    order.add(line('a1', 5), 1000);
    const stopped = input({newest: at(1), live: false});
    expect(order.take([input({newest: at(5)}), stopped], 1000).map(l => l.text)).toEqual(['a1']);
  });

  test('until every tail came (at most FIRST_WAIT_MS), nothing goes out, so late tails still interleave', () => {
    const order = new MergeOrder<Line>();
    order.add(line('a1', 1), 1400);
    order.add(line('a2', 3), 1400);
    const a = input({newest: at(3), addedAt: 0});
    const late = input({delivered: false, addedAt: 0});
    expect(order.take([a, late], 1500)).toEqual([]);
    // b's tail arrives: its older line goes between a's.
    order.add(line('b1', 2), 1600);
    late.delivered = true;
    late.newest = at(2);
    expect(order.take([a, late], 1600).map(l => l.text)).toEqual(['a1', 'b1']);
    // A tail that never comes stops holding the rest after FIRST_WAIT_MS.
    const never = new MergeOrder<Line>();
    never.add(line('a1', 1), 100);
    const silent = input({delivered: false, addedAt: 0});
    expect(never.take([input({newest: at(1)}), silent], FIRST_WAIT_MS - 1)).toEqual([]);
    expect(never.take([input({newest: at(1)}), silent], FIRST_WAIT_MS).map(l => l.text)).toEqual(['a1']);
  });

  test("lines without a time (berth's own notes) go out after HOLD_MS", () => {
    const order = new MergeOrder<Line>();
    order.add({text: 'log stream interrupted'}, 0);
    expect(order.take([input({newest: at(9)})], 10)).toEqual([]);
    expect(order.take([input({newest: at(9)})], HOLD_MS).map(l => l.text)).toEqual(['log stream interrupted']);
  });

  test('live logs read late (less than HOLD_MS) come out in time order, nothing lost or repeated', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
    const stamp = (ms: number) => new Date(Date.UTC(2026, 10, 26, 9) + ms).toISOString().replace('Z', '000000Z');
    for (let round = 0; round < 30; round++) {
      // Three containers write lines at random moments; each stream delivers them in order, up to 400 ms late
      // (separate reads), several at once.
      type Event = {at: number; log: number; line: Line};
      const events: Event[] = [];
      for (let log = 0; log < 3; log++) {
        let written = 0;
        let delivered = 0;
        for (let i = 0; i < 60; i++) {
          written += Math.floor(random() * 120);
          delivered = Math.max(delivered, written + Math.floor(random() * 400));
          events.push({at: delivered, log, line: {text: `${log}:${i}`, time: stamp(written)}});
        }
      }
      events.sort((x, y) => x.at - y.at);
      const order = new MergeOrder<Line>();
      const inputs = [input(), input(), input()];
      const out: Line[] = [];
      let next = 0;
      // The merge runs every 100 ms, as MergedLogs schedules it.
      for (let now = 0; next < events.length || order.size; now += 100) {
        for (let event = events[next]; event && event.at <= now; event = events[++next]) {
          const {log, line: l} = event;
          order.add(l, now);
          itemAt(inputs, log).newest = l.time;
        }
        out.push(...order.take(inputs, now));
      }
      expect(out).toHaveLength(180);
      expect(new Set(out.map(l => l.text)).size).toBe(180);
      const times = out.map(l => l.time!);
      expect(times).toEqual([...times].sort());
    }
  });

  test('a flood never keeps more than its limit waiting: past it, everything goes out sorted', () => {
    const order = new MergeOrder<Line>(5);
    const inputs = [input({newest: at(0)}), input({newest: at(0)})];
    for (let i = 0; i < 5; i++) order.add(line(`x${i}`, 9 - i), 0);
    expect(order.take(inputs, 0)).toEqual([]);
    order.add(line('y', 1), 0);
    expect(order.take(inputs, 0).map(l => l.text)).toEqual(['y', 'x4', 'x3', 'x2', 'x1', 'x0']);
    expect(order.size).toBe(0);
  });
});

describe('a line that comes out after newer ones', () => {
  const texts = (buffer: LogBuffer<Line>) => buffer.toArray().map(l => l.text);

  test('one log lagging past the hold: its older lines go in among the newer ones, not after them', () => {
    const order = new MergeOrder<Line>();
    const buffer = new LogBuffer<Line>(100);
    const a = input({newest: at(1, 680_000_000)});
    const b = input({newest: at(1, 600_000_000)});
    // a's line waits for b, which lags; after HOLD_MS it goes out alone.
    order.add(line('a 1.680', 1, 680_000_000), 0);
    for (const l of order.take([a, b], HOLD_MS)) placeInOrder(buffer, l);
    expect(texts(buffer)).toEqual(['a 1.680']);
    // b's stream catches up with two older lines and one newer.
    order.add(line('b 1.636', 1, 636_000_000), HOLD_MS + 10);
    order.add(line('b 1.659', 1, 659_000_000), HOLD_MS + 10);
    order.add(line('b 1.700', 1, 700_000_000), HOLD_MS + 10);
    b.newest = at(1, 700_000_000);
    a.newest = at(1, 710_000_000);
    for (const l of order.take([a, b], HOLD_MS + 10)) placeInOrder(buffer, l);
    expect(texts(buffer)).toEqual(['b 1.636', 'b 1.659', 'a 1.680', 'b 1.700']);
    expect(buffer.totalPushed).toBe(4);
  });

  test('equal times keep their order of arrival; lines without a time go at the end', () => {
    const buffer = new LogBuffer<Line>(10);
    for (const l of [line('x', 1), line('y', 3), line('z', 3), line('late', 2), line('same', 3)])
      placeInOrder(buffer, l);
    placeInOrder(buffer, {text: 'note'});
    expect(texts(buffer)).toEqual(['x', 'late', 'y', 'z', 'same', 'note']);
  });

  test('in a full buffer the oldest line goes, and a line later than MAX_LATE_LINES stays at the end', () => {
    const small = new LogBuffer<Line>(3);
    for (const l of [line('1', 1), line('3', 3), line('5', 5), line('2', 2)]) placeInOrder(small, l);
    expect(texts(small)).toEqual(['2', '3', '5']);
    expect(small.dropped).toBe(1);
    const big = new LogBuffer<Line>(MAX_LATE_LINES + 10);
    for (let i = 0; i < MAX_LATE_LINES + 1; i++) placeInOrder(big, line(`n${i}`, 10, i + 1));
    placeInOrder(big, line('very late', 10, 0));
    expect(texts(big).indexOf('very late')).toBe(1);
  });
});
