import {afterAll, beforeAll, expect, test} from 'vitest';
import {BUSYBOX} from '../helpers/bench.js';
import {PODMAN_ULIMITS, startPodman, type PodmanService} from '../helpers/podman.js';
import {berthPerTest, focusContainer, type Terminal} from '../helpers/terminal.js';

// K and :rename on Podman 4.3's Docker-compatible API, which offers kill and rename; its API has no container
// update, which :update says in one line instead of "not found".
const berth = berthPerTest();
let service: PodmanService;
let terminal: Terminal | undefined;

beforeAll(async () => {
  service = await startPodman();
  service.podman([
    'run',
    '-d',
    '--name',
    'pm-sig',
    '--network',
    'none',
    ...PODMAN_ULIMITS,
    `localhost/${BUSYBOX}`,
    'sh',
    '-c',
    "trap 'echo got-USR1' USR1; while :; do sleep 0.2; done",
  ]);
}, 90_000);
afterAll(async () => {
  await service?.stop();
}, 60_000);

test('on Podman: K sends USR1, :rename renames, :update is refused as Podman does not offer it', async () => {
  terminal = berth.start({
    env: {
      DOCKER_HOST: service.host,
      DOCKER_TLS_VERIFY: undefined,
      DOCKER_CERT_PATH: undefined,
      DOCKER_CONTEXT: undefined,
    },
    columns: 80,
    rows: 24,
  });
  await terminal.waitFor(/Podman 4\.\d+\.\d+/, 20_000);
  await focusContainer(terminal, 'pm-sig');
  terminal.type('K');
  await terminal.waitFor('Signal to pm-sig');
  for (let i = 0; i < 5; i++) terminal.keys('Down');
  terminal.keys('Enter');
  await terminal.waitFor('Send USR1 to this container?');
  terminal.type('y');
  await terminal.waitFor('signalled (USR1) pm-sig', 10_000);
  await expect.poll(() => service.podman(['logs', 'pm-sig']).includes('got-USR1'), {timeout: 5000}).toBe(true);
  terminal.type(':');
  terminal.type('update');
  terminal.keys('Enter');
  await terminal.waitFor(/restart policy +no/);
  terminal.keys('Tab');
  terminal.type('64m');
  terminal.keys('Enter');
  await terminal.waitFor('with --memory 64m');
  terminal.type('y');
  await terminal.waitFor("update refused for pm-sig: Podman's API has no update (use podman update)", 10_000);
  terminal.type(':');
  terminal.type('rename pm-renamed');
  terminal.keys('Enter');
  await terminal.waitFor('Rename pm-sig to pm-renamed?');
  terminal.type('y');
  await terminal.waitFor('renamed pm-sig to pm-renamed', 10_000);
  expect(service.podman(['inspect', '--format', '{{.Name}}', 'pm-renamed']).trim()).toBe('pm-renamed');
  terminal.type('q');
  expect(await terminal.exitCode()).toBe(0);
}, 90_000);
