import {benchEnv} from './bench.js';
import {dockerConfigWithContexts, type ContextSpec} from './contexts.js';
import {startPrivateEngine, type PrivateEngine} from './private-engine.js';
import {startBerth, type Terminal} from './terminal.js';

// What the tests of berth on several engines at once share: a private dockerd beside the shared bench engine,
// a docker config directory of the test's own with a context for each ("bench", "second", and any more), berth
// started on that config alone, and the list's filter.

// A private engine with busybox loaded: the "second" context.
export async function startSecondEngine(): Promise<PrivateEngine> {
  const second = await startPrivateEngine();
  second.loadBusybox();
  return second;
}

// A docker config directory with the contexts "bench" (the TLS bench engine) and "second", then `more`.
export function benchAndSecondContexts(second: PrivateEngine, more: readonly ContextSpec[] = []): string {
  const env = benchEnv();
  return dockerConfigWithContexts([
    {name: 'bench', host: env.DOCKER_HOST!, tlsDir: env.DOCKER_CERT_PATH},
    {name: 'second', host: second.host},
    ...more,
  ]);
}

// berth with only the config's contexts to go by: none of the bench's DOCKER_* variables.
// `env`: more of berth's environment (a state directory of the test's own, for its command log).
export function startBerthOnContexts(
  configDir: string,
  args: string[],
  columns = 200,
  rows = 60,
  env: NodeJS.ProcessEnv = {},
): Terminal {
  return startBerth({
    args,
    env: {
      DOCKER_CONFIG: configDir,
      DOCKER_HOST: undefined,
      DOCKER_TLS_VERIFY: undefined,
      DOCKER_CERT_PATH: undefined,
      DOCKER_CONTEXT: undefined,
      ...env,
    },
    columns,
    rows,
  });
}

// The row of a list naming `name` on `engine` (its ENGINE column first).
export const rowOf = (screen: string, name: string, engine: string) =>
  screen.split('\n').find(line => new RegExp(`\\b${engine}\\s+${name}\\b`).test(line));

export async function filterTo(t: Terminal, filter: string): Promise<void> {
  t.type('/');
  // The prompt starts with the filter in place: ctrl-e ctrl-u empties it.
  t.keys('C-e', 'C-u');
  t.type(filter);
  t.keys('Enter');
  await t.waitFor(`filter: ${filter}`);
}
