import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, afterEach, beforeAll, describe, expect, test} from 'vitest';
import {benchEnv, docker, runTestContainer, uniqueName} from '../helpers/bench.js';
import {startFaultProxy, type FaultProxy} from '../helpers/fault-proxy.js';
import {submitSave} from '../helpers/log-pane.js';
import {startBerth, type Terminal} from '../helpers/terminal.js';
import {adjacentPairs} from '../helpers/found.js';

let terminal: Terminal | undefined;
let proxy: FaultProxy | undefined;
afterEach(async () => {
  terminal?.stop();
  terminal = undefined;
  await proxy?.close();
  proxy = undefined;
});

// Two containers whose names differ in the last letter, each numbering its lines, 4 a second.
const base = uniqueName('e2e-mlogs');
const names = {a: `${base}-a`, b: `${base}-b`};
const dir = mkdtempSync(join(tmpdir(), 'berth-mlogs-'));
beforeAll(() => {
  for (const [letter, name] of Object.entries(names))
    runTestContainer(name, ['sh', '-c', `i=0; while :; do i=$((i+1)); echo "${letter}line $i"; sleep 0.25; done`]);
});
afterAll(() => {
  docker(['rm', '-f', names.a, names.b]);
  rmSync(dir, {recursive: true, force: true});
});

// Filters the list down to the two containers, marks both and presses L.
async function followBoth(t: Terminal): Promise<void> {
  await t.waitFor(/API 1\.41/);
  t.type('/');
  t.type(base);
  t.keys('Enter');
  await t.waitUntil(s => s.includes(names.a) && s.includes(names.b) && s.includes('enter logs'), 'both rows');
  t.type(' ');
  t.type('j');
  t.type(' ');
  await t.waitFor('2 marked');
  t.type('L');
  await t.waitFor(/logs 2 containers: .* · follow/);
}

const lineOf = (name: string, letter: string) => new RegExp(`^ *(\\S+ )?${name} \\| ${letter}line (\\d+)\\s*$`);

describe("several containers' logs in one pane", () => {
  test('two marked containers, L: lines of both, each prefixed, in time order', async () => {
    terminal = startBerth({env: benchEnv(), columns: 80, rows: 24});
    const t = terminal;
    await followBoth(t);
    // Both containers' lines, and more than five rows of them (containers started just before have few).
    const screen = await t.waitUntil(
      s =>
        s.split('\n').some(l => lineOf(names.a, 'a').test(l)) &&
        s.split('\n').some(l => lineOf(names.b, 'b').test(l)) &&
        s.split('\n').filter(l => /[ab]line \d+/.test(l)).length > 5,
      'lines of both containers, prefixed',
    );
    // The title names the containers that fit beside the follow state, and counts the others.
    expect(screen).toContain(`logs 2 containers: ${names.a}, +1 · follow`);
    // Every log row carries a prefix (both names have the same width, so no padding shows).
    const rows = screen.split('\n').filter(l => /[ab]line \d+/.test(l));
    expect(rows.length).toBeGreaterThan(5);
    for (const row of rows) expect(row).toMatch(new RegExp(`^ (${names.a}|${names.b}) \\| [ab]line \\d+\\s*$`));
    // With timestamps shown, the engine's times go down the pane in order; each container's numbers too.
    t.type('t');
    const timed = await t.waitUntil(s => /^ \d{4}-\d\d-\d\dT[\d:.]+Z /m.test(s), 'timestamps');
    const times = [...timed.matchAll(/^ (\d{4}-\d\d-\d\dT[\d:.]+Z) /gm)].map(m => m[1]);
    expect(times.length).toBeGreaterThan(5);
    expect(times).toEqual([...times].sort());
    for (const [letter, name] of Object.entries(names)) {
      const numbers = timed
        .split('\n')
        .map(l => lineOf(name, letter).exec(l)?.[2])
        .filter(Boolean)
        .map(Number);
      expect(numbers.length).toBeGreaterThan(1);
      for (const [n, next] of adjacentPairs(numbers)) expect(next).toBe(n + 1);
    }
    // :logs with names (tab completes them) opens the same merged pane; an unknown name says so.
    t.keys('Escape');
    await t.waitFor('enter logs');
    t.type(':');
    t.type(`logs nope-${base}`);
    t.keys('Enter');
    await t.waitFor(`no container named "nope-${base}"`);
    t.type(':');
    t.type(`logs ${base}`);
    t.keys('Tab');
    await t.waitFor(`logs ${base}-`);
    t.type(`a ${base}-b`);
    t.keys('Enter');
    await t.waitFor(/logs 2 containers: .* · follow/);
    await t.waitUntil(s => s.split('\n').some(l => lineOf(names.b, 'b').test(l)), 'lines again');
    t.type('q');
    expect(await t.exitCode()).toBe(0);
  });

  test('a network drop while following: the pane says so, resumes, and loses and repeats nothing', async () => {
    proxy = await startFaultProxy(
      {host: '127.0.0.1', port: Number(new URL(benchEnv().DOCKER_HOST!).port)},
      {tls: true},
    );
    terminal = startBerth({env: benchEnv(), args: ['--host', `tcp://127.0.0.1:${proxy.port}`], columns: 80, rows: 24});
    const t = terminal;
    await followBoth(t);
    await t.waitUntil(s => /aline \d+/.test(s) && /bline \d+/.test(s), 'lines of both');
    // The engine connection is reset mid-stream and refused for a while, then comes back.
    await proxy.cutAfter(1);
    await t.waitFor(/reconnecting/, 15_000);
    await new Promise(r => setTimeout(r, 1500));
    proxy.mode = 'pass';
    const after = (s: string, letter = 'b') =>
      Math.max(0, ...[...s.matchAll(new RegExp(`${letter}line (\\d+)`, 'g'))].map(m => Number(m[1])));
    const before = after(t.screen());
    // Lines after the reconnect, and more than 20 of each container in all (the check below counts them).
    await t.waitUntil(
      s => !/reconnecting/.test(s) && after(s) > Math.max(before + 8, 22) && after(s, 'a') > 22,
      'lines after the reconnect',
      30_000,
    );
    // The whole buffer, saved: each container's lines are numbered 1, 2, 3… without a gap or a repeat, and the
    // pane said where the stream broke.
    const file = join(dir, 'merged.log');
    await submitSave(t, file);
    await t.waitFor(/saved \d+ lines to/);
    const saved = readFileSync(file, 'utf8').split('\n');
    for (const [letter, name] of Object.entries(names)) {
      const numbers = saved
        .map(l => lineOf(name, letter).exec(l)?.[2])
        .filter(Boolean)
        .map(Number);
      expect(numbers[0]).toBe(1);
      expect(numbers.length).toBeGreaterThan(20);
      for (const [n, next] of adjacentPairs(numbers)) expect(next, `${name} after ${n}`).toBe(n + 1);
      expect(saved.some(l => l.startsWith(`${name} | log stream interrupted`))).toBe(true);
    }
    t.type('q');
    expect(await t.exitCode()).toBe(0);
  });

  test('a merged container stopped and started again is followed again; one removed is said so, the other goes on', async () => {
    // It counts its runs in its own filesystem (kept across stop and start).
    const c = `${base}-c`;
    runTestContainer(c, [
      'sh',
      '-c',
      'n=$(($(cat /run-count 2>/dev/null || echo 0)+1)); echo $n > /run-count; i=0; while :; do i=$((i+1)); echo "cline run $n $i"; sleep 0.25; done',
    ]);
    try {
      terminal = startBerth({env: benchEnv(), columns: 140, rows: 40});
      const t = terminal;
      await t.waitFor(/API 1\.41/);
      t.type('/');
      t.type(base);
      t.keys('Enter');
      await t.waitUntil(s => s.includes(names.a) && s.includes(c) && s.includes('enter logs'), 'the rows');
      // a, then c (space marks and moves down; b is passed over).
      t.type(' ');
      t.type('j');
      t.type(' ');
      await t.waitFor('2 marked');
      t.type('L');
      await t.waitFor(new RegExp(`${c} \\| cline run 1 \\d+`));
      docker(['stop', '-t', '0', c]);
      docker(['start', c]);
      await t.waitFor(new RegExp(`${c} \\| cline run 2 \\d+`), 15_000);
      docker(['rm', '-f', c]);
      await t.waitFor(new RegExp(`${c} \\| (container removed|log stream stopped)`), 15_000);
      const aline = (s: string) =>
        Math.max(0, ...[...s.matchAll(new RegExp(`${names.a} \\| aline (\\d+)`, 'g'))].map(m => Number(m[1])));
      const seen = aline(t.screen());
      await t.waitUntil(s => aline(s) > seen + 1, `${names.a} going on`);
      t.type('q');
      expect(await t.exitCode()).toBe(0);
    } finally {
      docker(['rm', '-f', c]);
    }
  });
});
