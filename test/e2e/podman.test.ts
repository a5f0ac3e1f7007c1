import {execFileSync} from 'node:child_process';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {BUSYBOX} from '../helpers/bench.js';
import {PODMAN_ULIMITS, startPodman, type PodmanService} from '../helpers/podman.js';
import {startBerth, type Terminal} from '../helpers/terminal.js';

// berth against Podman's Docker-compatible API (podman system service): the header says Podman, and the
// containers view, its events, logs, exec and stats work there as they do on Docker.
let service: PodmanService;
let terminal: Terminal | undefined;
const image = `localhost/${BUSYBOX}`;

beforeAll(async () => {
  service = await startPodman();
  service.podman([
    'run',
    '-d',
    '--name',
    'pm-logger',
    '--network',
    'none',
    ...PODMAN_ULIMITS,
    image,
    'sh',
    '-c',
    'i=0; while :; do i=$((i+1)); echo "podman line $i"; sleep 0.3; done',
  ]);
}, 90_000);
afterAll(async () => {
  terminal?.stop();
  await service?.stop();
}, 60_000);

const env = () => ({
  DOCKER_HOST: service.host,
  DOCKER_TLS_VERIFY: undefined,
  DOCKER_CERT_PATH: undefined,
  DOCKER_CONTEXT: undefined,
});

test('berth version names Podman', () => {
  const out = execFileSync(process.execPath, ['bin/berth.js', 'version'], {
    env: {...process.env, ...env(), DOCKER_TLS_VERIFY: '', DOCKER_CERT_PATH: ''},
    encoding: 'utf8',
  });
  expect(out).toMatch(/engine:\s+Podman 4\.\d+\.\d+/);
});

test('the UI on Podman: header, list, events, logs, exec and stats', async () => {
  terminal = startBerth({env: env(), columns: 100, rows: 30});
  const first = await terminal.waitFor('pm-logger');
  expect(first.split('\n')[0]).toMatch(/Podman 4\.\d+\.\d+ API 1\.41/);
  // Events: a container started by podman itself appears without a refresh.
  service.podman(['run', '-d', '--name', 'pm-second', '--network', 'none', ...PODMAN_ULIMITS, image, 'sleep', '1000']);
  await terminal.waitFor('pm-second');
  terminal.type('/pm-logger');
  terminal.keys('Enter');
  terminal.keys('Enter');
  await terminal.waitFor(/podman line \d+/);
  terminal.keys('Escape');
  terminal.type('e');
  await terminal.waitFor('/ #');
  terminal.type('echo $((6*7))');
  terminal.keys('Enter');
  await terminal.waitFor(/^42$/m);
  terminal.type('exit');
  terminal.keys('Enter');
  await terminal.waitFor(/exec \/bin\/sh in pm-logger exited 0/);
  terminal.type('u');
  await terminal.waitFor(/pm-logger\s+up \S+\s+\d+\.\d%/, 25_000);
  // The connection was made from /_ping's headers; Podman's slow /version, read after the list, fills view 5.
  terminal.type('5');
  terminal.type('G');
  await terminal.waitFor(/component Podman Engine 4\.\d+\.\d+[\s\S]*Arch\s+amd64/);
  terminal.type('q');
  expect(await terminal.exitCode()).toBe(0);
}, 90_000);
