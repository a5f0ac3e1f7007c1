import {UsageError} from '../errors.js';
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
      return toEngineTimestamp(parseSince(value, now));
    } catch (error) {
      throw new UsageError(`${flag} ${(error as Error).message}`);
    }
  };
  const query = {
    since: time('--since', flags.since),
    until: time('--until', flags.until),
    filters: parseFilters(flags.filter ?? []),
  };
  const stop = new AbortController();
  io.once('SIGINT', () => stop.abort());
  io.once('SIGTERM', () => stop.abort());
  return withEngine(target, async client => {
    await readEvents(
      client.docker,
      query,
      event => void io.stdout.write(`${flags.json ? eventJson(event) : eventLine(event)}\n`),
      stop.signal,
    );
    return 0;
  });
}
