import {afterAll, beforeAll} from 'vitest';
import {startPrivateEngine, type PrivateEngine} from './private-engine.js';
import {startBerth, type Terminal} from './terminal.js';

// berth on a private engine alone (DOCKER_HOST, none of the bench's TLS variables): the tests that kill an
// engine under berth use one, as the shared bench engine is never killed.
export function startBerthOnEngine(engine: PrivateEngine, rows: number, columns = 120): Terminal {
  return startBerth({
    env: {
      DOCKER_HOST: engine.host,
      DOCKER_TLS_VERIFY: undefined,
      DOCKER_CERT_PATH: undefined,
      DOCKER_CONTEXT: undefined,
    },
    columns,
    rows,
  });
}

// The start those tests share: a private engine started before the file's tests (`prepare` puts in what they
// need), `open` starting berth on it, and every terminal opened and the engine stopped after the tests.
export function privateEngineUnderBerth(
  rows: number,
  prepare: (engine: PrivateEngine) => void,
): {terminals: Terminal[]; open: () => Terminal} {
  let engine: PrivateEngine | undefined;
  const terminals: Terminal[] = [];
  beforeAll(async () => {
    engine = await startPrivateEngine();
    prepare(engine);
  }, 120_000);
  afterAll(async () => {
    for (const t of terminals) t.stop();
    await engine?.stop();
  }, 60_000);
  const open = () => {
    const t = startBerthOnEngine(engine!, rows);
    terminals.push(t);
    return t;
  };
  return {terminals, open};
}
