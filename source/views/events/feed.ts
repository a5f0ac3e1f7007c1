import type {EventRecord} from '../../engine/events/event-record.js';
import {LogBuffer} from '../../engine/logs/log-buffer.js';
import {Publisher} from '../../engine/logs/publisher.js';
import {countResource} from '../../diagnostics.js';
import {perApp} from '../kit/runtime.js';

export const DEFAULT_EVENT_BUFFER = 5000;
// The view draws at most this often however fast events come (a compose up, a prune: hundreds a second).
const PUBLISH_MS = 100;

// Each app's events: the ring the sessions' `/events` streams fill from the start (so view 9 is not empty when
// opened, and opening it asks the engine nothing), and a window's replay (keys 1–6) in front of the live ones.
type Feed = {
  ring?: LogBuffer<EventRecord>;
  publisher: Publisher;
  // A window read from the engine: its events up to `untilMs`; the ring's after that follow.
  past?: {events: EventRecord[]; untilMs: number};
  // The ring's push count the view was last told of (what arrived since, for a view scrolled back).
  published?: number;
  // The replay under way (a newer window key aborts it).
  reading?: AbortController;
};

export const feed = perApp<Feed>(
  () => {
    const self: Feed = {publisher: new Publisher(PUBLISH_MS)};
    countResource('eventFeedListeners', () => self.publisher.listenerCount);
    return self;
  },
  self => {
    self.publisher.stop();
    self.reading?.abort();
  },
);

type Owner = Parameters<typeof feed>[0] & {config: {eventBufferLines?: number}};

export function ringOf(owner: Owner): LogBuffer<EventRecord> {
  const self = feed(owner);
  self.ring ??= new LogBuffer<EventRecord>(owner.config.eventBufferLines ?? DEFAULT_EVENT_BUFFER);
  return self.ring;
}

export function addEvent(owner: Owner, record: EventRecord): void {
  ringOf(owner).push(record);
  feed(owner).publisher.changed();
}

// What the view shows, oldest first: the window's replay then the live events after it, or the ring alone.
export type EventLines = {length: number; get(index: number): EventRecord};

export function allEvents(owner: Owner): EventLines {
  const ring = ringOf(owner);
  const past = feed(owner).past;
  if (!past) return ring;
  // The ring's events after the replay's end: found from the newest back (the ring is in arrival order).
  let from = ring.length;
  while (from > 0 && ring.get(from - 1).time > past.untilMs) from--;
  const live = ring.length - from;
  const capacity = ring.capacity;
  // Bounded like the ring: the newest `capacity` of both.
  const skip = Math.max(0, past.events.length + live - capacity);
  return {
    length: past.events.length + live - skip,
    get: index => {
      const at = index + skip;
      return at < past.events.length ? (past.events[at] as EventRecord) : ring.get(from + at - past.events.length);
    },
  };
}

// The lines a filter keeps, computed again only when the events or the filter change.
const filtered = new WeakMap<Feed, {key: string; lines: EventLines}>();

export function shownEvents(
  owner: Owner,
  query: string,
  version: number,
  matcher: (query: string) => (record: EventRecord) => boolean,
): EventLines {
  const all = allEvents(owner);
  if (!query.trim()) return all;
  const self = feed(owner);
  const key = `${version}\u0000${ringOf(owner).totalPushed}\u0000${self.past?.untilMs ?? ''}\u0000${query}`;
  const cached = filtered.get(self);
  if (cached?.key === key) return cached.lines;
  const matches = matcher(query);
  const kept: EventRecord[] = [];
  for (let i = 0; i < all.length; i++) {
    const record = all.get(i);
    if (matches(record)) kept.push(record);
  }
  const lines = {length: kept.length, get: (index: number) => kept[index] as EventRecord};
  filtered.set(self, {key, lines});
  return lines;
}
