import {describe, expect, test} from 'vitest';
import {
  compareTimestamps,
  splitTimestamp,
  timestampPrefixLength,
  timestampToSince,
} from '../../source/engine/logs/timestamp.js';

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
