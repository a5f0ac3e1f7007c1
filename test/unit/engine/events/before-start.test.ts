import {expect, test} from 'vitest';
import {happenedBefore, startOnEngineClock} from '../../../../source/engine/events/before-start.js';

const SECOND = 1_800_000_000;

test('an engine whose Date header agrees with our clock to the second: berth started when it asked', () => {
  // Asked at .300, the header says that second, read at .450: the clocks may agree.
  expect(startOnEngineClock(SECOND, SECOND * 1000 + 300, SECOND * 1000 + 450)).toBe(SECOND * 1000 + 300);
  // Asked at .900 of the second before, answered in the next: still consistent with one clock.
  expect(startOnEngineClock(SECOND, SECOND * 1000 - 100, SECOND * 1000 + 50)).toBe(SECOND * 1000 - 100);
});

test('an engine whose clock is seconds away: the start is moved by the offset the header allows, at its middle', () => {
  // Our clock says 10 s later than the engine's header: the engine is ~10 s behind.
  const asked = (SECOND + 10) * 1000 + 300;
  const start = startOnEngineClock(SECOND, asked, asked + 100);
  // The engine wrote its header between our .300 and .400, at an engine time within [SECOND, SECOND + 1).
  expect(start).toBeGreaterThanOrEqual(SECOND * 1000);
  expect(start).toBeLessThan((SECOND + 1) * 1000);
  expect(start).toBe(SECOND * 1000 + 450);
  // An engine ahead of us.
  expect(startOnEngineClock(SECOND, (SECOND - 5) * 1000, (SECOND - 5) * 1000 + 200)).toBe(SECOND * 1000 + 400);
});

test("an event's time: its nanoseconds, else all of its second; none, and it is news", () => {
  const start = SECOND * 1000 + 300;
  // Dated in whole seconds only: before the start only if all of its second is.
  expect(happenedBefore({time: SECOND}, start)).toBe(false);
  expect(happenedBefore({time: SECOND - 1}, start)).toBe(true);
  expect(happenedBefore({timeNano: SECOND * 1e9 + 299.9e6}, start)).toBe(true);
  expect(happenedBefore({timeNano: SECOND * 1e9 + 300.1e6}, start)).toBe(false);
  expect(happenedBefore({}, start)).toBe(false);
  // No replay asked for (events from now on): nothing is from before.
  expect(happenedBefore({time: 1}, undefined)).toBe(false);
});
