// A container connected to a network, or disconnected, gets no container event: the engine sends a network event
// naming it. The session lists the container again on it, so every view (the networks' USED BY, a container's
// networks) follows. A running container's row may lag the `connect` event by a few ms (the engine sends it while
// the container joins): each connect is checked several times.
import {afterAll, beforeAll, expect, test} from 'vitest';
import type {ContainerRow} from '../../source/engine/containers/rows.js';
import {EngineSession} from '../../source/engine/session.js';
import {resolveEngineTarget} from '../../source/engine/target.js';
import {benchEnv, docker, runTestContainer} from '../helpers/bench.js';

const NAME = `berth-netjoin-${process.pid}`;
const NETWORK = `${NAME}-net`;
const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

beforeAll(() => {
  docker(['network', 'create', NETWORK]);
  runTestContainer(NAME, ['sleep', '600']);
  // Made with --network none (the bench has no default bridge), which admits no other network.
  docker(['network', 'disconnect', 'none', NAME]);
});
afterAll(() => {
  docker(['rm', '-f', NAME]);
  docker(['network', 'rm', NETWORK]);
});

test('connect and disconnect of a running container reach the list', async () => {
  let latest: readonly ContainerRow[] = [];
  // Network events are watched as berth watches them (view 9's types): without them only other tests' container
  // events, each listing every container again, brought the change, and a quiet moment of 10 s failed the test.
  const session = new EngineSession(
    resolveEngineTarget({}, benchEnv()),
    {
      connection: () => {},
      containers: items => (latest = items),
      stale: () => {},
    },
    ['network'],
  );
  const joined = () => latest.find(row => row.name === NAME)?.networks?.some(n => n.name === NETWORK) ?? false;
  const until = async (want: boolean, what: string) => {
    const end = Date.now() + 10_000;
    while (joined() !== want) {
      if (Date.now() > end) throw new Error(`${what}: the list never showed it`);
      await sleep(25);
    }
  };
  session.start();
  try {
    await until(false, 'the first list');
    for (let i = 0; i < 3; i++) {
      docker(['network', 'connect', NETWORK, NAME]);
      await until(true, `connect ${i + 1}`);
      docker(['network', 'disconnect', NETWORK, NAME]);
      await until(false, `disconnect ${i + 1}`);
    }
    expect(joined()).toBe(false);
  } finally {
    session.close();
  }
});
