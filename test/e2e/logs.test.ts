import {existsSync, mkdtempSync, readFileSync} from 'node:fs';
import {createServer, connect, type Server, type Socket} from 'node:net';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {benchEnv, docker, uniqueName, runTestContainer} from '../helpers/bench.js';
import {openLogs, submitSave} from '../helpers/log-pane.js';
import {scratchDir} from '../helpers/scratch.js';
import {berthPerTest, type Terminal} from '../helpers/terminal.js';
import {adjacentPairs} from '../helpers/found.js';

const berth = berthPerTest();
let terminal: Terminal | undefined;
const scratch = scratchDir('berth-e2e-logs-');

const name = uniqueName('e2e-logs');
beforeAll(() => {
  // 40 numbered lines at once, then one line every 200 ms.
  runTestContainer(name, [
    'sh',
    '-c',
    'for i in $(seq 1 40); do echo "early line $i"; done; echo "needle one"; i=0; while :; do i=$((i+1)); echo "live $i"; [ $((i % 10)) = 0 ] && echo "needle again $i"; sleep 0.2; done',
  ]);
});
afterAll(() => docker(['rm', '-f', name]));

describe('log pane', () => {
  test('search highlights and jumps with n/N; ctrl-s saves the buffer; c clears; windows switch', async () => {
    // Several matches: wait until the container printed a few "needle" lines.
    const deadline = Date.now() + 15_000;
    while (!docker(['logs', name]).includes('needle again 20') && Date.now() < deadline)
      await new Promise(r => setTimeout(r, 200));
    terminal = berth.start({env: benchEnv(), columns: 140, rows: 30});
    await openLogs(terminal, name);
    // The search runs over the lines the pane holds: wait for the tail (over 40 lines) before searching.
    await terminal.waitUntil(screen => Number(/· (\d+) lines/.exec(screen)?.[1] ?? 0) > 40, 'the tail in the pane');
    terminal.type('/');
    terminal.type('needle');
    terminal.keys('Enter');
    const found = await terminal.waitFor(/\/needle \d+\/\d+/);
    expect(found).toMatch(/lines match "needle"/);
    expect(found).toMatch(/paused/);
    const position = /\/needle (\d+)\/(\d+)/.exec(found)!;
    terminal.type('N');
    await terminal.waitUntil(s => /\/needle (\d+)\//.exec(s)?.[1] !== position[1], 'the previous match');
    terminal.type('n');
    await terminal.waitFor(`/needle ${position[1]}/`);
    terminal.keys('Escape');
    await terminal.waitUntil(s => !s.includes('/needle '), 'the search to clear');

    const dir = mkdtempSync(join(scratch, 'save-'));
    const file = join(dir, 'saved.log');
    await submitSave(terminal, file);
    await terminal.waitFor(/saved \d+ lines to/);
    expect(existsSync(file)).toBe(true);
    expect(existsSync(`${file}.partial`)).toBe(false);
    const saved = readFileSync(file, 'utf8');
    expect(saved).toContain('early line 1\n');
    expect(saved).toContain('needle one');
    // The same path again is refused rather than overwritten.
    await submitSave(terminal, file);
    await terminal.waitFor(/exists/);

    terminal.type('c');
    await terminal.waitFor('log pane cleared');
    terminal.type('f');
    await terminal.waitUntil(s => /live \d+/.test(s) && !s.includes('early line'), 'only new lines after clearing');

    terminal.type('1');
    await terminal.waitFor('since 1m');
    terminal.type('0');
    await terminal.waitFor('tail 200');
    terminal.keys('Escape');
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });

  test('esc back to the list, enter on the same container focuses its pane again, many times', async () => {
    terminal = berth.start({env: benchEnv(), columns: 140, rows: 30});
    await openLogs(terminal, name);
    for (let i = 0; i < 5; i++) {
      terminal.keys('Escape');
      await terminal.waitFor('enter logs');
      // enter on the container whose pane is open used to recurse until the stack ran out (berth crashed).
      terminal.keys('Enter');
      await terminal.waitFor('esc back to the list');
    }
    await terminal.waitFor(/live \d+/);
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });

  test(':logs --tail N --follow=false reopens with those options', async () => {
    terminal = berth.start({env: benchEnv(), columns: 140, rows: 30});
    await openLogs(terminal, name);
    terminal.type(':');
    terminal.type('logs --tail 3 --follow=false');
    terminal.keys('Enter');
    const screen = await terminal.waitFor('tail 3 · no follow');
    await terminal.waitFor(/ 3 lines/);
    expect(screen).not.toContain('early line');
    terminal.type(':');
    terminal.type('logs --since 10x');
    terminal.keys('Enter');
    await terminal.waitFor(/:logs: .*10x/);
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });

  test('when the engine connection drops the pane says so, and it resumes when it returns', async () => {
    const forwarder = new Forwarder(2375);
    const port = await forwarder.listen();
    terminal = berth.start({env: benchEnv(), args: ['--host', `tcp://127.0.0.1:${port}`], columns: 140, rows: 30});
    await openLogs(terminal, name);
    await terminal.waitFor(/live \d+/);
    forwarder.cut();
    await terminal.waitFor(/reconnecting/, 15_000);
    const before = Math.max(...[...terminal.screen().matchAll(/live (\d+)/g)].map(m => Number(m[1])));
    await forwarder.resume();
    await terminal.waitUntil(
      s => Math.max(...[...s.matchAll(/live (\d+)/g)].map(m => Number(m[1]))) > before + 2,
      'lines after the reconnect',
      20_000,
    );
    // No line twice: the numbers on screen are consecutive.
    const numbers = [...terminal.screen().matchAll(/^\s*live (\d+)$/gm)].map(m => Number(m[1]));
    for (const [n, next] of adjacentPairs(numbers)) expect(next).toBe(n + 1);
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
    forwarder.close();
  });
});

// A TCP path to the bench engine that the test can cut and restore, like a flaky network.
class Forwarder {
  private server?: Server;
  private sockets = new Set<Socket>();
  private port = 0;
  constructor(private readonly target: number) {}
  async listen(port = 0): Promise<number> {
    this.server = createServer(client => {
      const upstream = connect(this.target, '127.0.0.1');
      this.sockets.add(client).add(upstream);
      client.pipe(upstream).pipe(client);
      const drop = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on('error', drop).on('close', drop);
      upstream.on('error', drop).on('close', drop);
    });
    await new Promise<void>(resolve => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = (this.server.address() as {port: number}).port;
    return this.port;
  }
  cut(): void {
    this.server?.close();
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
  }
  resume(): Promise<number> {
    return this.listen(this.port);
  }
  close(): void {
    this.cut();
  }
}
