import {execFileSync} from 'node:child_process';
import {createServer, connect, type Server} from 'node:net';
import {describe, expect, test} from 'vitest';
import {benchEnv} from '../helpers/bench.js';
import {berthPerTest, type Terminal} from '../helpers/terminal.js';

const berth = berthPerTest();
let terminal: Terminal | undefined;

describe('the UI shell in a real terminal', () => {
  test('starts against the bench over TLS, lists its containers, shows help, and q restores the terminal', async () => {
    terminal = berth.start({env: benchEnv(), columns: 100, rows: 30});
    await terminal.waitFor(/API 1\.41/);
    // The bench's own containers (an engine may hold many more).
    terminal.type('/bench-');
    terminal.keys('Enter');
    await terminal.waitFor('filter: bench-');
    const screen = await terminal.waitUntil(
      s => ['bench-logger', 'bench-idle', 'bench-done'].every(n => s.includes(n)),
      'the bench containers under the filter',
    );
    expect(screen).toMatch(/engine tcp:\/\/127\.0\.0\.1:2375 TLS · Docker 20\.10\.\S+ API 1\.41/);
    expect(screen).toContain('bench-idle');
    expect(screen).toContain('bench-done');
    expect(terminal.alternateScreen()).toBe(true);
    // The header is on the first row: nothing was drawn one row low.
    expect(screen.split('\n')[0]).toMatch(/^ berth ─ engine/);

    terminal.keys('?');
    await terminal.waitFor('Keys · ');
    // The current view's keys first; the rest is a scroll away.
    expect(terminal.screen()).toMatch(/Containers\s*│?\n│?\s+enter l\s+logs/);
    terminal.type('/refresh');
    await terminal.waitFor(/ctrl-r\s+refresh now/);
    terminal.keys('Enter');
    terminal.keys('Escape');
    terminal.keys('Escape');
    await terminal.waitUntil(s => !s.includes('Keys · ') && s.includes('bench-logger'), 'help to close');

    terminal.keys('q');
    expect(await terminal.exitCode()).toBe(0);
    expect(terminal.alternateScreen()).toBe(false);
    expect(terminal.cursorVisible()).toBe(true);
    const stty = terminal.sttyAfterExit();
    expect(stty).toMatch(/(^|\s)icanon(\s|$)/);
    expect(stty).toMatch(/(^|\s)echo(\s|$)/);
  });

  test('works at 80x24 and filters as you type', async () => {
    terminal = berth.start({env: benchEnv(), columns: 80, rows: 24});
    await terminal.waitFor(/API 1\.41/);
    terminal.type('/');
    terminal.type('bench-idle');
    await terminal.waitFor('filter: bench-idle');
    const screen = await terminal.waitFor(/^.● bench-idle/m);
    expect(screen).not.toContain('bench-logger');
    terminal.keys('Escape');
    await terminal.waitUntil(s => !s.includes('filter:'), 'the filter to clear');
    terminal.keys('C-c');
    expect(await terminal.exitCode()).toBe(0);
  });

  test('an unreachable engine gives a banner naming the host and the reason, and berth recovers when it returns', async () => {
    const env = benchEnv();
    const port = await freePort();
    terminal = berth.start({env, args: ['--host', `tcp://127.0.0.1:${port}`], columns: 120, rows: 30});
    const screen = await terminal.waitFor('connection refused');
    expect(screen).toContain(`engine tcp://127.0.0.1:${port}`);
    expect(screen).toMatch(/retrying in \d+s/);

    // The engine "comes back": a plain TCP forwarder to the bench's real TLS endpoint appears on that port.
    const forwarder = await forward(port, 2375);
    try {
      await terminal.waitFor(/API 1\.41/, 20_000);
      expect(terminal.screen()).not.toContain('connection refused');
    } finally {
      forwarder.close();
    }
    terminal.keys('q');
    expect(await terminal.exitCode()).toBe(0);
  });
});

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function forward(from: number, to: number): Promise<Server> {
  return new Promise(resolve => {
    const server = createServer(client => {
      const upstream = connect(to, '127.0.0.1');
      client.pipe(upstream).pipe(client);
      client.on('error', () => upstream.destroy());
      upstream.on('error', () => client.destroy());
    });
    server.listen(from, '127.0.0.1', () => resolve(server));
  });
}

describe('signals restore the terminal', () => {
  test.each([
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ])('%s', async (signal, code) => {
    const marker = `/tmp/berth-signal-${process.pid}-${signal}.yml`;
    terminal = berth.start({env: benchEnv(), args: ['--config', marker], columns: 100, rows: 30});
    await terminal.waitFor(/API 1\.41/);
    expect(terminal.alternateScreen()).toBe(true);
    const pid = execFileSync('pgrep', ['-f', `bin/berth.js --config ${marker}`], {encoding: 'utf8'})
      .trim()
      .split('\n')[0];
    process.kill(Number(pid), signal);
    expect(await terminal.exitCode()).toBe(code);
    expect(terminal.alternateScreen()).toBe(false);
    expect(terminal.cursorVisible()).toBe(true);
    expect(terminal.sttyAfterExit()).toMatch(/(^|\s)icanon(\s|$)/);
  });
});
