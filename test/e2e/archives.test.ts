import {execFileSync} from 'node:child_process';
import {existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {BUSYBOX, benchEnv, docker, uniqueName} from '../helpers/bench.js';
import {berthPerTest, focusContainer, type Terminal} from '../helpers/terminal.js';

// Archives in the UI, in a real terminal: x in the containers view with its path prompt and the overwrite question, :save with
// the progress window and esc, :load, and `-` refused.
const berth = berthPerTest();
let terminal: Terminal | undefined;

const dir = mkdtempSync(join(tmpdir(), 'berth-e2e-archives-'));
const small = uniqueName('e2e-export');
const big = uniqueName('e2e-export-big');
const names = (file: string) => execFileSync('tar', ['-tf', file], {encoding: 'utf8'}).split('\n').filter(Boolean);
const env = () => ({...benchEnv(), XDG_STATE_HOME: join(dir, 'state')});

const focus = focusContainer;

beforeAll(() => {
  docker([
    'run',
    '--name',
    small,
    '--network',
    'none',
    '--label',
    'berth.test=1',
    BUSYBOX,
    'sh',
    '-c',
    'mkdir /data && echo from-the-container > /data/hello.txt',
  ]);
  // Big enough that the progress window is on screen for a while: 400 MB of zeros.
  docker([
    'run',
    '--name',
    big,
    '--network',
    'none',
    '--label',
    'berth.test=1',
    BUSYBOX,
    'dd',
    'if=/dev/zero',
    'of=/zeros',
    'bs=1M',
    'count=400',
  ]);
});

afterAll(() => {
  docker(['rm', '-f', small, big]);
  rmSync(dir, {recursive: true, force: true});
});

describe('archives in the UI', () => {
  test('x exports the selected container to the path typed; an existing file is replaced only after y', async () => {
    const path = join(dir, 'small.tar');
    terminal = berth.start({env: env(), columns: 120, rows: 30});
    await focus(terminal, small);
    terminal.type('x');
    await terminal.waitFor(`export to: ./${small}.tar`);
    terminal.keys('C-u');
    terminal.type(path);
    terminal.keys('Enter');
    await terminal.waitFor(`exported ${small} to ${path}`, 20_000);
    expect(names(path)).toContain('data/hello.txt');

    writeFileSync(path, 'keep me unless told');
    terminal.type('x');
    await terminal.waitFor('export to:');
    terminal.keys('C-u');
    terminal.type(path);
    terminal.keys('Enter');
    const question = await terminal.waitFor('exists. Replace it');
    expect(question).toContain(path);
    terminal.type('n');
    await terminal.waitUntil(s => !s.includes('exists. Replace it'), 'the question closed');
    expect(execFileSync('cat', [path], {encoding: 'utf8'})).toBe('keep me unless told');
    terminal.type('x');
    await terminal.waitFor('export to:');
    terminal.keys('C-u');
    terminal.type(path);
    terminal.keys('Enter');
    await terminal.waitFor('exists. Replace it');
    terminal.type('y');
    // The status line still shows the first export's words: wait for the file to change instead.
    const deadline = Date.now() + 20_000;
    while (
      execFileSync('head', ['-c', '19', path], {encoding: 'latin1'}) === 'keep me unless told' &&
      Date.now() < deadline
    )
      await new Promise(r => setTimeout(r, 100));
    await terminal.waitUntil(s => !s.includes('esc cancel (the partial'), 'the progress window closed', 20_000);
    expect(names(path)).toContain('data/hello.txt');
    expect(readdirSync(dir).filter(name => name.endsWith('.partial'))).toEqual([]);
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });

  test(':export shows the progress window (bar, bytes, rate); esc cancels and leaves no file', async () => {
    const path = join(dir, 'big.tar');
    terminal = berth.start({env: env(), columns: 120, rows: 30});
    await terminal.waitFor(/API 1\.41/);
    terminal.type(':');
    terminal.type(`export ${big} ${path}`);
    terminal.keys('Enter');
    const window = await terminal.waitFor(/exporting .* to .*big\.tar[\s\S]*esc cancel/, 20_000);
    expect(window).toContain(big);
    await terminal.waitFor(/\d+(\.\d)?[kMG]?B( of ~[\d.]+[kMG]?B \(\d+%\))?, [\d.]+[kMG]?B\/s/, 20_000);
    terminal.keys('Escape');
    await terminal.waitFor('export cancelled; nothing was written', 20_000);
    expect(readdirSync(dir).filter(name => name.startsWith('big'))).toEqual([]);
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });

  test('quitting (ctrl-c) during an export leaves no partial file', async () => {
    const path = join(dir, 'quit.tar');
    terminal = berth.start({env: env(), columns: 120, rows: 30});
    await terminal.waitFor(/API 1\.41/);
    terminal.type(':');
    terminal.type(`export ${big} ${path}`);
    terminal.keys('Enter');
    await terminal.waitFor(/exporting .* to .*quit\.tar[\s\S]*esc cancel/, 20_000);
    terminal.keys('C-c');
    expect(await terminal.exitCode()).toBe(0);
    expect(readdirSync(dir).filter(name => name.startsWith('quit'))).toEqual([]);
  });

  test(":save then :load show the engine's result; - is refused", async () => {
    const path = join(dir, 'busybox.tar');
    terminal = berth.start({env: env(), columns: 120, rows: 30});
    await terminal.waitFor(/API 1\.41/);
    terminal.type(':');
    terminal.type(`save ${BUSYBOX} -`);
    terminal.keys('Enter');
    await terminal.waitFor('save: give a file path');
    terminal.type(':');
    terminal.type(`save ${BUSYBOX} ${path}`);
    terminal.keys('Enter');
    await terminal.waitFor(`saved ${BUSYBOX} to ${path}`, 20_000);
    expect(names(path)).toContain('manifest.json');
    terminal.type(':');
    terminal.type(`load ${path}`);
    terminal.keys('Enter');
    await terminal.waitFor(`Loaded image: ${BUSYBOX}`, 30_000);
    terminal.type(':');
    terminal.type(`load ${join(dir, 'nothing-here.tar')}`);
    terminal.keys('Enter');
    await terminal.waitFor(/cannot read .*nothing-here\.tar: no such file/);
    expect(existsSync(join(dir, 'state/berth/commands.log'))).toBe(true);
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });
});
