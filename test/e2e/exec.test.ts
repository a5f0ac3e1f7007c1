import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {BUSYBOX, benchEnv, docker, uniqueName, runTestContainer} from '../helpers/bench.js';
import {berthPerTest, type Terminal} from '../helpers/terminal.js';
import {firstGroup} from '../helpers/found.js';

const berth = berthPerTest();
let terminal: Terminal | undefined;

const name = uniqueName('e2e-exec');
const stopped = `${name}-stopped`;
const runs: string[] = [];

beforeAll(() => {
  runTestContainer(name, ['sleep', '600']);
  docker(['create', '--network', 'none', '--label', 'berth.test=1', '--name', stopped, BUSYBOX, 'sleep', '600']);
});
afterAll(() => docker(['rm', '-f', name, stopped, ...runs]));

// Opens berth filtered down to one container, so the selected row is known.
async function openOn(filter: string, columns = 100, rows = 30): Promise<Terminal> {
  const t = berth.start({env: benchEnv(), columns, rows});
  await t.waitFor(/API 1\.41/);
  t.type('/');
  t.type(filter);
  t.keys('Enter');
  await t.waitFor(`filter: ${filter}`);
  return t;
}

async function quitRestored(t: Terminal): Promise<void> {
  t.type('q');
  expect(await t.exitCode()).toBe(0);
  expect(t.alternateScreen()).toBe(false);
  expect(t.sttyAfterExit()).toMatch(/(^|\s)icanon(\s|$)/);
}

describe('exec and run hand the real terminal over and come back', () => {
  test('e opens a shell: arithmetic, terminal size and resizes, Ctrl-C, and exit back to the same row', async () => {
    terminal = await openOn(name.slice(-12));
    terminal.type('e');
    await terminal.waitUntil(s => /^\/ #\s*$/m.test(s), 'the shell prompt');
    expect(terminal.alternateScreen()).toBe(false);
    terminal.type('echo $((6*7))');
    terminal.keys('Enter');
    await terminal.waitFor(/^42$/m);
    terminal.type('stty size');
    terminal.keys('Enter');
    await terminal.waitFor(/^30 100$/m);
    terminal.resize(120, 40);
    terminal.keys('C-l');
    terminal.type('stty size');
    terminal.keys('Enter');
    await terminal.waitFor(/^40 120$/m);
    // Ctrl-C belongs to the container: it stops sleep, and berth is still there afterwards.
    terminal.type('sleep 100; echo after-sleep');
    terminal.keys('Enter');
    await terminal.waitFor('sleep 100; echo after-sleep');
    terminal.keys('C-c');
    terminal.type('echo still-in-shell');
    terminal.keys('Enter');
    await terminal.waitFor(/^still-in-shell$/m);
    terminal.type('exit');
    terminal.keys('Enter');
    const back = await terminal.waitFor(`exec /bin/sh in ${name} exited 0`);
    expect(terminal.alternateScreen()).toBe(true);
    expect(back).toContain(`filter: ${name.slice(-12)}`);
    expect(back.split('\n')[0]).toMatch(/^ berth ─ engine/);
    await quitRestored(terminal);
  });

  test(':exec -u nobody runs without the terminal and shows its output and exit code', async () => {
    terminal = await openOn(name.slice(-12));
    terminal.type(':');
    terminal.type(`exec -u nobody ${name} id -u`);
    terminal.keys('Enter');
    const pane = await terminal.waitFor(`id -u in ${name} · exit 0`);
    expect(pane).toMatch(/^│ 65534\s*│$/m);
    terminal.keys('Escape');
    await quitRestored(terminal);
  });

  test('E opens a form; with interactive off the output appears in a pane', async () => {
    terminal = await openOn(name.slice(-12));
    terminal.type('E');
    await terminal.waitFor(`exec in ${name}`);
    terminal.keys('C-u');
    terminal.type('id -u');
    terminal.keys('Tab');
    terminal.type('nobody');
    terminal.keys('Tab', 'Tab');
    terminal.type(' ');
    await terminal.waitFor('output shown in a pane');
    terminal.keys('Enter');
    const pane = await terminal.waitFor(`id -u in ${name} · exit 0`);
    expect(pane).toMatch(/^│ 65534\s*│$/m);
    expect(terminal.alternateScreen()).toBe(true);
    terminal.keys('Escape');
    await quitRestored(terminal);
  });

  test('exec into a stopped container and a missing binary are errors, berth keeps running', async () => {
    terminal = await openOn(stopped);
    terminal.type('e');
    await terminal.waitFor(`exec into ${stopped}: the container is created, not running`);
    terminal.type(':');
    terminal.type(`exec -it ${name} /no/such/binary`);
    terminal.keys('Enter');
    const screen = await terminal.waitFor(`exec /no/such/binary in ${name}:`);
    expect(screen).toMatch(/no such file|not found|executable file/i);
    expect(terminal.alternateScreen()).toBe(true);
    await quitRestored(terminal);
  });

  test(':run starts a container from the image with a terminal and reports its exit code', async () => {
    terminal = await openOn(name.slice(-12));
    terminal.type(':');
    terminal.type(`run ${BUSYBOX}`);
    terminal.keys('Enter');
    await terminal.waitUntil(s => /^\/ #\s*$/m.test(s), 'the shell prompt of the new container');
    terminal.type('exit 3');
    terminal.keys('Enter');
    const screen = await terminal.waitFor(/run berth-test\/busybox:latest in new container (\S+) exited 3/);
    const created = firstGroup(/in new container (\S+) exited/, screen);
    runs.push(created);
    expect(docker(['inspect', '--format', '{{.State.ExitCode}}', created]).trim()).toBe('3');
    await quitRestored(terminal);
  });
});
