import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {BUSYBOX, benchEnv, docker, uniqueName} from '../helpers/bench.js';
import {berthPerTest, focusContainer, SOCKET, type Terminal} from '../helpers/terminal.js';

const berth = berthPerTest();
let terminal: Terminal | undefined;

const focus = focusContainer;

const created: string[] = [];
function run(name: string, ...args: string[]): string {
  created.push(name);
  return docker(['run', '-d', '--network', 'none', '--label', 'berth.test=1', '--name', name, ...args]).trim();
}
afterAll(() => {
  if (created.length) docker(['rm', '-f', ...created]);
});

describe('containers view', () => {
  const prefix = uniqueName('e2e');

  beforeAll(() => {
    run(`${prefix}-stopme`, '--init', BUSYBOX, 'sleep', '600');
    // Ignores SIGTERM (no --init: PID 1 without a handler), so a stop takes the whole 3 s before SIGKILL.
    run(`${prefix}-slowstop`, '--stop-timeout', '3', BUSYBOX, 'sleep', '600');
    run(`${prefix}-pat-a`, '--init', BUSYBOX, 'sleep', '600');
    run(`${prefix}-pat-b`, '--init', BUSYBOX, 'sleep', '600');
    run(`x${prefix}-pat-c`, '--init', BUSYBOX, 'sleep', '600');
    // Says which signal reached it: for :kill -s USR1.
    for (const name of [`${prefix}-sig-a`, `${prefix}-sig-b`])
      run(name, '--init', BUSYBOX, 'sh', '-c', "trap 'echo got-USR1' USR1; while :; do sleep 0.2; done");
    run(
      `${prefix}-secret`,
      '-e',
      'DB_PASSWORD=hunter2',
      '-e',
      'PLAIN=visible',
      '-e',
      'DATABASE_URL=postgres://user:pw123@db/x',
      '--init',
      BUSYBOX,
      'sleep',
      '600',
    );
    run(
      `${prefix}-evil`,
      BUSYBOX,
      'sh',
      '-c',
      // A title (OSC 0), the clipboard (OSC 52), clear screen and scrollback, cursor home, a bell, then a plain line.
      `printf '\\033]0;pwned-title\\007\\033]52;c;aGVsbG8=\\007\\033[2J\\033[3J\\033[Hevil-line\\007 \\033[31mred\\033[0m\\n'; while true; do echo tick-$(date +%s); sleep 0.3; done`,
    );
  });

  test('s stops the selected container after a dialog that names it', async () => {
    terminal = berth.start({env: benchEnv(), columns: 120, rows: 30});
    await focus(terminal, `${prefix}-stopme`);
    terminal.type('s');
    const dialog = await terminal.waitFor('Stop this container?');
    expect(dialog).toContain(`${prefix}-stopme`);
    expect(dialog).toContain('y yes, do it');
    terminal.type('y');
    await terminal.waitFor(`stopped ${prefix}-stopme`, 20_000);
    expect(JSON.parse(docker(['inspect', '--format', '{{json .State.Status}}', `${prefix}-stopme`]))).toBe('exited');
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });

  test('S pressed while a stop still runs: the row says stopping…, the start waits for the stop, then starts it', async () => {
    const name = `${prefix}-slowstop`;
    terminal = berth.start({env: benchEnv(), columns: 120, rows: 30});
    await focus(terminal, name);
    terminal.type('s');
    await terminal.waitFor('Stop this container?');
    terminal.type('y');
    await terminal.waitUntil(s => new RegExp(`${name} +stopping…`).test(s), 'the row saying stopping…', 5000);
    terminal.type('S');
    await terminal.waitFor(`starting ${name} once berth's operation on it ends`, 5000);
    await terminal.waitFor(`started ${name}`, 20_000);
    expect(JSON.parse(docker(['inspect', '--format', '{{json .State.Status}}', name]))).toBe('running');
    // It really stopped in between (SIGKILL after the 3 s): the start came after the stop, not before it.
    const finished = Date.parse(
      JSON.parse(docker(['inspect', '--format', '{{json .State.FinishedAt}}', name])) as string,
    );
    const started = Date.parse(
      JSON.parse(docker(['inspect', '--format', '{{json .State.StartedAt}}', name])) as string,
    );
    expect(started).toBeGreaterThanOrEqual(finished);
    await terminal.waitUntil(s => new RegExp(`${name} +up`).test(s), 'the row up again', 10_000);
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  }, 60_000);

  test(':kill -s USR1, :stop, :start, :restart and :rm -f take name patterns as :stop does, after a dialog', async () => {
    const pattern = `${prefix}-sig*`;
    const names = [`${prefix}-sig-a`, `${prefix}-sig-b`];
    const state = (name: string) =>
      JSON.parse(docker(['inspect', '--format', '{{json .State.Status}}', name])) as string;
    terminal = berth.start({env: benchEnv(), columns: 120, rows: 30});
    await terminal.waitFor(/API 1\.41/);
    const command = async (line: string, title: RegExp, done: RegExp) => {
      terminal!.type(':');
      terminal!.type(line);
      terminal!.keys('Enter');
      const screen = await terminal!.waitFor(title);
      const dialog = screen.slice(screen.lastIndexOf('╭'));
      for (const name of names) expect(dialog).toContain(name);
      terminal!.type('y');
      await terminal!.waitFor(done, 20_000);
    };
    await command(`kill -s usr1 ${pattern}`, /Send USR1 to 2 containers matching/, /signalled \(USR1\)/);
    await expect
      .poll(() => names.map(name => docker(['logs', name]).includes('got-USR1')), {timeout: 5000})
      .toEqual([true, true]);
    await command(`stop ${pattern}`, /Stop 2 containers matching/, /stopped /);
    expect(names.map(state)).toEqual(['exited', 'exited']);
    await command(`start ${pattern}`, /Start 2 containers matching/, /started /);
    expect(names.map(state)).toEqual(['running', 'running']);
    await command(`restart ${pattern}`, /Restart 2 containers matching/, /restarted /);
    expect(names.map(state)).toEqual(['running', 'running']);
    // P pauses the running (the marked ones here), P again unpauses them.
    terminal.type(`/${prefix}-sig`);
    terminal.keys('Enter');
    await terminal.waitUntil(s => names.every(name => s.includes(name)), 'both rows');
    terminal.keys('Space');
    terminal.keys('Space');
    await terminal.waitFor('2 marked');
    // P goes by the state the rows show: running (up) after the restart's events came in.
    await terminal.waitUntil(s => names.every(name => new RegExp(`●\\*${name} +up`).test(s)), 'the rows up');
    terminal.type('P');
    await terminal.waitFor(/paused .*sig/, 10_000);
    expect(names.map(state)).toEqual(['paused', 'paused']);
    // Once they say paused, P unpauses.
    await terminal.waitUntil(s => names.every(name => new RegExp(`‖\\*${name} +paused`).test(s)), 'the rows paused');
    terminal.type('P');
    await terminal.waitFor(/unpaused .*sig/, 10_000);
    expect(names.map(state)).toEqual(['running', 'running']);
    terminal.keys('Escape');
    // -f is said in the dialog, as d says it once f is pressed.
    await command(
      `rm -f ${pattern}`,
      /Remove 2 containers matching "[^"]+"\?[\s│]*\[force: running containers are killed\]/,
      /removed /,
    );
    expect(docker(['ps', '-a', '-q', '--filter', `name=${prefix}-sig`]).trim()).toBe('');
    created.splice(0, created.length, ...created.filter(name => !names.includes(name)));
    // A signal that is not one is refused in one line, nothing asked.
    terminal.type(':');
    terminal.type(`kill -s 'NOT A SIGNAL' ${pattern}`);
    terminal.keys('Enter');
    await terminal.waitFor('"NOT A SIGNAL" is not a signal');
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  }, 90_000);

  test(':stop PATTERN* lists exactly the matches, then stops them', async () => {
    terminal = berth.start({env: benchEnv(), columns: 120, rows: 30});
    await terminal.waitFor(/API 1\.41/);
    terminal.type(':');
    terminal.type(`stop ${prefix}-pat*`);
    terminal.keys('Enter');
    const screen = await terminal.waitFor('Stop 2 containers matching');
    // The dialog is drawn over the list (which shows every container): only its frame lists the targets.
    const dialog = screen.slice(screen.lastIndexOf('╭'));
    expect(dialog).toContain(`${prefix}-pat-a`);
    expect(dialog).toContain(`${prefix}-pat-b`);
    expect(dialog).not.toContain(`x${prefix}-pat-c`);
    terminal.type('y');
    await terminal.waitFor(/stopped \S+-pat-a, \S+-pat-b|stopped \S+-pat-b, \S+-pat-a/, 20_000);
    const state = (n: string) => docker(['inspect', '--format', '{{.State.Status}}', n]).trim();
    expect([state(`${prefix}-pat-a`), state(`${prefix}-pat-b`), state(`x${prefix}-pat-c`)]).toEqual([
      'exited',
      'exited',
      'running',
    ]);
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });

  test('--readonly hides every action that changes the engine', async () => {
    terminal = berth.start({env: benchEnv(), columns: 120, rows: 30, args: ['--readonly']});
    await terminal.waitFor(/API 1\.41/);
    const screen = await terminal.waitFor('read-only');
    expect(screen).not.toMatch(/ s stop /);
    terminal.type('s');
    terminal.type(':');
    terminal.type(`stop ${prefix}*`);
    terminal.keys('Enter');
    await terminal.waitFor('unknown command ":stop"');
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });

  test('a key the dialog does not name does nothing; n cancels it', async () => {
    terminal = berth.start({env: benchEnv(), columns: 120, rows: 30});
    await focus(terminal, `${prefix}-secret`);
    terminal.type('d');
    await terminal.waitFor('Remove this container?');
    terminal.type('x');
    terminal.type('?');
    await terminal.waitFor('Keys · ');
    terminal.keys('Escape');
    await terminal.waitFor('Remove this container?');
    terminal.type('n');
    await terminal.waitUntil(s => !s.includes('Remove this container?'), 'the dialog to close');
    expect(docker(['ps', '-a', '--filter', `name=${prefix}-secret`, '--format', '{{.Names}}']).trim()).toBe(
      `${prefix}-secret`,
    );
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });

  test('v shows the environment with secrets masked until m', async () => {
    terminal = berth.start({env: benchEnv(), columns: 100, rows: 30});
    // Another container marked: v shows the one under the cursor (it showed the first marked one).
    await focus(terminal, `${prefix}-evil`);
    terminal.type(' ');
    await terminal.waitFor('1 marked');
    // / opens on the filter there is: ctrl-u clears it.
    terminal.type('/');
    terminal.keys('C-u');
    terminal.type(`${prefix}-secret`);
    terminal.keys('Enter');
    await terminal.waitFor(`filter: ${prefix}-secret`);
    terminal.type('v');
    const masked = await terminal.waitFor(`environment of ${prefix}-secret`);
    expect(masked).toMatch(/PLAIN\s+= visible/);
    expect(masked).toMatch(/DB_PASSWORD\s+= ••••••••/);
    expect(masked).not.toContain('hunter2');
    // Credentials inside a value under an ordinary name.
    expect(masked).toMatch(/DATABASE_URL\s+= postgres:\/\/user:••••@db\/x/);
    expect(masked).not.toContain('pw123');
    terminal.type('m');
    expect(await terminal.waitFor('hunter2')).toMatch(/DB_PASSWORD\s+= hunter2/);
    expect(await terminal.waitFor('pw123')).toMatch(/DATABASE_URL\s+= postgres:\/\/user:pw123@db\/x/);
    terminal.keys('Escape');
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });

  test('logs follow a live container, and its escape sequences cannot touch the terminal', async () => {
    terminal = berth.start({env: benchEnv(), columns: 120, rows: 30});
    await focus(terminal, `${prefix}-evil`);
    // Home typed at once, ahead of the pane's first lines: the pane leaves follow and shows the first line when
    // the lines come. Its escapes were removed (the bell shown as ^G), its colour kept.
    terminal.keys('Enter');
    terminal.keys('Home');
    const top = await terminal.waitFor('evil-line');
    expect(top).toMatch(/evil-line\^G red/);
    expect(top).not.toMatch(/logs \S+-evil · follow/);
    const tick = String(Math.max(0, ...[...top.matchAll(/tick-(\d+)/g)].map(m => Number(m[1]))));
    terminal.type('f');
    // New lines keep arriving while following.
    await terminal.waitUntil(
      s => [...s.matchAll(/tick-(\d+)/g)].some(m => Number(m[1]) > Number(tick ?? 0) + 1),
      'newer log lines',
    );
    const screen = terminal.screen();
    expect(screen.split('\n')[0]).toMatch(/^ berth ─ engine/);
    const title = (await import('node:child_process')).execFileSync(
      'tmux',
      ['-L', SOCKET, 'display-message', '-p', '-t', terminal.session, '#{pane_title}'],
      {encoding: 'utf8'},
    );
    expect(title).not.toContain('pwned');
    const buffers = (await import('node:child_process')).spawnSync('tmux', ['-L', SOCKET, 'show-buffer'], {
      encoding: 'utf8',
    });
    expect(buffers.stdout ?? '').not.toContain('hello');
    terminal.keys('Escape');
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });
});
