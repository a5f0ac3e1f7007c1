import {existsSync, readFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {BUSYBOX, benchEnv, docker, removeBenchRepositories, runTestContainer, uniqueName} from '../helpers/bench.js';
import {Pusher} from '../helpers/registry-seed.js';
import {scratchDir} from '../helpers/scratch.js';
import {berthPerTest} from '../helpers/terminal.js';

// Keys typed in one burst with the key that opens something that is not there yet: a shell (e), a dialog that needs
// the registry's answer (d in view 4), a pane still reading an image (l). Each burst is ONE tmux send-keys.
const scratch = scratchDir('berth-e2e-ahead-sessions-');
const berth = berthPerTest();
const env = benchEnv();
const name = uniqueName('e2e-ahead-exec');
const prefix = uniqueName('ahead-e2e');
const repository = `${prefix}/app`;
const registryUrl = env.BERTH_REGISTRY ?? 'https://127.0.0.1:5000';
const registryCa = env.BERTH_REGISTRY_CA ?? '';

beforeAll(async () => {
  runTestContainer(name, ['sleep', '600']);
  const pusher = new Pusher({url: registryUrl, ca: readFileSync(registryCa, 'utf8')});
  await pusher.image(repository, '1', {layer: 'ahead layer'});
  await pusher.close();
}, 60_000);

afterAll(() => {
  docker(['rm', '-f', name]);
  removeBenchRepositories(prefix);
});

test('e then a command, typed together at 80x24: the command runs in the shell, nothing acts on berth', async () => {
  const state = join(scratch, 'state');
  const terminal = berth.start({env: {...env, XDG_STATE_HOME: state}, columns: 80, rows: 24});
  await terminal.waitFor(/API 1\.41/);
  terminal.type('/');
  terminal.type(name.slice(-12));
  terminal.keys('Enter');
  await terminal.waitFor(`filter: ${name.slice(-12)}`);
  // s (stop), y (confirm), x (export) and d (remove) are berth keys: here they are the shell's.
  terminal.type('esysctl -a >/dev/null 2>&1; echo ahead-$((6*7))\rexit 5\r');
  await terminal.waitFor(`exec /bin/sh in ${name} exited 5`, 20_000);
  expect(docker(['inspect', '-f', '{{.State.Running}}', name]).trim()).toBe('true');
  const log = readFileSync(join(state, 'berth/commands.log'), 'utf8');
  expect(log).toContain(`exec -it ${name} /bin/sh`);
  expect(log).not.toMatch(/docker (stop|rm|export)/);
  expect(existsSync(`${name}.tar`)).toBe(false);
});

test('view 4: d y typed together deletes the tag once the dialog has what the digest carries', async () => {
  const terminal = berth.start({env, columns: 80, rows: 24, args: ['--registry-ca', registryCa]});
  await terminal.waitFor(/API 1\.41/);
  terminal.type('4');
  await terminal.waitFor('tools/busybox');
  terminal.type('/');
  terminal.type(prefix);
  terminal.keys('Enter');
  await terminal.waitFor(repository);
  terminal.keys('Enter');
  await terminal.waitFor(`${repository} · 1 tag`);
  terminal.type('dy');
  await terminal.waitFor(`deleted ${repository}@`, 20_000);
});

test('view 2: l m typed together shows the merged tree once the layers are read', async () => {
  const terminal = berth.start({env, columns: 80, rows: 24});
  await terminal.waitFor(/API 1\.41/);
  terminal.type('2');
  await terminal.waitFor('REPOSITORY');
  terminal.type('/');
  terminal.type(BUSYBOX.split(':')[0] ?? BUSYBOX);
  terminal.keys('Enter');
  await terminal.waitFor(`filter: ${BUSYBOX.split(':')[0]}`);
  terminal.type('lm');
  const shown = await terminal.waitFor('the merged tree', 20_000);
  expect(shown).not.toContain('dropped');
  terminal.keys('Escape');
  await terminal.waitUntil(s => !s.includes('the merged tree'), 'the pane closed');
});
