import {rmSync} from 'node:fs';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {BUSYBOX, docker} from '../helpers/bench.js';
import type {PrivateEngine} from '../helpers/private-engine.js';
import {
  benchAndSecondContexts,
  filterTo,
  rowOf,
  startBerthOnContexts,
  startSecondEngine,
} from '../helpers/several-engines.js';
import {berthPerTest, type Terminal} from '../helpers/terminal.js';

// The images and volumes views on two engines at once: the shared TLS bench engine (context "bench") and a private dockerd
// (context "second"). A volume of the same name on both shows twice, told apart by ENGINE, and a marked pair is
// removed each on its own engine.
const tag = `ml${Math.random().toString(36).slice(2, 6)}`;
const volume = `${tag}-data`;
const image = `${tag}-img`;
// On both engines too, mounted by a container of the second only: USED BY is per engine.
const used = `${tag}-used`;
const user = `${tag}-user`;

let second: PrivateEngine;
let configDir: string;
const berth = berthPerTest();
let terminal: Terminal | undefined;

const onSecond = (args: string[]) => second.docker(args);
const exists = (engine: (args: string[]) => string, name: string) => {
  try {
    engine(['volume', 'inspect', name]);
    return true;
  } catch {
    return false;
  }
};

beforeAll(async () => {
  second = await startSecondEngine();
  docker(['volume', 'create', '--label', 'berth.test=1', volume]);
  onSecond(['volume', 'create', '--label', 'berth.test=1', volume]);
  onSecond(['tag', BUSYBOX, `${image}:v1`]);
  docker(['volume', 'create', '--label', 'berth.test=1', used]);
  onSecond(['volume', 'create', '--label', 'berth.test=1', used]);
  onSecond(['create', '--label', 'berth.test=1', '--name', user, '-v', `${used}:/data`, BUSYBOX, 'true']);
  configDir = benchAndSecondContexts(second);
}, 180_000);

afterAll(async () => {
  try {
    docker(['volume', 'rm', '-f', volume, used]);
  } catch {
    // already gone
  }
  await second?.stop();
  if (configDir) rmSync(configDir, {recursive: true, force: true});
}, 60_000);

function open(args: string[], columns?: number, rows?: number): Terminal {
  terminal = berth.adopt(startBerthOnContexts(configDir, args, columns, rows));
  return terminal;
}

describe('views 2 and 7 across engines', () => {
  test('the same volume name on both engines shows twice with its ENGINE; the marked pair is removed on both', async () => {
    const t = open(['--context', 'bench', '--context', 'second']);
    await t.waitFor(/ENGINE\s+NAME/, 20_000);
    t.type('7');
    await t.waitFor(/ENGINE\s+VOLUME NAME/, 20_000);
    await filterTo(t, volume);
    await t.waitUntil(
      s => Boolean(rowOf(s, volume, 'bench') && rowOf(s, volume, 'second')),
      'the volume on both engines',
      20_000,
    );
    // USED BY counts the row's own engine's containers.
    await filterTo(t, used);
    await t.waitUntil(
      s => (rowOf(s, used, 'second') ?? '').includes(user) && /\s-\s/.test(rowOf(s, used, 'bench') ?? ''),
      "the second engine's row used by its container, the bench row by none",
      20_000,
    );
    // engine:NAME narrows to one engine.
    await filterTo(t, `engine:second ${volume}`);
    await t.waitUntil(
      s => Boolean(rowOf(s, volume, 'second')) && !rowOf(s, volume, 'bench'),
      'only the second engine',
      5000,
    );
    await filterTo(t, volume);
    await t.waitUntil(s => Boolean(rowOf(s, volume, 'bench') && rowOf(s, volume, 'second')), 'both again', 5000);
    // The filter keeps the second engine's row selected: from the top, space marks a row and moves down.
    t.keys('Home');
    t.keys('Space');
    t.keys('Space');
    await t.waitFor('2 marked');
    t.type('d');
    const confirm = await t.waitFor(/Remove these 2 volumes/);
    expect(confirm).toContain(`bench/${volume}`);
    expect(confirm).toContain(`second/${volume}`);
    t.type('y');
    await t.waitFor(/removed volumes .*\/.*\//, 20_000);
    expect(exists(docker, volume)).toBe(false);
    expect(exists(onSecond, volume)).toBe(false);
    await t.waitUntil(s => !rowOf(s, volume, 'bench') && !rowOf(s, volume, 'second'), 'both rows gone', 10_000);
    t.type('q');
    expect(await t.exitCode()).toBe(0);
  }, 120_000);

  test('view 2 shows an image of the second engine with its ENGINE (80x24)', async () => {
    const t = open(['--context', 'bench', '--context', 'second'], 80, 24);
    await t.waitFor(/ENGINE\s+NAME/, 20_000);
    t.type('2');
    await t.waitFor(/ENGINE\s+REPOSITORY/, 20_000);
    await filterTo(t, image);
    await t.waitUntil(s => Boolean(rowOf(s, image, 'second')), 'the image of the second engine', 20_000);
    expect(rowOf(t.screen(), image, 'bench')).toBeUndefined();
    t.type('q');
    expect(await t.exitCode()).toBe(0);
  }, 120_000);

  test('view 5: the engines table at 80 columns says what it had no room for under each engine, in full', async () => {
    const t = open(['--context', 'bench', '--context', 'second'], 80, 24);
    await t.waitFor(/ENGINE\s+NAME/, 20_000);
    t.type('5');
    await t.waitFor(/ENGINE\s+STATUS/, 20_000);
    // The bench engine's connection and its disk use (once /system/df answered), each on a line of its own.
    const screen = await t.waitUntil(
      s =>
        /^ {5}connection tcp:\/\/127\.0\.0\.1:2375 TLS *$/m.test(s) && /^ {5}disk \S+ \(\S+ reclaimable\) *$/m.test(s),
      'the columns left out, under the rows',
      30_000,
    );
    // Nothing cut in the middle: every line of the table fits the width.
    for (const line of screen.split('\n')) expect(line.length).toBeLessThanOrEqual(80);
    t.type('q');
    expect(await t.exitCode()).toBe(0);
  }, 120_000);
});
