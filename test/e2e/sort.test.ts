import {mkdtempSync, readFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {benchEnv, docker, runTestContainer, uniqueName} from '../helpers/bench.js';
import {berthPerTest} from '../helpers/terminal.js';

// o sorts any list by any of its columns (a menu), O the other way; the heading marks the column; the choice is
// remembered across runs in $XDG_STATE_HOME/berth/ui-state.json.
const prefix = uniqueName('srt');
const names = [`${prefix}-b`, `${prefix}-a`, `${prefix}-c`];
const berth = berthPerTest();

beforeAll(() => {
  for (const name of names) runTestContainer(name, ['sleep', '600']);
});
afterAll(() => docker(['rm', '-f', ...names]));

// The order the test's containers are drawn in, top to bottom.
const order = (screen: string) =>
  screen
    .split('\n')
    .map(line => names.find(name => line.includes(name)))
    .filter((name): name is string => name !== undefined);

describe('sorting', () => {
  test('o then NAME sorts by name, O the other way, and the next run starts sorted the same', async () => {
    const state = mkdtempSync(join(tmpdir(), 'berth-sort-'));
    const env = {...benchEnv(), XDG_STATE_HOME: state};
    let t = berth.start({env, columns: 100, rows: 24});
    await t.waitFor(/API 1\.41/);
    t.type(`/${prefix}`);
    t.keys('Enter');
    await t.waitUntil(s => order(s).length === 3, 'the three containers');
    t.type('o');
    await t.waitFor('Sort by');
    // NAME is the first column: enter picks it.
    t.keys('Enter');
    await t.waitUntil(s => /NAME ▲/.test(s) && order(s).join() === [...names].sort().join(), 'by name, A to Z');
    t.type('O');
    await t.waitUntil(
      s => /NAME ▼/.test(s) && order(s).join() === [...names].sort().reverse().join(),
      'by name, Z to A',
    );
    t.type('q');
    expect(await t.exitCode()).toBe(0);
    expect(JSON.parse(readFileSync(join(state, 'berth', 'ui-state.json'), 'utf8'))).toMatchObject({
      sorts: {containers: {column: 'name', descending: true}},
    });

    t = berth.start({env, columns: 100, rows: 24});
    await t.waitFor(/API 1\.41/);
    t.type(`/${prefix}`);
    t.keys('Enter');
    await t.waitUntil(
      s => /NAME ▼/.test(s) && order(s).join() === [...names].sort().reverse().join(),
      'still by name, Z to A, in the next run',
    );
    t.type('q');
    expect(await t.exitCode()).toBe(0);
  }, 60_000);

  test('images by SIZE, biggest first, compared with docker images', async () => {
    const t = berth.start({env: benchEnv(), columns: 120, rows: 40});
    await t.waitFor(/API 1\.41/);
    t.type('2');
    await t.waitFor(/REPOSITORY/);
    t.type('o');
    await t.waitFor('Sort by');
    // REPOSITORY, TAG, IMAGE ID, CREATED, SIZE: the fifth.
    for (let i = 0; i < 4; i++) t.keys('Down');
    t.keys('Enter');
    const screen = await t.waitFor(/SIZE ▼/);
    const sizes = docker(['images', '--format', '{{.Size}}'])
      .trim()
      .split('\n')
      .map(size => Number.parseFloat(size) * (size.endsWith('GB') ? 1e9 : size.endsWith('MB') ? 1e6 : 1e3));
    const shown = screen
      .split('\n')
      .map(line => /\s(\d+(?:\.\d+)?)(kB|MB|GB|B)\s/.exec(line))
      .filter(match => match !== null)
      .map(([, value = '0', unit]) => Number.parseFloat(value) * (unit === 'GB' ? 1e9 : unit === 'MB' ? 1e6 : 1e3));
    expect(shown.length).toBeGreaterThan(1);
    expect(shown).toEqual([...shown].sort((a, b) => b - a));
    expect(Math.max(...shown)).toBeCloseTo(Math.max(...sizes), -5);
    t.type('q');
    expect(await t.exitCode()).toBe(0);
  }, 60_000);

  test('at 80 columns the sorted column stays on screen; o offers CPU before u, and picking it turns the stats on', async () => {
    const env = {...benchEnv(), XDG_STATE_HOME: mkdtempSync(join(tmpdir(), 'berth-sort-'))};
    const t = berth.start({env, columns: 80, rows: 30});
    await t.waitFor(/API 1\.41/);
    t.type('2');
    await t.waitFor(/REPOSITORY/);
    t.type('o');
    await t.waitFor('Sort by');
    // REPOSITORY, TAG, IMAGE ID, CREATED, SIZE, SHARED, USED: the seventh.
    for (let i = 0; i < 6; i++) t.keys('Down');
    t.keys('Enter');
    await t.waitFor(/USED ▼/);
    t.type('1');
    await t.waitFor(/NAME/);
    expect(t.screen()).not.toMatch(/CPU/);
    t.type('o');
    const menu = await t.waitFor('Sort by');
    expect(menu).toMatch(/CPU/);
    expect(menu).toMatch(/MEM/);
    // NAME, STATUS, CPU: the third.
    for (let i = 0; i < 2; i++) t.keys('Down');
    t.keys('Enter');
    await t.waitFor(/CPU ▼/);
    expect(t.screen()).toMatch(/MEM/);
    t.type('q');
    expect(await t.exitCode()).toBe(0);
  }, 60_000);
});
