import {execFileSync} from 'node:child_process';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {benchEnv, docker, uniqueName, runTestContainer} from '../helpers/bench.js';
import {berthPerTest, SOCKET, type Terminal} from '../helpers/terminal.js';
import {at} from '../helpers/found.js';

// Stats cost is a feature: streams only for the rows on screen. Counted at the socket level: berth's
// established connections to the engine, while a list of 30 running containers scrolls at 80x24.
const prefix = uniqueName('st');
const names = Array.from({length: 30}, (_, i) => `${prefix}-${String(i).padStart(2, '0')}`);
const berth = berthPerTest();
let terminal: Terminal | undefined;

beforeAll(() => {
  for (const name of names) runTestContainer(name, ['sleep', '100000']);
}, 120_000);
afterAll(() => {
  docker(['rm', '-f', ...names]);
}, 60_000);

function berthPid(session: string): string {
  const shell = execFileSync('tmux', ['-L', SOCKET, 'display-message', '-p', '-t', session, '#{pane_pid}'], {
    encoding: 'utf8',
  }).trim();
  return at(execFileSync('pgrep', ['-P', shell, 'node'], {encoding: 'utf8'}).trim().split('\n'), 0);
}

function engineConnections(pid: string): number {
  const port = new URL(benchEnv().DOCKER_HOST!.replace(/^tcp:/, 'https:')).port;
  const lines = execFileSync('ss', ['-tnpH', 'state', 'established', `( dport = :${port} )`], {encoding: 'utf8'}).split(
    '\n',
  );
  return lines.filter(line => line.includes(`pid=${pid},`)).length;
}

test('CPU and memory columns at 80x24; streams follow the rows on screen; p shows graphs and processes', async () => {
  terminal = berth.start({env: benchEnv(), columns: 80, rows: 24});
  await terminal.waitFor(/API 1\.41/);
  terminal.type(`/${prefix}`);
  terminal.keys('Enter');
  // Off by default (the idle bench rows hold without them); u turns them on.
  terminal.type('u');
  // Sampled rows show a CPU value (0.0% for sleep), the heading has the columns.
  const screen = await terminal.waitUntil(
    s => /CPU MEM/.test(s) && new RegExp(`${names[0]}.*\\d+\\.\\d%`).test(s),
    'CPU values on the first rows',
    25_000,
  );
  const visible = names.filter(name => screen.includes(name)).length;
  expect(visible).toBeGreaterThan(5);
  expect(visible).toBeLessThan(names.length);
  const pid = berthPid(terminal.session);
  await new Promise(r => setTimeout(r, 1500));
  // Never more connections than the rows on screen (each row is read on its own kept-alive connection, so a
  // screenful is read in one pass of the engine's collector), plus the event stream and the session's pooled
  // connections (lists, /version, /info: at most the 4 its agent keeps, engine/client.ts).
  const others = 1 + 4;
  const open = engineConnections(pid);
  expect(open).toBeGreaterThan(0);
  expect(open).toBeLessThanOrEqual(visible + others);

  // Scroll to the end: the rows now on screen get values, the ones that left are no longer sampled.
  terminal.type('G');
  const last = names.at(-1)!;
  await terminal.waitUntil(s => new RegExp(`${last}.*\\d+\\.\\d%`).test(s), 'CPU values on the last rows', 25_000);
  await new Promise(r => setTimeout(r, 1500));
  expect(engineConnections(pid)).toBeLessThanOrEqual(visible + others);

  terminal.type('p');
  const pane = await terminal.waitFor(/processes \(\d+\)/);
  expect(pane).toMatch(new RegExp(`stats ${last}`));
  expect(pane).toMatch(/CPU \d+\.\d%/);
  expect(pane).toMatch(/memory .*no limit set/);
  expect(pane).toMatch(/sleep 100000/);
  // The processes line up under their headings, the command last (as docker top prints them).
  const lines = pane.split('\n');
  const heading = lines.find(line => /\bPID\b/.test(line) && !line.includes('PIDs')) ?? '';
  const sleeping = lines.find(line => line.includes('sleep 100000')) ?? '';
  const command = heading.search(/\b(COMMAND|CMD)\b/);
  expect(command).toBeGreaterThan(0);
  expect(sleeping.indexOf('sleep 100000')).toBe(command);
  expect(sleeping.search(/\d+ /)).toBe(heading.indexOf('PID'));
  terminal.keys('Escape');
  // u again turns the columns (and every stream) off.
  terminal.type('u');
  await terminal.waitUntil(s => !/CPU MEM/.test(s), 'the columns to go');
  // The streams end at once; their sockets close as the engine answers, later on a loaded machine.
  const deadline = Date.now() + 15_000;
  while (engineConnections(pid) > 5 && Date.now() < deadline) await new Promise(r => setTimeout(r, 250));
  expect(engineConnections(pid)).toBeLessThanOrEqual(5);
  terminal.type('q');
  expect(await terminal.exitCode()).toBe(0);
}, 60_000);
