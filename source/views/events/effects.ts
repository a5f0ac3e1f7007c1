import {eventRecord, type EventRecord} from '../../engine/events/event-record.js';
import {readEvents} from '../../engine/events/read-events.js';
import {errorMessage} from '../../errors.js';
import {toEngineTimestamp} from '../../text/since.js';
import type {Services} from '../types.js';
import {addEvent, allEvents, feed, ringOf} from './feed.js';
import {EVENT_WINDOWS} from './state.js';
import type {EngineEvent} from '../../engine/events/engine-event.js';

// Every event of every engine goes into the ring, whichever view shows; the view is told at most 10 times a
// second, and only while it shows.
export function takeEvent(services: Services, event: EngineEvent, engine: string | undefined): void {
  const self = feed(services);
  if (!self.publisher.listenerCount) self.publisher.subscribe(() => publish(services));
  addEvent(services, eventRecord(event, engine));
}

export function publish(services: Services): void {
  if (services.store.get().view !== 'events') return;
  const self = feed(services);
  const ring = ringOf(services);
  const appended = ring.totalPushed - (self.published ?? ring.totalPushed);
  self.published = ring.totalPushed;
  services.dispatch({type: 'events.changed', version: ring.version, total: allEvents(services).length, appended});
}

// Keys 1–6: the engine replays that window (GET /events with since and until: a request that ends by itself,
// not a second stream), shown in front of the live events berth holds; 0 drops it.
export async function changeWindow(services: Services, window: number): Promise<void> {
  const self = feed(services);
  self.reading?.abort();
  self.reading = undefined;
  const spec = EVENT_WINDOWS[window];
  if (!spec?.sinceSeconds) {
    self.past = undefined;
    services.dispatch({type: 'events.replay'});
    return publish(services);
  }
  const reading = new AbortController();
  self.reading = reading;
  services.dispatch({type: 'events.replay', replay: `reading ${spec.label} from the engine…`});
  const sessions = services.engines();
  const several = sessions.length > 1;
  const nowMs = Date.now();
  const answers = await Promise.allSettled(
    sessions.map(async session => {
      const docker = session.client?.docker;
      if (!docker) throw new Error(`engine ${session.name} is not connected`);
      // The engine's clock decides which events are in the window.
      const offsetMs = await services.clockOffsetMs(session.name);
      const untilMs = nowMs + offsetMs;
      const since = Number.isFinite(spec.sinceSeconds) ? untilMs / 1000 - (spec.sinceSeconds ?? 0) : 0;
      const events: EventRecord[] = [];
      await readEvents(
        docker,
        {since: toEngineTimestamp(since), until: toEngineTimestamp(untilMs / 1000)},
        event => void events.push(eventRecord(event, several ? session.name : undefined)),
        reading.signal,
      );
      return {events, untilMs};
    }),
  );
  if (reading.signal.aborted) return;
  self.reading = undefined;
  const events: EventRecord[] = [];
  const failed: string[] = [];
  let untilMs = nowMs;
  for (const answer of answers)
    if (answer.status === 'fulfilled') {
      events.push(...answer.value.events);
      untilMs = Math.max(untilMs, answer.value.untilMs);
    } else failed.push(errorMessage(answer.reason));
  // Engines answer in turn: one order by time (sort is stable, so an engine's own order stays).
  events.sort((a, b) => a.time - b.time);
  const capacity = ringOf(services).capacity;
  self.past = {events: events.length > capacity ? events.slice(-capacity) : events, untilMs};
  services.dispatch({
    type: 'events.replay',
    replay: failed.length ? `window not read: ${failed.join('; ')}` : undefined,
  });
  publish(services);
}
