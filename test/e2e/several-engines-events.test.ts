import {mkdirSync, rmSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {BUSYBOX, docker} from '../helpers/bench.js';
import type {PrivateEngine} from '../helpers/private-engine.js';
import {benchAndSecondContexts, filterTo, startBerthOnContexts, startSecondEngine} from '../helpers/several-engines.js';
import {berthPerTest} from '../helpers/terminal.js';

// View 9 on two engines: each engine's events, the ENGINE column saying whose, and alerts from either.
const tag = `ev${Math.random().toString(36).slice(2, 6)}`;
let second: PrivateEngine;
let configDir: string;
const berth = berthPerTest();

beforeAll(async () => {
  second = await startSecondEngine();
  configDir = benchAndSecondContexts(second);
}, 180_000);

afterAll(async () => {
  try {
    docker(['rm', '-f', `${tag}-bench`]);
  } catch {
    // already gone
  }
  await second?.stop();
  if (configDir) rmSync(configDir, {recursive: true, force: true});
}, 60_000);

// A view 9 row: ENGINE, TIME, TYPE, ACTION, NAME.
const eventRow = (screen: string, engine: string, action: string, name: string) =>
  screen
    .split('\n')
    .some(line => new RegExp(`^\\s*${engine}\\s+\\d\\d:\\d\\d:\\d\\d container\\s+${action}\\s+${name}\\b`).test(line));

test("view 9 shows both engines' events with an ENGINE column; a death on the second alerts", async () => {
  // Alerts for this test's containers only (the other e2e files' containers die on the same engine meanwhile).
  const xdg = join(configDir, 'xdg');
  mkdirSync(join(xdg, 'berth'), {recursive: true});
  writeFileSync(join(xdg, 'berth', 'config.yml'), `alerts:\n  containers: ["${tag}*"]\n`);
  const t = berth.adopt(
    startBerthOnContexts(configDir, ['--context', 'bench', '--context', 'second'], 160, 40, {XDG_CONFIG_HOME: xdg}),
  );
  await t.waitFor(/ENGINE\s+NAME/, 20_000);
  t.type('9');
  await t.waitFor(/ENGINE\s+TIME\s+TYPE\s+ACTION\s+NAME/);
  await filterTo(t, tag);
  docker(['run', '-d', '--name', `${tag}-bench`, BUSYBOX, 'sleep', '600']);
  try {
    second.docker(['run', '--name', `${tag}-second`, BUSYBOX, 'sh', '-c', 'exit 4']);
  } catch {
    // docker run exits 4 too.
  }
  const screen = await t.waitUntil(
    s => eventRow(s, 'bench', 'start', `${tag}-bench`) && eventRow(s, 'second', 'die', `${tag}-second`),
    'the events of both engines',
    5000,
  );
  expect(screen.split('\n').find(line => eventRow(line, 'second', 'die', `${tag}-second`))).toContain('exitCode=4');
  // On view 1 the alert names the engine (the first death may alert there too: it comes 0.4 s after, as one burst).
  t.keys('Tab');
  await t.waitFor(/NAME\s+STATUS/);
  second.docker(['rm', `${tag}-second`]);
  try {
    second.docker(['run', '--name', `${tag}-again`, BUSYBOX, 'sh', '-c', 'exit 5']);
  } catch {
    // exits 5.
  }
  await t.waitFor(new RegExp(`alert: .*second/${tag}-again exited with code 5`), 5000);
  t.type('q');
  expect(await t.exitCode()).toBe(0);
}, 120_000);
