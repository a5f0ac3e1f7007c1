import {describe, expect, test} from 'vitest';
import {LogBuffer} from '../../source/engine/logs/log-buffer.js';
import {HEAD_ENTRIES, planRequests} from '../../source/engine/logs/request-plan.js';

describe('the log buffer', () => {
  test('keeps the newest items and counts what fell out', () => {
    const buffer = new LogBuffer<number>(3);
    for (let i = 1; i <= 5; i++) buffer.push(i);
    expect([...buffer]).toEqual([3, 4, 5]);
    expect(buffer.toArray()).toEqual([3, 4, 5]);
    expect([buffer.get(0), buffer.get(2)]).toEqual([3, 5]);
    expect({length: buffer.length, dropped: buffer.dropped, totalPushed: buffer.totalPushed}).toEqual({length: 3, dropped: 2, totalPushed: 5});
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
