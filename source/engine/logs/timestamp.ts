// With `timestamps=1` the engine starts every log entry with RFC3339Nano in UTC, always nine fraction digits
// (Go's RFC3339NanoFixed), then one space: `2026-11-22T00:42:49.156271354Z out 1`.
const TIMESTAMP = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,9}))?(Z|[+-]\d\d:\d\d)$/;
const SPACE = 0x20;
// Longest form: 2026-11-22T00:42:49.156271354+01:00
export const MAX_TIMESTAMP_LENGTH = 35;

export function isTimestamp(value: string): boolean {
  return TIMESTAMP.test(value);
}

// Splits a text line as `docker logs -t` prints it. Lines without a timestamp come back whole.
export function splitTimestamp(line: string): {time?: string; text: string} {
  const space = line.indexOf(' ');
  if (space < 20 || space > MAX_TIMESTAMP_LENGTH) return {text: line};
  const time = line.slice(0, space);
  return isTimestamp(time) ? {time, text: line.slice(space + 1)} : {text: line};
}

// The same on the bytes of an entry: the index where the text starts, or 0 when there is no timestamp.
export function timestampPrefixLength(entry: Buffer, from = 0): {time?: string; length: number} {
  const limit = Math.min(entry.length, from + MAX_TIMESTAMP_LENGTH + 1);
  for (let i = from; i < limit; i++) {
    if (entry[i] !== SPACE) continue;
    const time = entry.toString('latin1', from, i);
    return isTimestamp(time) ? {time, length: i + 1 - from} : {length: 0};
  }
  return {length: 0};
}

type Instant = {seconds: number; nanos: number};

function toInstant(time: string): Instant | undefined {
  const match = TIMESTAMP.exec(time);
  if (!match) return undefined;
  const seconds = Date.parse(`${match[1]}${match[3]}`) / 1000;
  if (!Number.isFinite(seconds)) return undefined;
  return {seconds, nanos: Number((match[2] ?? '').padEnd(9, '0'))};
}

// The engine's `since`/`until` take `<unix seconds>.<nanoseconds>`; a float would lose the nanoseconds that
// tell apart lines written in the same microsecond, so the value is built from the text.
export function timestampToSince(time: string): string | undefined {
  const instant = toInstant(time);
  if (!instant) return undefined;
  return `${instant.seconds}.${String(instant.nanos).padStart(9, '0')}`;
}

export function compareTimestamps(a: string, b: string): number {
  // The engine writes UTC with a fixed width, where text order is time order; anything else is parsed.
  if (a.length === b.length && a.endsWith('Z') && b.endsWith('Z')) return a < b ? -1 : a > b ? 1 : 0;
  const x = toInstant(a);
  const y = toInstant(b);
  if (!x || !y) return a < b ? -1 : a > b ? 1 : 0;
  return x.seconds - y.seconds || x.nanos - y.nanos;
}

// The same instant `ms` later (earlier when negative), in the engine's own fixed form (UTC, nine digits), so it
// orders against other engine timestamps as text. A time that is not a timestamp comes back as it was.
export function shiftTimestamp(time: string, ms: number): string {
  const instant = toInstant(time);
  if (!instant || !Number.isFinite(ms)) return time;
  const shiftNanos = Math.round((ms % 1000) * 1e6);
  let seconds = instant.seconds + Math.trunc(ms / 1000);
  let nanos = instant.nanos + shiftNanos;
  if (nanos < 0) {
    nanos += 1e9;
    seconds -= 1;
  } else if (nanos >= 1e9) {
    nanos -= 1e9;
    seconds += 1;
  }
  const whole = new Date(seconds * 1000).toISOString().slice(0, 19);
  return `${whole}.${String(nanos).padStart(9, '0')}Z`;
}
