// The engine's `since` query parameter takes only UNIX seconds (docs/engine-facts.md, "Logs": `since=10s`
// gives HTTP 500), so relative times are resolved here, on the caller's idea of "now" — which
// should be the engine's clock (see engineClockOffset) when the engine is remote.

const ACCEPTED_FORMS =
  'use a duration (10s, 5m, 1h, 1h30m, 500ms), an RFC 3339 time (2026-11-21T10:00:00Z, ' +
  '2026-11-21T12:00:00.5+02:00) or UNIX seconds (1763719200)';

const UNIT_MS: Record<string, number> = {h: 3_600_000, m: 60_000, s: 1000, ms: 1};
// A duration is a sequence of decimal numbers with units, as in Go's time.ParseDuration.
// µ and μ (micro sign, Greek mu) as escapes: the bundle is kept ASCII (scripts/build.mjs).
const DURATION_TERM = /(\d+(?:\.\d*)?|\.\d+)([a-z\u00b5\u03bc]+)/giy;
const DURATION_SHAPE = /^(?:(?:\d+(?:\.\d*)?|\.\d+)[a-z\u00b5\u03bc]+)+$/i;
const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;
const UNIX_SECONDS = /^\d+(?:\.\d+)?$/;
const LAST_SECOND_OF_9999 = 253_402_300_799;

function invalid(value: string, reason: string): Error {
  return new Error(`invalid since value ${JSON.stringify(value)}: ${reason}; ${ACCEPTED_FORMS}`);
}

function parseDurationMs(value: string, text: string): number {
  let total = 0;
  DURATION_TERM.lastIndex = 0;
  for (let match = DURATION_TERM.exec(text); match; match = DURATION_TERM.exec(text)) {
    // Both groups of DURATION_TERM are mandatory: a match has them.
    const [, amount = '', unit = ''] = match;
    const unitMs = UNIT_MS[unit];
    if (unitMs === undefined) {
      const hint = unit === 'd' ? ' (there is no day unit: write 24h)' : '';
      throw invalid(value, `unknown unit "${unit}"${hint}`);
    }
    total += Number(amount) * unitMs;
  }
  if (!Number.isFinite(total) || total > Number.MAX_SAFE_INTEGER) throw invalid(value, 'duration is too long');
  return total;
}

function daysInMonth(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  if (month === 2) return leap ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

function parseRfc3339Seconds(value: string, match: RegExpMatchArray): number {
  const [, yearText, monthText, dayText, hourText, minuteText, secondText, fraction, zulu, sign, offH, offM] = match;
  const year = Number(yearText);
  const month = Number(monthText);
  const day = Number(dayText);
  const hour = Number(hourText);
  const minute = Number(minuteText);
  const second = Number(secondText);
  if (month < 1 || month > 12) throw invalid(value, `month ${monthText} is out of range`);
  if (day < 1 || day > daysInMonth(year, month)) {
    throw invalid(value, `day ${dayText} does not exist in ${yearText}-${monthText}`);
  }
  if (hour > 23) throw invalid(value, `hour ${hourText} is out of range`);
  if (minute > 59) throw invalid(value, `minute ${minuteText} is out of range`);
  // 60 is a leap second; it lands on the next minute's 0, as Go does.
  if (second > 60) throw invalid(value, `second ${secondText} is out of range`);
  let offsetMinutes = 0;
  if (!zulu) {
    const offsetHours = Number(offH);
    const offsetMins = Number(offM);
    if (offsetHours > 23 || offsetMins > 59) {
      throw invalid(value, `UTC offset ${sign}${offH}:${offM} is out of range`);
    }
    offsetMinutes = (sign === '-' ? -1 : 1) * (offsetHours * 60 + offsetMins);
  }
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC, so years 0000–0099 are not read as 1900–1999.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, 0);
  const wholeSeconds = date.getTime() / 1000 - offsetMinutes * 60;
  return fraction ? wholeSeconds + Number(`0.${fraction}`) : wholeSeconds;
}

/**
 * Resolves a `--since` value to UNIX seconds (fractional for ms durations and fractional times).
 * `nowMs` is "now" in milliseconds on the engine's clock. Accepts Go-style durations with the
 * units h, m, s and ms (combined, fractions allowed: `1h30m`, `1.5h`), RFC 3339 times with `Z`
 * or an offset, and plain UNIX seconds; a bare number is a timestamp, as in the docker CLI, so
 * `0` means "from the beginning". Anything before 1970 gives 0.
 * Throws an Error naming the value, the reason and the accepted forms.
 */
export function parseSince(value: string, nowMs: number): number {
  const text = value.trim();
  if (text === '') throw invalid(value, 'it is empty');
  if (UNIX_SECONDS.test(text)) {
    const seconds = Number(text);
    if (seconds > LAST_SECOND_OF_9999) throw invalid(value, 'the timestamp is after the year 9999');
    return seconds;
  }
  if (text.startsWith('-')) throw invalid(value, 'negative values are not supported');
  if (DURATION_SHAPE.test(text)) {
    const durationMs = parseDurationMs(value, text);
    if (!Number.isFinite(nowMs)) throw invalid(value, 'the current time is unknown');
    return Math.max(0, (nowMs - durationMs) / 1000);
  }
  const time = RFC3339.exec(text);
  if (time) return Math.max(0, parseRfc3339Seconds(value, time));
  if (/^\d{4}-\d{2}-\d{2}/.test(text)) {
    throw invalid(value, 'a time needs a date, hours, minutes, seconds and a zone (Z or +hh:mm)');
  }
  if (/^[\d.]/.test(text)) {
    throw invalid(value, 'a duration is numbers each followed by a unit (h, m, s or ms)');
  }
  throw invalid(value, 'not a duration, RFC 3339 time or UNIX timestamp');
}

// IMF-fixdate, the only form Go's net/http writes: "Sat, 21 Nov 2026 10:00:00 GMT".
const HTTP_DATE = /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * Milliseconds to add to the local clock to get the engine's, from the `Date` header of an engine
 * response (e.g. `/_ping`) received at `localNowMs`. The header has whole seconds, so its middle
 * (+500 ms) is taken and differences under one second are reported as 0. Missing or invalid
 * headers give 0.
 */
export function engineClockOffset(dateHeader: string | undefined, localNowMs: number): number {
  if (dateHeader === undefined || !Number.isFinite(localNowMs)) return 0;
  const header = dateHeader.trim();
  if (!HTTP_DATE.test(header)) return 0;
  const engineMs = Date.parse(header);
  if (Number.isNaN(engineMs)) return 0;
  const offset = engineMs + 500 - localNowMs;
  return Math.abs(offset) < 1000 ? 0 : Math.round(offset);
}

/**
 * Formats UNIX seconds for the engine's `since`/`until` parameters: `seconds.nanoseconds` with
 * no exponent, which is the form the engine parses (a JS number may print as `1e-7`).
 */
export function toEngineTimestamp(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '0';
  const whole = Math.floor(seconds);
  const nanos = Math.round((seconds - whole) * 1e9);
  if (nanos >= 1e9) return String(whole + 1);
  return nanos === 0 ? String(whole) : `${whole}.${String(nanos).padStart(9, '0')}`;
}
