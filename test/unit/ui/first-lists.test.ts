import {expect, test} from 'vitest';
import type {EngineClient} from '../../../source/engine/client.js';
import type {EarlyList} from '../../../source/engine/early-list.js';
import type {EngineStart} from '../../../source/engine/early-start.js';
import {FIRST_LIST_WAIT_MS, firstLists} from '../../../source/ui/first-lists.js';

// The first frame waits (a little) for each engine's list and its connection: a list reaches the store only once
// the connection is made, so a ping answered just after the list must be waited for too.
const later = <T>(ms: number, value: T) => new Promise<T>(resolve => setTimeout(() => resolve(value), ms));
const never = <T>() => new Promise<T>(() => {});
const client = {} as EngineClient;
const list: EarlyList = {rows: []};

test('waits for a connection made just after its list', async () => {
  let connected = false;
  const start: EngineStart = {
    client: later(20, client).then(value => ((connected = true), value)),
    containers: Promise.resolve(list),
  };
  await firstLists([start]);
  expect(connected).toBe(true);
});

test('waits for every engine, the slower one too', async () => {
  let listed = false;
  const quick: EngineStart = {client: Promise.resolve(client), containers: Promise.resolve(list)};
  const slower: EngineStart = {
    client: Promise.resolve(client),
    containers: later(20, list).then(value => ((listed = true), value)),
  };
  await firstLists([quick, slower]);
  expect(listed).toBe(true);
});

test('an engine that never answers holds the first frame FIRST_LIST_WAIT_MS at most', async () => {
  const began = performance.now();
  await firstLists([{client: never(), containers: Promise.resolve(list)}]);
  const waited = performance.now() - began;
  expect(waited).toBeGreaterThanOrEqual(FIRST_LIST_WAIT_MS - 2);
  expect(waited).toBeLessThan(FIRST_LIST_WAIT_MS + 1000);
});

test('a failed connection does not hold it', async () => {
  const began = performance.now();
  await firstLists([{client: Promise.reject(new Error('refused')), containers: Promise.resolve(list)}]);
  expect(performance.now() - began).toBeLessThan(FIRST_LIST_WAIT_MS);
});
