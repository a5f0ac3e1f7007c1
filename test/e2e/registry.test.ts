import {mkdtempSync, readFileSync} from 'node:fs';
import {createServer} from 'node:http';
import {request as httpsRequest} from 'node:https';
import {join} from 'node:path';
import {expect, test} from 'vitest';
import {benchEnv, docker} from '../helpers/bench.js';
import {scratchDir} from '../helpers/scratch.js';
import {berthPerTest, type Terminal} from '../helpers/terminal.js';

const scratch = scratchDir('berth-e2e-registry-');

const berth = berthPerTest();
let terminal: Terminal | undefined;

test('view 4: repository → tags → details → pull into the engine', async () => {
  const env = benchEnv();
  const ref = '127.0.0.1:5000/apps/web:1.1';
  docker(['image', 'rm', '-f', ref]);
  terminal = berth.start({env, columns: 140, rows: 34, args: ['--registry-ca', env.BERTH_REGISTRY_CA!]});
  await terminal.waitFor(/API 1\.41/);
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
  // What happened, in words: layers fetched, or all of them already there (they may be shared with the bench's image).
  const pulled = await terminal.waitFor(
    /pulled 127\.0\.0\.1:5000\/apps\/web:1\.1: \d+ layers?|127\.0\.0\.1:5000\/apps\/web:1\.1 is already present/,
    30_000,
  );
  expect(pulled).toMatch(/pulled \d+ layers?, [\d.]+k?M?B|already present \(\d+ layers?\)/);
  expect(docker(['image', 'ls', '--format', '{{.Repository}}:{{.Tag}}', '127.0.0.1:5000/apps/web'])).toContain(ref);
  // esc goes back to the repositories (still filtered), a second esc clears the filter.
  terminal.keys('Escape');
  // Other tests' repositories may come and go on the bench registry meanwhile: the count is not fixed.
  await terminal.waitFor(/\d+ repositories \(1 shown\)/);
  terminal.keys('Escape');
  await terminal.waitFor('tools/busybox');
  terminal.type('q');
  expect(await terminal.exitCode()).toBe(0);
});

test('+ adds a registry and saves it to the config file', async () => {
  const env = benchEnv();
  const config = mkdtempSync(join(scratch, 'xdg-'));
  terminal = berth.start({
    env: {...env, BERTH_REGISTRY: undefined, XDG_CONFIG_HOME: config},
    columns: 120,
    rows: 30,
    args: ['--registry-ca', env.BERTH_REGISTRY_CA!],
  });
  await terminal.waitFor(/API 1\.41/);
  terminal.type('4');
  await terminal.waitFor('No registry configured');
  terminal.type('+');
  await terminal.waitFor('add registry:');
  terminal.keys('C-u');
  terminal.type('https://127.0.0.1:5000');
  terminal.keys('Enter');
  await terminal.waitFor('tools/busybox');
  expect(readFileSync(join(config, 'berth', 'config.yml'), 'utf8')).toContain('https://127.0.0.1:5000');
  terminal.type('q');
  expect(await terminal.exitCode()).toBe(0);
  terminal.stop();
  // The next start reads it back from the config file.
  terminal = berth.start({
    env: {...env, BERTH_REGISTRY: undefined, XDG_CONFIG_HOME: config},
    columns: 140,
    rows: 30,
    args: ['--registry-ca', env.BERTH_REGISTRY_CA!],
  });
  await terminal.waitFor('registry https://127.0.0.1:5000');
  terminal.type('q');
  expect(await terminal.exitCode()).toBe(0);
});

test('a registry without a catalog asks for a repository name and still lists its tags', async () => {
  const env = benchEnv();
  const ca = readFileSync(env.BERTH_REGISTRY_CA!);
  // The bench registry behind a plain-HTTP loopback front that, like Docker Hub, does not serve the catalog.
  const front = createServer((req, res) => {
    if (req.url?.startsWith('/v2/_catalog')) {
      res.writeHead(404, {'content-type': 'application/json'});
      res.end(JSON.stringify({errors: [{code: 'UNSUPPORTED', message: 'catalog not available'}]}));
      return;
    }
    const upstream = httpsRequest(
      {
        host: '127.0.0.1',
        port: 5000,
        path: req.url,
        method: req.method,
        headers: {...req.headers, host: '127.0.0.1:5000'},
        ca,
      },
      answer => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>(resolve => front.listen(0, '127.0.0.1', resolve));
  const port = (front.address() as {port: number}).port;
  try {
    terminal = berth.start({env: {...env, BERTH_REGISTRY: `http://127.0.0.1:${port}`}, columns: 120, rows: 30});
    await terminal.waitFor(/API 1\.41/);
    terminal.type('4');
    await terminal.waitFor('repository:');
    expect(terminal.screen()).toMatch(/catalog not available|404/);
    terminal.type('tools/busybox');
    terminal.keys('Enter');
    const tags = await terminal.waitFor('tools/busybox · 6 tags');
    // Newest version first, pre-releases after their release.
    const rows = tags
      .split('\n')
      .slice(3, 9)
      .map(line => line.replace(/^›/, '').trim().split(/\s+/)[0]);
    expect(rows).toEqual(['2.0.0', '2.0.0-rc.1', '1.10.0', '1.2.0', '1.0.0', 'latest']);
    terminal.type('o');
    await terminal.waitFor('by name');
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  } finally {
    front.close();
  }
});
