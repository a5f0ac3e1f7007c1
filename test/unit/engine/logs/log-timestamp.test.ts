import {describe, expect, test} from 'vitest';
import {byTime} from '../../../../source/engine/logs/merge-order.js';
import {
  compareTimestamps,
  splitTimestamp,
  timestampPrefixLength,
  shiftTimestamp,
  timestampToSince,
} from '../../../../source/engine/logs/timestamp.js';

describe('splitting the engine timestamp off a line', () => {
  test('the fixed nine-digit UTC form the engine writes', () => {
    expect(splitTimestamp('2026-11-22T00:42:49.156271354Z out 1')).toEqual({
      time: '2026-11-22T00:42:49.156271354Z',
      text: 'out 1',
    });
  });

  test('the text after the first space is kept whole, spaces and timestamps in it included', () => {
    expect(splitTimestamp('2026-11-22T00:42:49.156271354Z  2026-11-22T00:00:00Z a b')).toEqual({
      time: '2026-11-22T00:42:49.156271354Z',
      text: ' 2026-11-22T00:00:00Z a b',
    });
    expect(splitTimestamp('2026-11-22T00:42:49.156271354Z ')).toEqual({
      time: '2026-11-22T00:42:49.156271354Z',
      text: '',
    });
  });

  test('shorter fractions and zone offsets are timestamps too', () => {
    expect(splitTimestamp('2026-11-22T00:42:49Z x').time).toBe('2026-11-22T00:42:49Z');
    expect(splitTimestamp('2026-11-22T01:42:49.5+01:00 x').time).toBe('2026-11-22T01:42:49.5+01:00');
  });

  test('lines without a timestamp come back whole', () => {
    expect(splitTimestamp('Error grabbing logs: boom')).toEqual({text: 'Error grabbing logs: boom'});
    expect(splitTimestamp('2026-11-22 not a time')).toEqual({text: '2026-11-22 not a time'});
    expect(splitTimestamp('')).toEqual({text: ''});
  });

  test('on bytes: the prefix length covers the timestamp and its space', () => {
    const entry = Buffer.from('2026-11-22T00:42:49.156271354Z € euro\n');
    expect(timestampPrefixLength(entry)).toEqual({time: '2026-11-22T00:42:49.156271354Z', length: 31});
    expect(timestampPrefixLength(Buffer.from('Error grabbing logs: x\n'))).toEqual({length: 0});
    expect(timestampPrefixLength(Buffer.from('x'.repeat(100)))).toEqual({length: 0});
  });
});

describe('timestamps as the engine wants them in since/until', () => {
  test('nanoseconds survive exactly (a float would round them)', () => {
    expect(timestampToSince('2026-11-22T00:42:59.919095322Z')).toBe('1795308179.919095322');
    expect(timestampToSince('2026-11-22T00:42:59Z')).toBe('1795308179.000000000');
    expect(timestampToSince('2026-11-22T01:42:59.5+01:00')).toBe('1795308179.500000000');
    expect(timestampToSince('yesterday')).toBeUndefined();
  });

  test('ordering follows time, also across zones', () => {
    expect(compareTimestamps('2026-11-22T00:42:49.156271354Z', '2026-11-22T00:42:49.156271355Z')).toBeLessThan(0);
    expect(compareTimestamps('2026-11-22T00:42:49.156271354Z', '2026-11-22T00:42:49.156271354Z')).toBe(0);
    expect(compareTimestamps('2026-11-22T01:00:00.5+01:00', '2026-11-22T00:00:00.4Z')).toBeGreaterThan(0);
  });
});

describe('timestamps moved to berth clock (merged logs of engines whose clocks differ)', () => {
  test('shifts by milliseconds across second and day boundaries, keeping the engine form', () => {
    expect(shiftTimestamp('2026-11-22T00:42:49.156271354Z', -1500)).toBe('2026-11-22T00:42:47.656271354Z');
    expect(shiftTimestamp('2026-11-22T00:42:49.999999999Z', 0.000001)).toBe('2026-11-22T00:42:50.000000000Z');
    expect(shiftTimestamp('2026-12-31T23:59:59.900000000Z', 200)).toBe('2027-01-01T00:00:00.100000000Z');
    expect(shiftTimestamp('2026-11-22T01:00:00.5+01:00', 0)).toBe('2026-11-22T00:00:00.500000000Z');
    expect(shiftTimestamp('not a time', 5)).toBe('not a time');
  });

  test('orders two engines lines by the corrected time, not the engines own', () => {
    // Engine B's clock is 3 s ahead: its line stamped 10:00:02 was written at 09:59:59 on our clock, before A's.
    const a = {time: '2026-11-22T10:00:00.000000000Z'};
    const b = {
      time: '2026-11-22T10:00:02.000000000Z',
      mergeTime: shiftTimestamp('2026-11-22T10:00:02.000000000Z', -3000),
    };
    expect([a, b].sort(byTime)).toEqual([b, a]);
  });
});
