import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {BUSYBOX, docker} from '../helpers/bench.js';
import type {PrivateEngine} from '../helpers/private-engine.js';
import {benchAndSecondContexts, startBerthOnContexts, startSecondEngine} from '../helpers/several-engines.js';
import {berthPerTest, type Terminal} from '../helpers/terminal.js';
import {firstGroup} from '../helpers/found.js';

// The images view's actions on two engines at once — the shared TLS bench engine (context "bench") and a private dockerd
// (context "second"): a row's keys and the `:` commands naming images go to the engine that has the image, the
// confirmation names `engine/image`, and the command log names the context. And the volumes view's rows of both engines
// interleave by name, as one engine's do.
const tag = `ie${Math.random().toString(36).slice(2, 6)}`;
// Only on the second engine.
const only = `${tag}-only:v1`;
const onlyRemoved = `${tag}-gone:v1`;
// On both engines (a tag of the bench's busybox, removed at the end).
const both = `${tag}-both:v1`;
// Saved from the second engine, removed there, loaded back; `keep` keeps a row of the second engine in sight.
const archived = `${tag}-arch:v1`;
const keep = `${tag}-keep:v1`;
// Volumes a, c on the bench, b, d on the second: by name they interleave.
const volumes = {bench: [`${tag}-a`, `${tag}-c`] as const, second: [`${tag}-b`, `${tag}-d`] as const};

let second: PrivateEngine;
let configDir: string;
let stateDir: string;
const berth = berthPerTest();
let terminal: Terminal | undefined;

const onSecond = (args: string[]) => second.docker(args);
const has = (engine: (args: string[]) => string, kind: string, name: string) => {
  try {
    engine([kind, 'inspect', name]);
    return true;
  } catch {
    return false;
  }
};
const commandLog = () => {
  try {
    return readFileSync(join(stateDir, 'berth', 'commands.log'), 'utf8');
  } catch {
    return '';
  }
};

beforeAll(async () => {
  second = await startSecondEngine();
  onSecond(['tag', BUSYBOX, only]);
  onSecond(['tag', BUSYBOX, onlyRemoved]);
  onSecond(['tag', BUSYBOX, both]);
  onSecond(['tag', BUSYBOX, archived]);
  onSecond(['tag', BUSYBOX, keep]);
  docker(['tag', BUSYBOX, both]);
  for (const name of volumes.bench) docker(['volume', 'create', '--label', 'berth.test=1', name]);
  for (const name of volumes.second) onSecond(['volume', 'create', '--label', 'berth.test=1', name]);
  configDir = benchAndSecondContexts(second);
  stateDir = mkdtempSync(join(tmpdir(), 'berth-ie-state-'));
}, 180_000);

afterAll(async () => {
  for (const args of [
    ['rmi', both],
    ['volume', 'rm', '-f', ...volumes.bench],
  ])
    try {
      docker(args);
    } catch {
      // already gone
    }
  await second?.stop();
  for (const dir of [configDir, stateDir]) if (dir) rmSync(dir, {recursive: true, force: true});
}, 60_000);

function open(columns = 200, rows = 60): Terminal {
  terminal = berth.adopt(
    startBerthOnContexts(configDir, ['--context', 'bench', '--context', 'second'], columns, rows, {
      XDG_STATE_HOME: stateDir,
    }),
  );
  return terminal;
}

const rowOf = (screen: string, name: string, engine: string) =>
  screen.split('\n').find(line => new RegExp(`\\b${engine}\\s+${name}\\b`).test(line));

async function filterTo(t: Terminal, filter: string): Promise<void> {
  t.type('/');
  t.keys('C-e', 'C-u');
  t.type(filter);
  t.keys('Enter');
  await t.waitFor(`filter: ${filter}`);
}

async function command(t: Terminal, line: string): Promise<void> {
  t.type(':');
  t.type(line);
  t.keys('Enter');
}

async function openImages(t: Terminal, filter: string): Promise<void> {
  await t.waitFor(/ENGINE\s+NAME/, 20_000);
  t.type('2');
  await t.waitFor(/ENGINE\s+REPOSITORY/, 20_000);
  await filterTo(t, filter);
}

describe("view 2's actions go to the engine that has the image", () => {
  test(':rmi NAME: found on the second engine only, confirmed as second/NAME, removed there; on both, both listed', async () => {
    const t = open();
    await openImages(t, tag);
    await t.waitUntil(s => Boolean(rowOf(s, `${tag}-gone`, 'second')), 'the image of the second engine', 20_000);
    await command(t, `rmi ${onlyRemoved}`);
    const confirm = await t.waitFor(/Remove this image\?/, 20_000);
    expect(confirm).toContain(`second/${onlyRemoved}`);
    expect(confirm).not.toContain(`bench/${onlyRemoved}`);
    t.type('y');
    await t.waitFor(`Untagged: second/${onlyRemoved}`, 20_000);
    expect(has(onSecond, 'image', onlyRemoved)).toBe(false);
    expect(commandLog()).toContain(`docker --context second rmi ${onlyRemoved}`);
    t.keys('Escape');
    // The same name on both engines: two targets, each with its engine.
    await command(t, `rmi ${both}`);
    const two = await t.waitFor(/Remove these 2 images\?/, 20_000);
    expect(two).toContain(`bench/${both}`);
    expect(two).toContain(`second/${both}`);
    t.type('y');
    await t.waitFor(/remove: 2 removed, 0 not/, 20_000);
    expect(has(docker, 'image', both)).toBe(false);
    expect(has(onSecond, 'image', both)).toBe(false);
    expect(commandLog()).toContain(`docker --context bench rmi ${both}`);
    expect(commandLog()).toContain(`docker --context second rmi ${both}`);
    t.keys('Escape');
    // A name no engine has is refused before anything is asked.
    await command(t, `rmi ${tag}-nowhere:v1`);
    await t.waitFor(`no image "${tag}-nowhere:v1" on any engine`, 20_000);
    t.type('q');
    expect(await t.exitCode()).toBe(0);
  }, 120_000);

  test('c on a row of the second engine and :create NAME IMAGE create the container there', async () => {
    const t = open();
    await openImages(t, `${tag}-only`);
    await t.waitUntil(s => Boolean(rowOf(s, `${tag}-only`, 'second')), 'the image of the second engine', 20_000);
    t.type('c');
    await t.waitFor(`create a container from ${only} on engine second (not started)`);
    t.type(`${tag}-made`);
    t.keys('Enter');
    await t.waitFor(`created second/${tag}-made from ${only}`, 20_000);
    expect(has(onSecond, 'container', `${tag}-made`)).toBe(true);
    expect(has(docker, 'container', `${tag}-made`)).toBe(false);
    await command(t, `create ${tag}-typed ${only} true`);
    await t.waitFor(`created second/${tag}-typed from ${only}`, 20_000);
    expect(has(onSecond, 'container', `${tag}-typed`)).toBe(true);
    expect(has(docker, 'container', `${tag}-typed`)).toBe(false);
    expect(commandLog()).toContain(`docker --context second create --name ${tag}-typed ${only} true`);
    t.type('q');
    expect(await t.exitCode()).toBe(0);
  }, 120_000);

  test('r on a row of the second engine and :run IMAGE run the container there', async () => {
    const t = open();
    await openImages(t, `${tag}-only`);
    await t.waitUntil(s => Boolean(rowOf(s, `${tag}-only`, 'second')), 'the image of the second engine', 20_000);
    t.type('r');
    await t.waitUntil(s => /^\/ #\s*$/m.test(s), 'the shell prompt of the new container', 20_000);
    t.type('exit 3');
    t.keys('Enter');
    const screen = await t.waitFor(/in new container (\S+) on engine second exited 3/, 20_000);
    const made = firstGroup(/in new container (\S+) on engine/, screen);
    expect(has(onSecond, 'container', made)).toBe(true);
    expect(has(docker, 'container', made)).toBe(false);
    expect(commandLog()).toContain(`docker --context second run -it ${only}`);
    // :run IMAGE: on the engine that has it.
    await command(t, `run ${only}`);
    await t.waitUntil(s => /^\/ #\s*$/m.test(s), 'the shell prompt of the second container', 20_000);
    t.type('exit 4');
    t.keys('Enter');
    const again = await t.waitFor(/in new container (\S+) on engine second exited 4/, 20_000);
    expect(has(onSecond, 'container', firstGroup(/in new container (\S+) on engine/, again))).toBe(true);
    t.type('q');
    expect(await t.exitCode()).toBe(0);
  }, 120_000);
});

describe("view 2's archives and prune on the row's engine", () => {
  test('w saves from the second engine, L loads into it, w on both engines is refused; p previews the second engine prune', async () => {
    const file = join(stateDir, 'arch.tar');
    const t = open();
    await openImages(t, `engine:second ${tag}-arch`);
    await t.waitUntil(s => Boolean(rowOf(s, `${tag}-arch`, 'second')), 'the image of the second engine', 20_000);
    t.type('w');
    await t.waitFor('save from second to: ');
    t.keys('C-u');
    t.type(file);
    t.keys('Enter');
    await t.waitFor(`saved second/${archived} to ${file}`, 30_000);
    expect(commandLog()).toContain(`docker --context second save -o ${file} ${archived}`);
    onSecond(['rmi', archived]);
    await filterTo(t, `engine:second ${tag}-keep`);
    await t.waitUntil(s => Boolean(rowOf(s, `${tag}-keep`, 'second')), 'a row of the second engine', 20_000);
    t.type('L');
    await t.waitFor('load into second from: ');
    t.keys('C-u');
    t.type(file);
    t.keys('Enter');
    await t.waitFor(/Loaded image: .* into second\)/, 30_000);
    expect(has(onSecond, 'image', archived)).toBe(true);
    expect(has(docker, 'image', archived)).toBe(false);
    expect(commandLog()).toContain(`docker --context second load -i ${file}`);
    // Marked images of both engines: one archive comes from one engine, so w refuses and writes nothing.
    const busyboxRepository = BUSYBOX.replace(/:[^:/]*$/, '');
    await filterTo(t, BUSYBOX);
    await t.waitUntil(
      s => Boolean(rowOf(s, busyboxRepository, 'bench') && rowOf(s, busyboxRepository, 'second')),
      'busybox on both engines',
      20_000,
    );
    t.keys('Home');
    t.keys('Space');
    t.keys('Space');
    await t.waitFor('2 marked');
    t.type('w');
    await t.waitFor('save: the marked images are on bench, second; one archive comes from one engine');
    t.keys('Escape');
    await filterTo(t, `engine:second ${tag}-keep`);
    // Only a preview: the bench is shared, and the second engine's images are the other tests'.
    t.type('p');
    await t.waitFor(/on engine second would remove:/, 30_000);
    t.keys('Escape');
    await t.waitUntil(s => !/would remove/.test(s), 'the preview to close');
    t.type('q');
    expect(await t.exitCode()).toBe(0);
  }, 120_000);
});

describe('kit lists across engines', () => {
  test("view 7's rows of both engines interleave by name, as one engine's do", async () => {
    const t = open();
    await t.waitFor(/ENGINE\s+NAME/, 20_000);
    t.type('7');
    await t.waitFor(/ENGINE\s+VOLUME NAME/, 20_000);
    await filterTo(t, tag);
    const expected: Array<[engine: string, name: string]> = [
      ['bench', volumes.bench[0]],
      ['second', volumes.second[0]],
      ['bench', volumes.bench[1]],
      ['second', volumes.second[1]],
    ];
    const screen = await t.waitUntil(
      s => expected.every(([engine, name]) => rowOf(s, name, engine)),
      'the four volumes',
      20_000,
    );
    const lines = screen.split('\n');
    const at = expected.map(([engine, name]) => lines.findIndex(line => line === rowOf(screen, name, engine)));
    expect(at).toEqual([...at].sort((a, b) => a - b));
    t.type('q');
    expect(await t.exitCode()).toBe(0);
  }, 120_000);
});
