import {copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {benchEnv, removeBenchRepositories, uniqueName} from '../helpers/bench.js';
import {runRegistryCommand} from '../helpers/registry-cli.js';
import {shouldRunRegistryTests, startRegistry, type RunningRegistry} from '../helpers/registry-server.js';
import {Pusher, type PushedImage} from '../helpers/registry-seed.js';

// berth registry rm|tag|cp against the bench registry and a second one (trusted through a certs.d of the test's
// own), with --json, the command log's crane lines, and the refusals.
describe.runIf(shouldRunRegistryTests())('berth registry rm, tag and cp', {timeout: 120_000}, () => {
  const env = benchEnv();
  const benchUrl = env.BERTH_REGISTRY ?? 'https://127.0.0.1:5000';
  const benchHost = new URL(benchUrl).host;
  const prefix = uniqueName('regmgmt-cli');
  const state = mkdtempSync(join(tmpdir(), 'berth-regmgmt-'));
  let other: RunningRegistry;
  let image: PushedImage;
  let commandEnv: NodeJS.ProcessEnv;

  beforeAll(async () => {
    other = await startRegistry({deleteDisabled: true});
    const certsDir = join(state, 'certs.d');
    mkdirSync(join(certsDir, other.host), {recursive: true});
    copyFileSync(other.caFile, join(certsDir, other.host, 'ca.crt'));
    commandEnv = {
      BERTH_REGISTRY: benchUrl,
      BERTH_REGISTRY_CA: env.BERTH_REGISTRY_CA,
      BERTH_CERTS_D: certsDir,
      XDG_STATE_HOME: state,
    };
    const pusher = new Pusher({url: benchUrl, ca: readFileSync(env.BERTH_REGISTRY_CA ?? '', 'utf8')});
    image = await pusher.image(`${prefix}/app`, '1', {layer: 'cli layer'});
    await pusher.close();
  });

  afterAll(async () => {
    await other?.stop();
    rmSync(state, {recursive: true, force: true});
    removeBenchRepositories(prefix);
  });

  const commandLog = () => readFileSync(join(state, 'berth', 'commands.log'), 'utf8');

  it('tag puts the manifest under a new tag and logs crane tag', async () => {
    const result = await runRegistryCommand(['tag', `${prefix}/app:1`, 'two', '--json'], commandEnv);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({repository: `${prefix}/app`, tag: 'two', digest: image.digest});
    expect(commandLog()).toContain(`crane tag ${benchHost}/${prefix}/app:1 two`);
  });

  it('cp copies to another registry (the digest stays) and logs crane copy', async () => {
    const to = `${other.host}/mirror/app:1`;
    const result = await runRegistryCommand(['cp', `${prefix}/app:1`, to, '--json'], commandEnv);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({digest: image.digest, how: 'stream', copied: 2});
    expect(commandLog()).toContain(`crane copy ${benchHost}/${prefix}/app:1 ${to}`);
    const tags = await runRegistryCommand(['tags', `${other.host}/mirror/app`, '--json'], {
      BERTH_CERTS_D: commandEnv.BERTH_CERTS_D,
    });
    expect(JSON.parse(tags.stdout)).toMatchObject({tags: ['1']});
  });

  it('rm deletes by digest, names every tag that went, and says how space comes back', async () => {
    const result = await runRegistryCommand(['rm', `${prefix}/app:two`], commandEnv);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(`deleted ${benchHost}/${prefix}/app@${image.digest} and its tags 1, two\n`);
    expect(result.stderr).toMatch(
      /garbage collector runs: registry garbage-collect \/etc\/docker\/registry\/config\.yml/,
    );
    expect(commandLog()).toContain(`crane delete ${benchHost}/${prefix}/app@${image.digest}`);
  });

  it('rm on a registry without delete fails in one line naming the setting (exit 1)', async () => {
    const result = await runRegistryCommand(['rm', `${other.host}/mirror/app:1`], commandEnv);
    expect(result.code).toBe(1);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/405 UNSUPPORTED.*REGISTRY_STORAGE_DELETE_ENABLED=true/);
  });

  it('refuses under --readonly and on bad references, exit 2', async () => {
    const readonly = await runRegistryCommand(['rm', `${prefix}/app:1`, '--readonly'], commandEnv);
    expect(readonly.code).toBe(2);
    expect(readonly.stderr).toMatch(/--readonly forbids/);
    expect((await runRegistryCommand(['rm', `${prefix}/app`], commandEnv)).code).toBe(2);
    expect((await runRegistryCommand(['tag', `${prefix}/app:1`], commandEnv)).code).toBe(2);
    expect((await runRegistryCommand(['cp', `${prefix}/app:1`], commandEnv)).code).toBe(2);
    expect((await runRegistryCommand(['tag', `${prefix}/app:1`, 'bad tag!'], commandEnv)).code).toBe(2);
  });
});
