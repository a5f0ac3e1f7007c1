import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {benchEnv, docker, runTestContainer, uniqueName} from '../helpers/bench.js';
import {berthPerTest, focusContainer, type Terminal} from '../helpers/terminal.js';

// K (a signal from a menu), :rename and :update (the restart policy and limits in a form) against the bench
// engine, each checked with docker itself; and none of them under --readonly.
const berth = berthPerTest();
let terminal: Terminal | undefined;
const prefix = uniqueName('chg');
// Every name a container of this file had, so the afterAll removes it whatever was renamed.
const created = new Set<string>();
let stateDir: string;

const env = () => ({...benchEnv(), XDG_STATE_HOME: stateDir});
const commandLog = () => {
  try {
    return readFileSync(join(stateDir, 'berth', 'commands.log'), 'utf8');
  } catch {
    return '';
  }
};
const inspect = (name: string, format: string) => docker(['inspect', '--format', format, name]).trim();
// Reports the signals it gets.
const TRAPS = "trap 'echo got-USR1' USR1; trap 'echo got-HUP' HUP; while :; do sleep 0.2; done";

beforeAll(() => {
  stateDir = mkdtempSync(join(tmpdir(), 'berth-chg-state-'));
  for (const name of [`${prefix}-sig-a`, `${prefix}-sig-b`, `${prefix}-upd`, `${prefix}-old`]) {
    created.add(name);
    runTestContainer(name, ['sh', '-c', TRAPS]);
  }
  created.add(`${prefix}-new`);
});
afterAll(() => {
  for (const name of created) {
    try {
      docker(['rm', '-f', name]);
    } catch {
      // already gone, or never had that name
    }
  }
  rmSync(stateDir, {recursive: true, force: true});
});

describe('changing containers', () => {
  test('K on two marked containers: the menu, USR1, a dialog naming both, docker kill -s USR1 in the log', async () => {
    const names = [`${prefix}-sig-a`, `${prefix}-sig-b`];
    terminal = berth.start({env: env(), columns: 80, rows: 24});
    await focusContainer(terminal, `${prefix}-sig`);
    await terminal.waitUntil(s => names.every(name => s.includes(name)), 'both rows');
    terminal.keys('Space');
    terminal.keys('Space');
    await terminal.waitFor('2 marked');
    terminal.type('K');
    const menu = await terminal.waitFor('Signal to 2 containers');
    for (const signal of ['TERM', 'KILL', 'HUP', 'INT', 'QUIT', 'USR1', 'USR2', 'other: a name or number'])
      expect(menu).toContain(signal);
    for (let i = 0; i < 5; i++) terminal.keys('Down');
    terminal.keys('Enter');
    const dialog = await terminal.waitFor('Send USR1 to these 2 containers?');
    for (const name of names) expect(dialog.slice(dialog.lastIndexOf('╭'))).toContain(name);
    terminal.type('y');
    await terminal.waitFor(/signalled \(USR1\)/, 10_000);
    await expect
      .poll(() => names.map(name => docker(['logs', name]).includes('got-USR1')), {timeout: 5000})
      .toEqual([true, true]);
    for (const name of names) expect(commandLog()).toContain(`docker kill -s USR1 ${name}`);
    // The last row takes a typed name or number: hup is sent as HUP.
    terminal.type('K');
    await terminal.waitFor('Signal to 2 containers');
    terminal.type('G');
    terminal.keys('Enter');
    await terminal.waitFor('signal (a name or number):');
    terminal.type('NOT ONE');
    terminal.keys('Enter');
    await terminal.waitFor('"NOT ONE" is not a signal');
    terminal.type('K');
    terminal.type('G');
    terminal.keys('Enter');
    await terminal.waitFor('signal (a name or number):');
    terminal.type('hup');
    terminal.keys('Enter');
    await terminal.waitFor('Send HUP to these 2 containers?');
    terminal.type('y');
    await terminal.waitFor(/signalled \(HUP\)/, 10_000);
    await expect
      .poll(() => names.map(name => docker(['logs', name]).includes('got-HUP')), {timeout: 5000})
      .toEqual([true, true]);
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  }, 60_000);

  test(':rename NEW renames the selected container after a dialog; a name docker refuses is said in one line', async () => {
    const old = `${prefix}-old`;
    const renamed = `${prefix}-new`;
    terminal = berth.start({env: env(), columns: 80, rows: 24});
    await focusContainer(terminal, old);
    terminal.type(':');
    terminal.type('rename -bad/name');
    terminal.keys('Enter');
    const refused = await terminal.waitFor('is not a name docker takes');
    expect(refused).toMatch(/:rename: "-bad\/name" is not a name docker takes: \[a-zA-Z0-9\]\[a-zA-Z0-9_\.-\]\+\n/);
    terminal.type(':');
    terminal.type(`rename ${renamed}`);
    terminal.keys('Enter');
    const dialog = await terminal.waitFor(`Rename ${old} to ${renamed}?`);
    expect(dialog).toContain(`${old}  →  ${renamed}`);
    terminal.type('y');
    await terminal.waitFor(`renamed ${old} to ${renamed}`, 10_000);
    expect(inspect(renamed, '{{.Name}}')).toBe(`/${renamed}`);
    expect(commandLog()).toContain(`docker rename ${old} ${renamed}`);
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  }, 60_000);

  test(':update shows the current limits, checks them before sending, and changes memory and restart policy', async () => {
    const name = `${prefix}-upd`;
    docker(['update', '--memory', '64m', '--memory-swap', '128m', name]);
    terminal = berth.start({env: env(), columns: 80, rows: 24});
    await focusContainer(terminal, name);
    terminal.type(':');
    terminal.type('update');
    terminal.keys('Enter');
    const form = await terminal.waitFor(`update ${name}`);
    expect(form).toMatch(/restart policy +no/);
    expect(form).toMatch(/memory +64m/);
    expect(form).toMatch(/memory\+swap +128m/);
    expect(form).toMatch(/CPUs +\(no limit/);
    // memory above memory+swap: refused in the form, nothing sent.
    terminal.keys('C-u');
    terminal.type('on-failure:3');
    terminal.keys('Tab');
    terminal.keys('C-u');
    terminal.type('256m');
    terminal.keys('Enter');
    await terminal.waitFor('memory+swap: at least the memory');
    expect(inspect(name, '{{.HostConfig.Memory}}')).toBe(String(64 * 1024 ** 2));
    // The form moved to memory+swap.
    terminal.keys('C-u');
    terminal.type('512m');
    terminal.keys('Enter');
    const asked = await terminal.waitFor('Update this container?');
    expect(asked).toContain('with --restart on-failure:3 --memory 256m --memory-swap 512m');
    terminal.type('y');
    await terminal.waitFor(`updated ${name}`, 10_000);
    expect(inspect(name, '{{.HostConfig.RestartPolicy.Name}}:{{.HostConfig.RestartPolicy.MaximumRetryCount}}')).toBe(
      'on-failure:3',
    );
    expect(inspect(name, '{{.HostConfig.Memory}} {{.HostConfig.MemorySwap}}')).toBe(
      `${256 * 1024 ** 2} ${512 * 1024 ** 2}`,
    );
    expect(commandLog()).toContain(`docker update --restart on-failure:3 --memory 256m --memory-swap 512m ${name}`);
    // The engine's refusal in one line: below its 6 MB minimum.
    terminal.type(':');
    terminal.type('update');
    terminal.keys('Enter');
    await terminal.waitFor(/restart policy +on-failure:3/);
    terminal.keys('Tab');
    terminal.keys('C-u');
    terminal.type('1m');
    terminal.keys('Enter');
    await terminal.waitFor('with --memory 1m');
    terminal.type('y');
    await terminal.waitFor(`update refused for ${name}: Minimum memory limit allowed is 6MB`, 10_000);
    expect(inspect(name, '{{.HostConfig.Memory}}')).toBe(String(256 * 1024 ** 2));
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  }, 60_000);

  test('--readonly: no K, :rename, :update or :compose up', async () => {
    const name = `${prefix}-upd`;
    terminal = berth.start({env: env(), columns: 80, rows: 24, args: ['--readonly']});
    await focusContainer(terminal, name);
    terminal.type('K');
    for (const line of [':rename whatever', ':update']) {
      terminal.type(':');
      terminal.type(line.slice(1));
      terminal.keys('Enter');
      await terminal.waitFor(`unknown command "${line.split(' ')[0]}"`);
    }
    expect(terminal.screen()).not.toContain('Signal to');
    // :compose opens a project under --readonly too, but never builds, starts or takes one down.
    terminal.type(':');
    terminal.type('compose up anything');
    terminal.keys('Enter');
    await terminal.waitFor(':compose: up changes the engine (berth runs --readonly)');
    terminal.type('?');
    const help = await terminal.waitFor('Keys · ');
    expect(help).not.toContain('send a signal');
    terminal.keys('Escape');
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  }, 60_000);
});
