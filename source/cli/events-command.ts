import {BerthError, UsageError} from '../errors.js';
import {describeLostConnection} from '../engine/connection-state.js';
import {cleanText, eventTime} from '../engine/events/event-record.js';
import type {EngineEvent} from '../engine/events/engine-event.js';
import {readEvents} from '../engine/events/read-events.js';
import type {EngineTarget} from '../engine/target.js';
import {parseSince, toEngineTimestamp} from '../text/since.js';
import type {CommandFlags} from './args.js';
import {refuseFlags, withEngine, type CommandIo} from './image-commands.js';

// --filter KEY=VALUE, repeatable, as docker events takes it (type, event, container, image, label, …); the
// engine checks the keys.
function parseFilters(filters: readonly string[]): Record<string, string[]> {
  const result: Record<string, string[]> = {};
  for (const filter of filters) {
    const at = filter.indexOf('=');
    if (at <= 0)
      throw new UsageError(`--filter "${filter}": give KEY=VALUE (type=container, event=die, container=web)`);
    const key = filter.slice(0, at);
    (result[key] ??= []).push(filter.slice(at + 1));
  }
  return result;
}

// What the engine sends, every string cleaned (a name or label is anything a container's creator chose).
function cleaned(value: unknown): unknown {
  if (typeof value === 'string') return cleanText(value);
  if (Array.isArray(value)) return value.map(cleaned);
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [cleanText(key), cleaned(inner)]));
  return value;
}

// The engine's object as it sent it, timeNano to the last digit.
function eventJson({timeNanoText, ...event}: EngineEvent): string {
  const json = JSON.stringify(cleaned(event));
  return timeNanoText ? json.replace(/"timeNano":[\d.e+]+/, `"timeNano":${timeNanoText}`) : json;
}

// docker events' line: time, type, action, ID, then the attributes in parentheses (sorted, as docker does).
function eventLine(event: EngineEvent): string {
  const nanos = BigInt(event.timeNanoText ?? Math.round(eventTime(event) * 1e6));
  const seconds = nanos / 1_000_000_000n;
  const fraction = String(nanos % 1_000_000_000n).padStart(9, '0');
  const time = `${new Date(Number(seconds) * 1000).toISOString().slice(0, 19)}.${fraction}Z`;
  const attributes = Object.entries(event.Actor?.Attributes ?? {})
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join(', ');
  const id = event.Actor?.ID ?? event.id ?? '';
  return cleanText(
    `${time} ${event.Type ?? ''} ${event.Action ?? event.status ?? ''} ${id}${attributes ? ` (${attributes})` : ''}`,
  );
}

// berth events [--since T] [--until T] [--filter K=V]... [--json]: the engine's events, as docker events prints
// them (or one JSON object a line). Without --until it follows until interrupted (exit 0); with it, it ends there.
export async function eventsCommand(
  target: EngineTarget,
  args: readonly string[],
  flags: CommandFlags,
  io: CommandIo & {once(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown},
): Promise<number> {
  refuseFlags('events', flags, ['json', 'since', 'until', 'filter']);
  if (args.length) throw new UsageError(`berth events takes no arguments (got "${args.join(' ')}"); see berth --help`);
  const now = Date.now();
  const time = (flag: string, value: string | undefined) => {
    if (value === undefined) return undefined;
    try {
      const seconds = parseSince(value, now);
      // UNIX seconds with nanoseconds go to the engine as written: a double keeps only about a microsecond of them,
      // and the --since that berth gives after a lost engine must not show the last event again.
      return /^\d+\.\d{1,9}$/.test(value.trim()) ? value.trim() : toEngineTimestamp(seconds);
    } catch (error) {
      // The parser names the engine's `since` parameter; here the flag is the name.
      throw new UsageError(`${flag}: ${(error as Error).message.replace(/^invalid since value/, 'not a time:')}`);
    }
  };
  const query = {
    since: time('--since', flags.since),
    until: time('--until', flags.until),
    filters: parseFilters(flags.filter ?? []),
  };
  // The engine answers an --until before --since with HTTP 400.
  if (query.since !== undefined && query.until !== undefined && Number(query.until) < Number(query.since))
    throw new UsageError(
      `--until (${flags.until ?? ''}) is before --since (${flags.since ?? ''}): a relative time counts back from now, so --since 10m --until 0s reads the last ten minutes`,
    );
  const stop = new AbortController();
  io.once('SIGINT', () => stop.abort());
  io.once('SIGTERM', () => stop.abort());
  // Where a new `berth events` would go on from, should the engine go away: just after the last event printed.
  let resume = query.since ?? toEngineTimestamp(now / 1000);
  return withEngine(target, async client => {
    try {
      await readEvents(
        client.docker,
        query,
        event => {
          resume = after(event);
          io.stdout.write(`${flags.json ? eventJson(event) : eventLine(event)}\n`);
        },
        stop.signal,
      );
    } catch (error) {
      if (!stop.signal.aborted) throw lost(describeLostConnection(target.url, error), resume);
    }
    // Without --until only the engine ends the stream: it stopped, restarted or was cut off.
    if (query.until === undefined && !stop.signal.aborted)
      throw lost(
        `engine ${target.url}: connection lost (the event stream ended): the engine stopped or restarted, or the network dropped`,
        resume,
      );
    return 0;
  });
}

// The engine went away mid-stream: one line, and the command that goes on without missing an event.
function lost(reason: string, resume: string): BerthError {
  return new BerthError(
    `${reason}; once it is back, berth events --since ${resume} goes on after the last event shown`,
  );
}

// The engine's time just after the event (to the nanosecond when it sent one), as --since takes it.
function after(event: EngineEvent): string {
  if (!event.timeNanoText) return toEngineTimestamp(eventTime(event) / 1000 + 0.001);
  const nanos = BigInt(event.timeNanoText) + 1n;
  return `${nanos / 1_000_000_000n}.${String(nanos % 1_000_000_000n).padStart(9, '0')}`;
}
