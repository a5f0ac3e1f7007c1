import {readFileSync} from 'node:fs';
import {PassThrough} from 'node:stream';
import {registryCommand} from '../../source/registry/cli.js';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {startFaultProxy, type FaultProxy} from '../helpers/fault-proxy.js';
import {Pusher, cloneRepository} from '../helpers/registry-seed.js';
import {shouldRunRegistryTests, startRegistry, type RunningRegistry} from '../helpers/registry-server.js';
import {benchEnv} from '../helpers/bench.js';
import {startBerth, type Terminal} from '../helpers/terminal.js';
import {at} from '../helpers/found.js';

// A registry that goes away in the middle of a listing (the fault proxy resets every connection after part of
// the answers and refuses new ones), then comes back. A private registry: 1,200 repositories with long names: a page of 1,000 and one of 200.
const COUNT = 1200;
const names = Array.from({length: COUNT}, (_, i) => `many/a-repository-with-a-long-name-${String(i).padStart(4, '0')}`);
let registry: RunningRegistry;
let proxy: FaultProxy;
let terminal: Terminal | undefined;

beforeAll(async () => {
  shouldRunRegistryTests();
  registry = await startRegistry();
  const pusher = new Pusher({url: registry.url, ca: readFileSync(registry.caFile, 'utf8')});
  await pusher.image('tools/busybox', '1.0.0');
  await pusher.close();
  cloneRepository(registry.repositories, 'tools/busybox', names);
  proxy = await startFaultProxy({host: '127.0.0.1', port: registry.port}, {tls: true});
}, 60_000);
afterAll(async () => {
  terminal?.stop();
  await proxy?.close();
  await registry?.stop();
});

describe('registry gone during a listing', () => {
  test('view 4 keeps the pages it has, says the listing stopped and why; ctrl-r lists again once it is back', async () => {
    const url = proxy.url('https');
    terminal = startBerth({
      env: {...benchEnv(), BERTH_REGISTRY: url},
      columns: 120,
      rows: 30,
      args: ['--registry-ca', registry.caFile],
    });
    await terminal.waitFor(/API 1\.41/);
    terminal.type('4');
    const total = `${(COUNT + 1).toLocaleString('en-US')} repositories`;
    await terminal.waitUntil(s => s.includes(total) && !s.includes('loading'), 'the whole list');
    // A listing on the open connection costs `listing` bytes; the second page (200 of 1,201 names, ~9 KB) is its
    // end. The registry goes away half way through that page.
    const before = proxy.peerBytes;
    terminal.keys('C-r');
    // Done when bytes came and then none for half a second.
    for (let seen = before, quiet = 0; quiet < 500 || seen === before;) {
      await new Promise(r => setTimeout(r, 50));
      quiet = proxy.peerBytes === seen ? quiet + 50 : 0;
      seen = proxy.peerBytes;
    }
    await terminal.waitUntil(s => s.includes(total) && !s.includes('loading'), 'the list again');
    const listing = proxy.peerBytes - before;
    const secondPage = 200 * (at(names, 0).length + 3);
    const cut = proxy.cutAfter(listing - secondPage / 2);
    terminal.keys('C-r');
    await cut;
    const stopped = await terminal.waitFor(/listing stopped after 1,000 repositories/, 15_000);
    const flat = stopped.replace(/\s+/g, ' ');
    expect(flat).toContain(`registry ${proxy.host}:`);
    expect(flat).toMatch(/ctrl-r lists again/);
    expect(stopped).toContain('many/a-repository-with-a-long-name-0000');
    // Comes back: ctrl-r lists everything.
    proxy.mode = 'pass';
    terminal.keys('C-r');
    const all = await terminal.waitUntil(s => s.includes(total) && !s.includes('loading'), 'the whole list', 15_000);
    expect(all).not.toMatch(/listing stopped/);
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  }, 60_000);

  test('berth registry ls prints the names it got, then one line naming the registry, and fails', async () => {
    const run = async () => {
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      const stdout = new PassThrough().on('data', (c: Buffer) => out.push(c));
      const stderr = new PassThrough().on('data', (c: Buffer) => err.push(c));
      const code = await registryCommand(['ls', proxy.url('https'), '--registry-ca', registry.caFile], {
        stdout,
        stderr,
        env: {PATH: process.env.PATH, HOME: '/nonexistent'},
      });
      return {code, stdout: Buffer.concat(out).toString(), stderr: Buffer.concat(err).toString()};
    };
    proxy.mode = 'pass';
    const before = proxy.peerBytes;
    const whole = await run();
    expect(whole.code).toBe(0);
    expect(whole.stdout.split('\n').filter(Boolean)).toHaveLength(COUNT + 1);
    const listing = proxy.peerBytes - before;
    void proxy.cutAfter(listing - (200 * (at(names, 0).length + 3)) / 2);
    const broken = await run();
    proxy.mode = 'pass';
    expect(broken.code).not.toBe(0);
    expect(broken.stderr.trim().split('\n')).toHaveLength(1);
    expect(broken.stderr).toContain(`registry ${proxy.host}:`);
    // What came before the registry went away was printed, and nothing else.
    expect(broken.stdout.split('\n').filter(Boolean)).toEqual(whole.stdout.split('\n').filter(Boolean).slice(0, 1000));
  });
});
