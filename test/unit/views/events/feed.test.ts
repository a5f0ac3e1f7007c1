import {expect, test} from 'vitest';
import {eventRecord} from '../../../../source/engine/events/event-record.js';
import {eventMatcher} from '../../../../source/engine/events/event-filter.js';
import {AppRuntime} from '../../../../source/views/kit/runtime.js';
import {addEvent, allEvents, feed, ringOf, shownEvents} from '../../../../source/views/events/feed.js';

const owner = (eventBufferLines?: number) => ({runtime: new AppRuntime(), config: {eventBufferLines}});
const died = (i: number) =>
  eventRecord({
    Type: 'container',
    Action: i % 2 ? 'die' : 'start',
    timeNano: (1_700_000_000 + i) * 1e9,
    Actor: {ID: `id-${i}`, Attributes: {name: `c-${i}`, exitCode: '1'}},
  });

test('10,000 events keep the newest bufferLines (5,000 by default); the filter sees only those', () => {
  const app = owner();
  for (let i = 0; i < 10_000; i++) addEvent(app, died(i));
  const lines = allEvents(app);
  expect(lines.length).toBe(5000);
  expect(lines.get(0).name).toBe('c-5000');
  expect(lines.get(4999).name).toBe('c-9999');
  const dies = shownEvents(app, 'action:die', 1, eventMatcher);
  expect(dies.length).toBe(2500);
  expect(dies.get(2499).name).toBe('c-9999');
  feed(app).publisher.stop();
});

test('a configured bufferLines bounds it; a window replay goes in front of the live events after it, bounded too', () => {
  const app = owner(100);
  for (let i = 0; i < 150; i++) addEvent(app, died(i));
  expect(ringOf(app).length).toBe(100);
  // The engine replayed 80 events up to the time of event 120; the ring's events after that follow them.
  feed(app).past = {events: Array.from({length: 80}, (_, i) => died(i)), untilMs: died(120).time};
  const lines = allEvents(app);
  expect(lines.length).toBe(100);
  expect(lines.get(99).name).toBe('c-149');
  // 29 live ones (121–149) after the newest 71 replayed.
  expect(lines.get(70).name).toBe('c-79');
  expect(lines.get(71).name).toBe('c-121');
  feed(app).publisher.stop();
});
