// The engine's first requests are made before the UI's modules load: the connection and, at once, the container
// list (source/engine/early-start.ts). The session takes that list over instead of asking again, and asks for
// events from the time the engine answered it, so a container that changed between the early list and the event stream is not
// missed. Against the bench engine.
import {afterAll, expect, test} from 'vitest';
import type {ContainerRow} from '../../source/engine/containers/rows.js';
import {startEngines} from '../../source/engine/early-start.js';
import {startEngine} from '../helpers/early-start.js';
import {EngineSession} from '../../source/engine/session.js';
import {resolveEngineTarget} from '../../source/engine/target.js';
import {benchEnv, docker, runTestContainer} from '../helpers/bench.js';
import {startFaultProxy} from '../helpers/fault-proxy.js';

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

// dockerd puts its version on every answer: the early list's headers make the connection, and the start opens one
// TLS connection to the engine, not a second one for /_ping (its handshake was CPU on the start's one thread).
test('the start opens one connection to a TLS engine: the list answers for the ping', async () => {
  const env = benchEnv();
  const url = new URL(env.DOCKER_HOST!.replace(/^tcp:/, 'https:'));
  const proxy = await startFaultProxy({host: url.hostname, port: Number(url.port)});
  try {
    const start = startEngine(resolveEngineTarget({}, {...env, DOCKER_HOST: proxy.url('tcp')}));
    const client = await start.client;
    const early = await start.containers;
    expect(early?.rows.some(row => row.name === 'bench-logger')).toBe(true);
    expect(client.version.ApiVersion).toMatch(/^1\.\d+$/);
    expect(client.version.Version).toBe(docker(['version', '--format', '{{.Server.Version}}']).trim());
    expect(proxy.accepted).toBe(1);
    client.close();
  } finally {
    await proxy.close();
  }
});

// With two engines, one over a unix socket answers within milliseconds; connecting it then would load dockerode
// while the other's TLS handshakes are under way, and hold them up (the Podman start row, docs/benchmarks.md).
test('no engine connects before the early requests of every engine have left', async () => {
  const env = benchEnv();
  const url = new URL(env.DOCKER_HOST!.replace(/^tcp:/, 'https:'));
  // The TLS engine's answers 15 ms late: its handshake cannot finish sooner (20 ms is the most the wait lasts).
  const proxy = await startFaultProxy({host: url.hostname, port: Number(url.port)}, {latencyMs: 15});
  const far = resolveEngineTarget({}, {...env, DOCKER_HOST: proxy.url('tcp')});
  const near = resolveEngineTarget({}, {...env, DOCKER_HOST: `unix://${env.BERTH_TESTBED_DIR}/engine/docker.sock`});
  // The connection's modules loaded beforehand, as they are after the first start.
  await import('../../source/engine/client.js');
  try {
    const began = performance.now();
    const [tls, unix] = startEngines([far, near]);
    let left: number | undefined;
    void tls!.sent!.then(() => (left = performance.now() - began));
    const nearClient = await unix!.client;
    const connectedAt = performance.now() - began;
    expect(left).toBeDefined();
    expect(connectedAt).toBeGreaterThanOrEqual(14);
    expect((await unix!.containers)?.rows.length).toBeGreaterThan(0);
    const farClient = await tls!.client;
    // The same engine both ways: the testbed's own containers in both lists (tests running beside this one make and
    // remove others between the two reads).
    const benchRows = (list: {rows: {name: string}[]} | undefined) =>
      (list?.rows ?? [])
        .map(row => row.name)
        .filter(name => /^bench-(logger|colors|idle|env)$/.test(name))
        .sort();
    expect(benchRows(await tls!.containers)).toEqual(benchRows(await unix!.containers));
    expect(benchRows(await tls!.containers)).toHaveLength(4);
    nearClient.close();
    farClient.close();
  } finally {
    await proxy.close();
  }
});
