// The engine's first requests are made before the UI's modules load: the connection and, at once, the container
// list (source/engine/early-start.ts). The session takes that list over instead of asking again, and asks for
// events from the time the engine answered it, so a container that changed between the early list and the event stream is not
// missed. Against the bench engine.
import {afterAll, expect, test} from 'vitest';
import type {ContainerRow} from '../../source/engine/containers/rows.js';
import {startEngine} from '../../source/engine/early-start.js';
import {EngineSession} from '../../source/engine/session.js';
import {resolveEngineTarget} from '../../source/engine/target.js';
import {benchEnv, docker, runTestContainer} from '../helpers/bench.js';

const NAME = `berth-early-${process.pid}`;
const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

afterAll(() => {
  docker(['rm', '-f', NAME]);
});

test('the session shows the early list as its first, then catches up with a container made after it', async () => {
  const target = resolveEngineTarget({}, benchEnv());
  const start = startEngine(target);
  const early = await start.containers;
  if (!early) throw new Error('no early list');
  expect(early.rows.some(row => row.name === NAME)).toBe(false);
  expect(early.engineTime).toBeGreaterThan(0);
  // After the early list and before the session watches events: the window the UI's loading opens.
  runTestContainer(NAME, ['sleep', '600']);

  const lists: ContainerRow[][] = [];
  const session = new EngineSession(target, {
    connection: () => {},
    containers: items => lists.push(items),
    stale: () => {},
  });
  session.start(start.client, start.containers);
  try {
    const end = Date.now() + 15_000;
    while (!lists.at(-1)?.some(row => row.name === NAME)) {
      if (Date.now() > end) throw new Error(`${NAME} never listed (lists: ${lists.length})`);
      await sleep(50);
    }
    // The first list the session reported is the early one, not a second request's.
    expect(lists[0]).toBe(early.rows);
  } finally {
    session.close();
  }
});

test('the first event stream waits for the first frame, and replays what happened meanwhile', async () => {
  const name = `${NAME}-settled`;
  const target = resolveEngineTarget({}, benchEnv());
  const start = startEngine(target);
  await start.containers;
  runTestContainer(name, ['sleep', '600']);
  const lists: ContainerRow[][] = [];
  const session = new EngineSession(target, {
    connection: () => {},
    containers: items => lists.push(items),
    stale: () => {},
  });
  let drawn = () => {};
  const firstFrame = new Promise<void>(resolve => (drawn = resolve));
  session.start(start.client, start.containers, start.startedAt, firstFrame);
  const listed = () => lists.some(items => items.some(row => row.name === name));
  try {
    // Well within the session's longest wait (250 ms), and the early list is taken over by then.
    await sleep(150);
    expect(lists.length).toBeGreaterThan(0);
    expect(listed()).toBe(false);
    drawn();
    const end = Date.now() + 15_000;
    while (!listed()) {
      if (Date.now() > end) throw new Error(`${name} never listed once the frame was out (lists: ${lists.length})`);
      await sleep(50);
    }
  } finally {
    session.close();
    docker(['rm', '-f', name]);
  }
});
