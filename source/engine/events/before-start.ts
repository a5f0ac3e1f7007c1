import type {EngineEvent} from './engine-event.js';

// Events asked `since` the whole second of an engine's Date header (the early list's or the ping's) start at that
// second's beginning: the engine replays what happened in it before berth asked anything (a container that died
// just before berth started). Those refresh the lists like any event but are no news to alert on.
//
// Where berth's first request falls on the engine's clock: the engine wrote the header at some moment between that
// request (`askedAtMs`) and now, on our clock, and within [since, since + 1 s) on its own. The clocks are taken to
// agree whenever that allows it (the same host, or both kept by NTP); otherwise the offset is the middle of what
// it allows (off by at most half of a second and the wait, on an engine whose clock is seconds away).
export function startOnEngineClock(sinceSecond: number, askedAtMs: number, nowMs: number): number {
  const low = sinceSecond * 1000 - nowMs;
  const high = (sinceSecond + 1) * 1000 - askedAtMs;
  const offset = low <= 0 && high >= 0 ? 0 : (low + high) / 2;
  return askedAtMs + offset;
}

// Whether the event happened before `startMs` (the engine's clock): by its nanoseconds, or for an event dated in
// whole seconds only, when all of its second is before. An event without a time is taken as news: better one alert
// too many than a death not told.
export function happenedBefore(event: EngineEvent, startMs: number | undefined): boolean {
  if (startMs === undefined) return false;
  if (typeof event.timeNano === 'number' && Number.isFinite(event.timeNano)) return event.timeNano / 1e6 < startMs;
  if (typeof event.time === 'number' && Number.isFinite(event.time)) return (event.time + 1) * 1000 <= startMs;
  return false;
}

// Where the session's live events start after an early list, so what changed in between is replayed: from a second
// before berth's first request on the engine's clock (the engine dates its answer once it has built the list, which
// may be in the next second), or where that is not known, the second it answered the list (`heard`: its Date header,
// or the ping's, for a list that followed the connection). `startOnEngine` is undefined where nothing is known.
export function liveEventsFrom(
  heard: number | undefined,
  askedAtMs: number | undefined,
  answeredAtMs: number,
): {since?: number; startOnEngine?: number} {
  if (heard === undefined) return {};
  if (askedAtMs === undefined) return {since: heard};
  const startOnEngine = startOnEngineClock(heard, askedAtMs, answeredAtMs);
  return {since: Math.min(heard, Math.floor(startOnEngine / 1000) - 1), startOnEngine};
}
