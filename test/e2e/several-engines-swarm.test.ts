import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {BUSYBOX, benchEnv} from '../helpers/bench.js';
import {dockerConfigWithContexts} from '../helpers/contexts.js';
import {eventually, startSwarm, type TestSwarm} from '../helpers/swarm.js';
import {startBerthOnContexts} from '../helpers/several-engines.js';
import {berthPerTest, type Terminal} from '../helpers/terminal.js';

// The swarm view on two engines: the shared bench engine (context "bench", first, not in a swarm) and a one-node swarm
// of this file's own (context "mgr"). The swarm view shows the manager by default, says so on the bench when it is
// picked, and its actions go to the manager.
const service = `pick-${process.pid}`;
let swarm: TestSwarm;
let configDir: string;
const berth = berthPerTest();
let terminal: Terminal | undefined;
const stateDir = mkdtempSync(join(tmpdir(), 'berth-e2e-state-'));

beforeAll(async () => {
  swarm = await startSwarm({worker: false});
  swarm.docker(['service', 'create', '-d', '--name', service, '--replicas', '1', BUSYBOX, 'sleep', '600']);
  const env = benchEnv();
  configDir = dockerConfigWithContexts([
    {name: 'bench', host: env.DOCKER_HOST!, tlsDir: env.DOCKER_CERT_PATH},
    {name: 'mgr', host: swarm.manager.host},
  ]);
}, 120_000);

afterAll(async () => {
  await swarm?.stop();
  for (const dir of [configDir, stateDir]) if (dir) rmSync(dir, {recursive: true, force: true});
}, 60_000);

async function pick(t: Terminal, filter: string): Promise<void> {
  t.type('/');
  t.keys('C-e', 'C-u');
  t.type(filter);
  t.keys('Enter');
}

describe('view 6 with several engines', () => {
  test('the manager by default; /engine:bench says it is not one; + scales on the manager', async () => {
    terminal = berth.adopt(
      startBerthOnContexts(configDir, ['--context', 'bench', '--context', 'mgr'], 140, 30, {
        XDG_STATE_HOME: stateDir,
      }),
    );
    const t = terminal;
    await t.waitFor('6 Swarm', 20_000);
    t.type('6');
    await t.waitFor('swarm on mgr · /engine:NAME for another', 20_000);
    await t.waitUntil(s => new RegExp(`${service} +replicated +1/1`).test(s), `${service} 1/1`, 30_000);

    await pick(t, 'engine:bench');
    await t.waitFor('swarm on bench · /engine:NAME for another');
    await t.waitFor('bench: it is not a swarm manager (swarm: inactive)');
    expect(t.screen()).not.toContain(service);

    await pick(t, 'engine:mgr');
    await t.waitUntil(s => new RegExp(`${service} +replicated +1/1`).test(s), 'the manager again', 30_000);
    t.type('+');
    await t.waitUntil(s => new RegExp(`${service} +replicated +2/2`).test(s), `${service} 2/2`, 30_000);
    await eventually('2 replicas asked on the manager', () =>
      swarm.docker(['service', 'inspect', service, '--format', '{{.Spec.Mode.Replicated.Replicas}}']).trim() === '2'
        ? true
        : undefined,
    );
    const log = readFileSync(join(stateDir, 'berth', 'commands.log'), 'utf8');
    expect(log).toContain(`docker --context mgr service scale ${service}=2`);
    t.type('q');
    expect(await t.exitCode()).toBe(0);
  }, 180_000);
});
