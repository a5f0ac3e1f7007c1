import {afterEach, expect, test} from 'vitest';
import {benchEnv, docker} from '../helpers/bench.js';
import {startBerth, type Terminal} from '../helpers/terminal.js';

let terminal: Terminal | undefined;
afterEach(() => terminal?.stop());

test('view 4: repository → tags → details → pull into the engine', async () => {
  const env = benchEnv();
  const ref = '127.0.0.1:5000/apps/web:1.1';
  docker(['image', 'rm', '-f', ref]);
  terminal = startBerth({env, columns: 140, rows: 34, args: ['--registry-ca', env.BERTH_REGISTRY_CA!]});
  await terminal.waitFor('bench-logger');
  terminal.type('4');
  await terminal.waitFor('tools/busybox');
  expect(terminal.screen()).toMatch(/https:\/\/127\.0\.0\.1:5000 · \d+ repositories/);
  terminal.type('/');
  terminal.type('apps');
  terminal.keys('Enter');
  await terminal.waitUntil(s => s.includes('apps/web') && !s.includes('tools/busybox'), 'the filtered repository list');
  terminal.keys('Enter');
  await terminal.waitFor('apps/web · 2 tags');
  // Newest version first: 1.1 is on top and its details load on their own.
  const details = await terminal.waitFor(/digest +sha256:[0-9a-f]{64}/);
  expect(details).toContain('apps/web:1.1');
  expect(details).toMatch(/platforms \(1\)/);
  terminal.type('p');
  await terminal.waitFor(`pulled ${ref}`, 30_000);
  expect(docker(['image', 'ls', '--format', '{{.Repository}}:{{.Tag}}', '127.0.0.1:5000/apps/web'])).toContain(ref);
  // esc goes back to the repositories (still filtered), a second esc clears the filter.
  terminal.keys('Escape');
  await terminal.waitFor('3 repositories (1 shown)');
  terminal.keys('Escape');
  await terminal.waitFor('tools/busybox');
  terminal.type('q');
  expect(await terminal.exitCode()).toBe(0);
});
