import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {BUSYBOX, docker, uniqueName} from '../helpers/bench.js';
import {demoProject} from '../helpers/compose.js';
import type {PrivateEngine} from '../helpers/private-engine.js';
import {benchAndSecondContexts, startBerthOnContexts, startSecondEngine} from '../helpers/several-engines.js';
import {berthPerTest, type Terminal} from '../helpers/terminal.js';

// The compose view on two engines (the shared TLS bench engine, context "bench", and a private dockerd, context "second"):
// it shows one engine at a time, the first until /engine:NAME picks another. A project that exists only on the
// second engine shows once it is picked, and its logs, down and up go to the second engine (checked with docker
// there), never to the bench.
const name = uniqueName('berth-e2e-cmp2');
const demo = demoProject(name, {
  compose: `version: "3.7"
services:
  worker:
    image: ${BUSYBOX}
    stop_signal: SIGKILL
    network_mode: none
    command: ${JSON.stringify("sh -c 'i=0; while true; do echo worker line $$i; i=$$((i+1)); sleep 0.2; done'")}
`,
});

let second: PrivateEngine;
let configDir: string;
const berth = berthPerTest();
let terminal: Terminal | undefined;
const stateDir = mkdtempSync(join(tmpdir(), 'berth-e2e-state-'));

// compose v1 against the second engine, straight to its socket.
function composeOnSecond(args: string[]): string {
  const env: NodeJS.ProcessEnv = {...process.env, DOCKER_HOST: second.host};
  for (const key of ['DOCKER_TLS_VERIFY', 'DOCKER_CERT_PATH', 'DOCKER_CONTEXT', 'DOCKER_CONFIG']) delete env[key];
  return execFileSync('docker-compose', ['-p', name, ...args], {cwd: demo.dir, env, encoding: 'utf8', stdio: 'pipe'});
}

const onSecond = (args: string[]) => second.docker(args);
const labelled = (engine: (args: string[]) => string) =>
  engine(['ps', '-a', '--filter', `label=com.docker.compose.project=${name}`, '--format', '{{.State}}'])
    .trim()
    .split('\n')
    .filter(Boolean);

beforeAll(async () => {
  second = await startSecondEngine();
  composeOnSecond(['up', '-d']);
  configDir = benchAndSecondContexts(second);
}, 180_000);

afterAll(async () => {
  await second?.stop();
  for (const dir of [configDir, demo.dir, stateDir]) if (dir) rmSync(dir, {recursive: true, force: true});
}, 60_000);

const projectRow = (screen: string) =>
  screen.split('\n').find(line => line.includes(name) && /running|exited/.test(line));

describe('view 3 with several engines', () => {
  test('a project only on the second engine shows after /engine:second; L, D and u go to that engine', async () => {
    terminal = berth.adopt(
      startBerthOnContexts(configDir, ['--context', 'bench', '--context', 'second'], 160, 40, {
        XDG_STATE_HOME: stateDir,
      }),
    );
    const t = terminal;
    await t.waitFor(/ENGINE\s+NAME/, 20_000);
    t.type('3');
    await t.waitFor('compose on bench · /engine:NAME for another', 20_000);
    t.type('/');
    t.type(name);
    t.keys('Enter');
    await t.waitFor(`filter: ${name}`);
    expect(projectRow(t.screen())).toBeUndefined();

    // The engine term picks the engine and leaves the filter; the rest filters.
    t.type('/');
    t.keys('C-e', 'C-u');
    t.type(`engine:second ${name}`);
    t.keys('Enter');
    await t.waitFor('compose on second · /engine:NAME for another');
    await t.waitUntil(s => (projectRow(s) ?? '').includes('running'), 'the project of the second engine', 20_000);
    expect(t.screen()).toContain(`filter: ${name}`);

    // An unknown name: one line naming the engines there are; the compose view stays on the second engine.
    t.type('/');
    t.keys('C-e', 'C-u');
    t.type(`engine:nowhere ${name}`);
    t.keys('Enter');
    await t.waitFor('no engine "nowhere" here: the engines are bench, second');
    expect(t.screen()).toContain('compose on second');

    t.type('L');
    await t.waitFor(/worker \| worker line \d+/, 20_000);
    t.keys('Escape');

    // s: through the Engine API of the second engine.
    t.type('s');
    await t.waitFor(`Stop the 1 running container of ${name}?`);
    t.type('y');
    await t.waitUntil(s => (projectRow(s) ?? '').includes('exited'), 'the project exited', 20_000);
    expect(labelled(onSecond)).toEqual(['exited']);

    // u: compose up, with the second engine's context.
    t.type('u');
    await t.waitFor(`compose up second/${name}: exit 0`, 60_000);
    expect(labelled(onSecond)).toEqual(['running']);
    expect(labelled(docker)).toEqual([]);
    t.keys('Escape');
    await t.waitUntil(s => (projectRow(s) ?? '').includes('running'), 'running again on the second engine', 20_000);

    t.type('D');
    const dialog = await t.waitFor(`Bring ${name} down (compose down)? These go:`, 20_000);
    expect(dialog).toContain(`container ${name}_worker_1  (worker, running)`);
    t.type('y');
    await t.waitFor(`compose down second/${name}: exit 0`, 60_000);
    expect(labelled(onSecond)).toEqual([]);

    // The command log names the engine the commands went to.
    const log = readFileSync(join(stateDir, 'berth', 'commands.log'), 'utf8');
    expect(log).toMatch(new RegExp(`--context=second .*--project-name=${name}.* down`));
    expect(log).toMatch(new RegExp(`--context=second .*--project-name=${name}.* up`));
    expect(log).toContain(`docker --context second stop ${name}_worker_1`);
    t.type('q');
    expect(await t.exitCode()).toBe(0);
  }, 180_000);
});
