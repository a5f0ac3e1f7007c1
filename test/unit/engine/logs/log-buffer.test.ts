import {performance} from 'node:perf_hooks';
import {describe, expect, test} from 'vitest';
import {LogBuffer} from '../../../../source/engine/logs/log-buffer.js';
import {HEAD_ENTRIES, planRequests} from '../../../../source/engine/logs/request-plan.js';
import {seeded} from '../../../helpers/seeded.js';

describe('the log buffer', () => {
  test('keeps the newest items and counts what fell out', () => {
    const buffer = new LogBuffer<number>(3);
    for (let i = 1; i <= 5; i++) buffer.push(i);
    expect([...buffer]).toEqual([3, 4, 5]);
    expect(buffer.toArray()).toEqual([3, 4, 5]);
    expect([buffer.get(0), buffer.get(2)]).toEqual([3, 5]);
    expect({length: buffer.length, dropped: buffer.dropped, totalPushed: buffer.totalPushed}).toEqual({
      length: 3,
      dropped: 2,
      totalPushed: 5,
    });
  });

  test('older items go in front, only as many as there is room for, the newest of them', () => {
    const buffer = new LogBuffer<number>(5);
    buffer.push(10);
    buffer.push(11);
    expect(buffer.prepend([1, 2, 3, 4, 5, 6])).toBe(3);
    expect([...buffer]).toEqual([4, 5, 6, 10, 11]);
    // Prepending does not count as new lines at the bottom.
    expect(buffer.totalPushed).toBe(2);
    buffer.push(12);
    expect([...buffer]).toEqual([5, 6, 10, 11, 12]);
    expect(buffer.prepend([0])).toBe(0);
  });

  test('prepend after the ring wrapped around', () => {
    const buffer = new LogBuffer<number>(4);
    for (let i = 1; i <= 6; i++) buffer.push(i);
    buffer.clear();
    buffer.push(7);
    buffer.prepend([5, 6]);
    buffer.push(8);
    expect([...buffer]).toEqual([5, 6, 7, 8]);
  });

  test('every change moves the version; get outside the range is an error', () => {
    const buffer = new LogBuffer<number>(2);
    const versions = [buffer.version];
    buffer.push(1);
    versions.push(buffer.version);
    buffer.prepend([0]);
    versions.push(buffer.version);
    buffer.clear();
    versions.push(buffer.version);
    expect(new Set(versions).size).toBe(4);
    expect(() => buffer.get(0)).toThrow(RangeError);
    expect(() => new LogBuffer(0)).toThrow(RangeError);
  });
});

describe('the log buffer: capacities, counters, versions', () => {
  test('refuses capacities that cannot work', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Infinity]) expect(() => new LogBuffer(bad)).toThrow(RangeError);
  });

  test('get takes whole indices inside the range only', () => {
    const buffer = new LogBuffer<number>(3);
    for (let i = 1; i <= 5; i++) buffer.push(i);
    for (const bad of [3, -1, 0.5, Number.NaN]) expect(() => buffer.get(bad)).toThrow(RangeError);
  });

  test('clear empties the pane but keeps the counters, and eviction counts on from there', () => {
    const buffer = new LogBuffer<number>(2);
    for (const item of [1, 2, 3]) buffer.push(item);
    buffer.clear();
    expect(buffer.length).toBe(0);
    expect(buffer.toArray()).toEqual([]);
    expect({dropped: buffer.dropped, totalPushed: buffer.totalPushed}).toEqual({dropped: 1, totalPushed: 3});
    for (const item of [4, 5, 6]) buffer.push(item);
    expect(buffer.toArray()).toEqual([5, 6]);
    expect({dropped: buffer.dropped, totalPushed: buffer.totalPushed}).toEqual({dropped: 2, totalPushed: 6});
  });

  test('the version changes on every mutation and only then', () => {
    const buffer = new LogBuffer<string>(2);
    const seen = new Set<number>([buffer.version]);
    const mutations: Array<() => void> = [
      () => buffer.push('a'),
      () => buffer.prepend(['z']),
      () => buffer.push('b'), // evicts
      () => buffer.clear(),
      () => buffer.clear(),
      () => buffer.push('c'),
    ];
    for (const mutate of mutations) {
      mutate();
      expect(seen.has(buffer.version)).toBe(false);
      seen.add(buffer.version);
    }
    const before = buffer.version;
    buffer.push('d');
    buffer.prepend(['full']); // no room: nothing changes
    const after = buffer.version;
    buffer.get(0);
    buffer.toArray();
    Array.from(buffer); // iterates, as a spread would
    expect(after).toBe(before + 1);
    expect(buffer.version).toBe(after);
  });

  test('matches a naive array model under random pushes, prepends and clears', () => {
    const random = seeded(7);
    for (let round = 0; round < 200; round++) {
      const capacity = 1 + Math.floor(random() * 9);
      const buffer = new LogBuffer<number>(capacity);
      let model: number[] = [];
      let dropped = 0;
      let pushed = 0;
      let next = 0;
      let older = -1;
      for (let step = 0; step < 60; step++) {
        const choice = random();
        if (choice < 0.6) {
          buffer.push(next);
          model.push(next++);
          pushed++;
          if (model.length > capacity) {
            model.shift();
            dropped++;
          }
        } else if (choice < 0.95) {
          const batch = Array.from({length: Math.floor(random() * 6)}, () => older--).reverse();
          const room = capacity - model.length;
          const taken = batch.slice(Math.max(0, batch.length - room));
          expect(buffer.prepend(batch)).toBe(taken.length);
          model.unshift(...taken);
        } else {
          buffer.clear();
          model = [];
        }
        expect(buffer.toArray()).toEqual(model);
        expect([...buffer]).toEqual(model);
        expect({length: buffer.length, dropped: buffer.dropped, totalPushed: buffer.totalPushed}).toEqual({
          length: model.length,
          dropped,
          totalPushed: pushed,
        });
        if (model.length > 0) {
          const i = Math.floor(random() * model.length);
          expect(buffer.get(i)).toBe(model[i]);
        }
      }
    }
  });

  test('pushes in constant time at large capacity', () => {
    const buffer = new LogBuffer<number>(100_000);
    const started = performance.now();
    for (let i = 0; i < 2_000_000; i++) buffer.push(i);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(buffer.get(0)).toBe(1_900_000);
    expect(buffer.get(99_999)).toBe(1_999_999);
    expect(buffer.dropped).toBe(1_900_000);
  });
});

describe('which requests a window needs', () => {
  test('a small tail is one request', () => {
    expect(planRequests({tail: 200}, true, 10_000)).toEqual({head: {tail: 200, since: undefined, follow: true}});
    expect(planRequests({tail: 0}, true, 10_000)).toEqual({head: {tail: 0, since: undefined, follow: true}});
  });

  test('a large tail: a screenful first, the rest as history, never more than the buffer holds', () => {
    expect(planRequests({tail: 5000}, false, 10_000)).toEqual({
      head: {tail: HEAD_ENTRIES, since: undefined, follow: false},
      history: {tail: 5000, since: undefined},
    });
    expect(planRequests({tail: 50_000}, true, 10_000).history).toEqual({tail: 10_000, since: undefined});
  });

  test('"everything" and since-windows read at most the buffer size', () => {
    expect(planRequests({tail: 'all'}, true, 10_000).history).toEqual({tail: 10_000, since: undefined});
    expect(planRequests({since: 1795308179.5}, true, 10_000)).toEqual({
      head: {tail: HEAD_ENTRIES, since: '1795308179.500000000', follow: true},
      history: {tail: 10_000, since: '1795308179.500000000'},
    });
  });

  test('a buffer smaller than a screenful needs no history', () => {
    expect(planRequests({tail: 'all'}, true, 100)).toEqual({head: {tail: 100, since: undefined, follow: true}});
  });
});
