import {describe, expect, it} from 'vitest';
import {engineClockOffset, parseSince, toEngineTimestamp} from '../../../source/text/since.js';

const NOW_MS = Date.UTC(2026, 10, 21, 10, 0, 0); // 2026-11-21T10:00:00Z
const NOW_S = NOW_MS / 1000;

describe('parseSince: durations', () => {
  const cases: Array<[string, number]> = [
    ['10s', 10],
    ['5m', 300],
    ['1h', 3600],
    ['1h30m', 5400],
    ['2h3m4s', 7384],
    ['500ms', 0.5],
    ['1.5h', 5400],
    ['.5m', 30],
    ['0s', 0],
    [' 10s ', 10],
  ];
  for (const [value, secondsAgo] of cases) {
    it(`${JSON.stringify(value)} is ${secondsAgo}s before now`, () => {
      expect(parseSince(value, NOW_MS)).toBeCloseTo(NOW_S - secondsAgo, 6);
    });
  }

  it('gives 0 for a duration reaching back before 1970', () => {
    expect(parseSince('1000000h', NOW_MS)).toBe(0);
  });
});

describe('parseSince: times and timestamps', () => {
  it('reads RFC 3339 with Z, offsets and fractions', () => {
    expect(parseSince('2026-11-21T10:00:00Z', NOW_MS)).toBe(NOW_S);
    expect(parseSince('2026-11-21T12:00:00+02:00', NOW_MS)).toBe(NOW_S);
    expect(parseSince('2026-11-21T04:30:00-05:30', NOW_MS)).toBe(NOW_S);
    expect(parseSince('2026-11-21t10:00:00z', NOW_MS)).toBe(NOW_S);
    expect(parseSince('2026-11-21T10:00:00.25Z', NOW_MS)).toBe(NOW_S + 0.25);
    expect(parseSince('2026-11-21T10:00:00.123456789Z', NOW_MS)).toBeCloseTo(NOW_S + 0.123456789, 6);
    expect(parseSince('2024-02-29T00:00:00Z', NOW_MS)).toBe(Date.UTC(2024, 1, 29) / 1000);
    expect(parseSince('2016-12-31T23:59:60Z', NOW_MS)).toBe(Date.UTC(2017, 0, 1) / 1000);
  });

  it('reads plain UNIX seconds, 0 meaning the beginning', () => {
    expect(parseSince('1763719200', NOW_MS)).toBe(1763719200);
    expect(parseSince('1763719200.5', NOW_MS)).toBe(1763719200.5);
    expect(parseSince('0', NOW_MS)).toBe(0);
  });
});

describe('parseSince: errors name the value, the reason and the accepted forms', () => {
  const cases: Array<[string, RegExp]> = [
    ['', /empty/],
    ['   ', /empty/],
    ['abc', /not a duration, RFC 3339 time or UNIX timestamp/],
    ['2d', /unknown unit "d".*24h/],
    ['10S', /unknown unit "S"/],
    ['5us', /unknown unit "us"/],
    ['1h30', /numbers each followed by a unit/],
    ['10 s', /numbers each followed by a unit/],
    ['1e9', /numbers each followed by a unit/],
    ['-10s', /negative/],
    ['2026-13-01T00:00:00Z', /month 13/],
    ['2026-02-29T00:00:00Z', /day 29 does not exist in 2026-02/],
    ['2026-11-21T24:00:00Z', /hour 24/],
    ['2026-11-21T10:60:00Z', /minute 60/],
    ['2026-11-21T10:00:61Z', /second 61/],
    ['2026-11-21T10:00:00+24:00', /offset/],
    ['2026-11-21T10:00:00', /zone/],
    ['2026-11-21', /zone/],
    ['99999999999999999999', /year 9999/],
    ['9'.repeat(400) + 'h', /too long/],
  ];
  for (const [value, reason] of cases) {
    it(JSON.stringify(value.slice(0, 30)), () => {
      let message = '';
      try {
        parseSince(value, NOW_MS);
      } catch (error) {
        expect(error).toBeInstanceOf(Error);
        message = (error as Error).message;
      }
      expect(message).toMatch(reason);
      expect(message).toContain(JSON.stringify(value));
      expect(message).toContain('10s, 5m, 1h, 1h30m, 500ms');
      expect(message).toContain('RFC 3339');
    });
  }

  it('treats a bare number as a UNIX timestamp, as the docker CLI does', () => {
    expect(parseSince('10', NOW_MS)).toBe(10);
  });

  it('does not throw anything but Error on hostile input, and stays fast', () => {
    const start = performance.now();
    for (const value of ['1'.repeat(100_000) + 'x', '1h'.repeat(50_000), '\u0000', '2026-'.repeat(10_000)]) {
      try {
        parseSince(value, NOW_MS);
      } catch (error) {
        expect(error).toBeInstanceOf(Error);
      }
    }
    expect(performance.now() - start).toBeLessThan(1000);
  });
});

describe('engineClockOffset', () => {
  const header = 'Sat, 21 Nov 2026 10:00:00 GMT';

  it('is 0 for a missing, invalid or non-HTTP date', () => {
    expect(engineClockOffset(undefined, NOW_MS)).toBe(0);
    expect(engineClockOffset('', NOW_MS)).toBe(0);
    expect(engineClockOffset('yesterday', NOW_MS)).toBe(0);
    expect(engineClockOffset('2026', NOW_MS)).toBe(0);
    expect(engineClockOffset('Sat, 99 Nov 2026 10:00:00 GMT', NOW_MS)).toBe(0);
    expect(engineClockOffset(header, Number.NaN)).toBe(0);
  });

  it('is 0 when the clocks agree to within the header resolution', () => {
    expect(engineClockOffset(header, NOW_MS)).toBe(0);
    expect(engineClockOffset(header, NOW_MS + 999)).toBe(0);
  });

  it('measures an engine ahead of or behind the local clock', () => {
    // Engine says 10:00:00.x while the local clock says 09:59:50.
    expect(engineClockOffset(header, NOW_MS - 10_000)).toBe(10_500);
    expect(engineClockOffset(header, NOW_MS + 60_000)).toBe(-59_500);
  });

  it('corrects a relative since when added to the local clock', () => {
    const localNow = NOW_MS - 3_600_000; // local clock one hour behind
    const offset = engineClockOffset(header, localNow);
    expect(parseSince('10s', localNow + offset)).toBeCloseTo(NOW_S - 10 + 0.5, 6);
  });
});

describe('toEngineTimestamp', () => {
  it('formats seconds.nanoseconds without an exponent', () => {
    expect(toEngineTimestamp(1763719200)).toBe('1763719200');
    expect(toEngineTimestamp(1763719200.5)).toBe('1763719200.500000000');
    expect(toEngineTimestamp(1e-7)).toBe('0.000000100');
    expect(toEngineTimestamp(0)).toBe('0');
    expect(toEngineTimestamp(-5)).toBe('0');
    expect(toEngineTimestamp(Number.NaN)).toBe('0');
    expect(toEngineTimestamp(1.9999999999)).toBe('2');
  });
});
