import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {RegistryClient} from '../../source/registry/client.js';
import {manifestDigest} from '../../source/registry/manifest-writes.js';
import {benchEnv, removeBenchRepositories, uniqueName} from '../helpers/bench.js';
import {Pusher, type PushedImage} from '../helpers/registry-seed.js';
import {scratchDir} from '../helpers/scratch.js';
import {berthPerTest, type Terminal} from '../helpers/terminal.js';

// View 4 at 80x24 against the bench registry: t retags, C copies within the registry, d deletes with every tag of
// the digest named first; each written to the command log as crane. The repository is the test's own.
const scratch = scratchDir('berth-e2e-registry-writes-');
const berth = berthPerTest();
const env = benchEnv();
const prefix = uniqueName('regmgmt-e2e');
const repository = `${prefix}/app`;
const registryUrl = env.BERTH_REGISTRY ?? 'https://127.0.0.1:5000';
const registryCa = env.BERTH_REGISTRY_CA ?? '';
let terminal: Terminal | undefined;
// The dialog wraps its lines at 80 columns: the words, without its borders and the breaks.
const flat = (screen: string) => screen.replace(/[│\s]+/g, ' ');
let image: PushedImage;
let client: RegistryClient;

beforeAll(async () => {
  const pusher = new Pusher({url: registryUrl, ca: readFileSync(registryCa, 'utf8')});
  image = await pusher.image(repository, '1', {layer: 'e2e layer'});
  await pusher.close();
  client = await RegistryClient.create(registryUrl, {caFile: registryCa, credentials: null});
});

afterAll(async () => {
  await client?.close();
  removeBenchRepositories(prefix);
});

test('view 4: t retags, C copies, d deletes every tag of the digest after naming them', async () => {
  const state = join(scratch, 'state');
  terminal = berth.start({
    env: {...env, XDG_STATE_HOME: state},
    columns: 80,
    rows: 24,
    args: ['--registry-ca', registryCa],
  });
  await terminal.waitFor(/API 1\.41/);
  terminal.type('4');
  await terminal.waitFor('tools/busybox');
  terminal.type('/');
  terminal.type('regmgmt-e2e');
  terminal.keys('Enter');
  await terminal.waitFor(repository);
  terminal.keys('Enter');
  await terminal.waitFor(`${repository} · 1 tag ·`);

  terminal.type('t');
  await terminal.waitFor(`tag ${repository}:1 as:`);
  terminal.type('stable');
  terminal.keys('Enter');
  await terminal.waitFor('stable is a new tag');
  terminal.type('y');
  await terminal.waitFor(`${repository} · 2 tags`);
  expect(await manifestDigest(client, repository, 'stable')).toBe(image.digest);

  terminal.type('C');
  await terminal.waitFor(`copy ${repository}:`);
  terminal.keys('C-u');
  terminal.type(`${repository}:copied`);
  terminal.keys('Enter');
  await terminal.waitUntil(s => flat(s).includes('a cross-repository mount: no data moves'), 'the copy dialog');
  terminal.type('y');
  await terminal.waitFor(`${repository} · 3 tags`);
  expect(await manifestDigest(client, repository, 'copied')).toBe(image.digest);

  terminal.type('d');
  const dialog = await terminal.waitUntil(s => flat(s).includes('all 3 of these go'), 'the delete dialog');
  for (const tag of ['1', 'copied', 'stable']) expect(dialog).toContain(`${repository}:${tag}`);
  terminal.type('y');
  const done = await terminal.waitFor('registry garbage-collect /etc/docker/registry/config.yml');
  expect(done).toContain('tags gone with it:');
  terminal.keys('Escape');
  await terminal.waitFor(`${repository} · 0 tags`);

  const log = readFileSync(join(state, 'berth', 'commands.log'), 'utf8');
  const host = new URL(registryUrl).host;
  expect(log).toContain(`crane tag ${host}/${repository}:1 stable`);
  expect(log).toContain(`crane copy ${host}/${repository}:1 ${host}/${repository}:copied`);
  expect(log).toContain(`crane delete ${host}/${repository}@${image.digest}`);
  terminal.type('q');
  expect(await terminal.exitCode()).toBe(0);
});
