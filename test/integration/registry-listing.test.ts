import {readFileSync} from 'node:fs';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {RegistryClient} from '../../source/registry/client.js';
import {runRegistryCommand} from '../helpers/registry-cli.js';
import {shouldRunRegistryTests, startRegistry, type RunningRegistry} from '../helpers/registry-server.js';
import {Pusher, cloneRepository, writeTags} from '../helpers/registry-seed.js';

const REPO_COUNT = 1200;
const TAG_COUNT = 2500;
const repoNames = Array.from({length: REPO_COUNT}, (_, i) => `bulk/r${String(i).padStart(4, '0')}`);
const tagNames = Array.from({length: TAG_COUNT}, (_, i) => `v${i}`);

const run = runRegistryCommand;

describe.runIf(shouldRunRegistryTests())('listing a real registry', {timeout: 60_000}, () => {
  let registry: RunningRegistry;
  let client: RegistryClient;
  const expectedRepos = [...repoNames, 'tools/busybox'].sort();

  beforeAll(async () => {
    registry = await startRegistry();
    const pusher = new Pusher({url: registry.url, ca: readFileSync(registry.caFile, 'utf8')});
    const image = await pusher.image('tools/busybox', '1.0.0');
    await pusher.close();
    cloneRepository(registry.repositories, 'tools/busybox', repoNames);
    writeTags(registry.repositories, 'tools/busybox', tagNames, image.digest);
    client = await RegistryClient.create(registry.url, {caFile: registry.caFile, credentials: null});
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    await registry?.stop();
  });

  it('reads more than 1,000 repositories across catalog pages, each page as it arrives', async () => {
    const pages: number[] = [];
    const all = await client.listRepositories(page => pages.push(page.items.length));
    expect(all).toEqual(expectedRepos);
    expect(pages).toEqual([1000, REPO_COUNT + 1 - 1000]);
  });

  it('iterates pages and stops early without reading the rest', async () => {
    const seen: string[] = [];
    for await (const page of client.repositories({pageSize: 100})) {
      seen.push(...page.items);
      if (seen.length >= 300) break;
    }
    expect(seen).toEqual(expectedRepos.slice(0, 300));
  });

  it('reads every tag of a repository with 2,500 tags', async () => {
    const tags = await client.listTags('tools/busybox');
    expect(tags).toHaveLength(TAG_COUNT + 1);
    expect(new Set(tags)).toEqual(new Set([...tagNames, '1.0.0']));
  });

  it("says which repository is unknown, in the registry's words", async () => {
    await expect(client.listTags('no/such')).rejects.toThrow(
      `registry ${registry.host}: repository "no/such" not found (NAME_UNKNOWN: repository name not known to registry`,
    );
  });

  it('berth registry ls prints every repository, one per line, and --json', async () => {
    const plain = await run(['ls', registry.url, '--registry-ca', registry.caFile], {});
    expect(plain.stderr).toBe('');
    expect(plain.code).toBe(0);
    expect(plain.stdout).toBe(expectedRepos.map(name => `${name}\n`).join(''));
    const json = await run(['ls', '--json'], {BERTH_REGISTRY: registry.url, BERTH_REGISTRY_CA: registry.caFile});
    expect(json.code).toBe(0);
    expect(JSON.parse(json.stdout)).toEqual({registry: registry.url, repositories: expectedRepos});
  });

  it('berth registry tags prints every tag sorted by name, and --json', async () => {
    const plain = await run(['tags', 'tools/busybox', '--registry', registry.url], {
      BERTH_REGISTRY_CA: registry.caFile,
    });
    expect(plain.code).toBe(0);
    const lines = plain.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(TAG_COUNT + 1);
    expect(lines).toEqual([...lines].sort());
    const json = await run(
      ['tags', `${registry.host}/tools/busybox`, '--json', `--registry-ca=${registry.caFile}`],
      {},
    );
    expect(json.code).toBe(0);
    expect((JSON.parse(json.stdout) as {tags: string[]}).tags).toHaveLength(TAG_COUNT + 1);
  });

  it('exits 1 with one line naming host, reason and fix when the registry is not trusted', async () => {
    const result = await run(['ls', registry.url], {BERTH_CERTS_D: `${registry.dir}/no-certs-d`});
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).toContain(`registry ${registry.host}: TLS certificate not trusted: unknown CA`);
    expect(result.stderr).toContain(`${registry.dir}/no-certs-d/${registry.host}/ca.crt`);
  });

  it('exits 2 on usage errors', async () => {
    expect((await run(['ls'], {})).code).toBe(2);
    expect((await run(['tags'], {BERTH_REGISTRY: registry.url})).code).toBe(2);
    expect((await run(['frobnicate'], {})).code).toBe(2);
    expect((await run(['ls', '--bogus'], {})).code).toBe(2);
    const plainHttp = await run(['ls', 'http://reg.example:5000'], {});
    expect(plainHttp.code).toBe(2);
    expect(plainHttp.stderr).toMatch(/plain http is only allowed/);
  });
});

describe.runIf(shouldRunRegistryTests())('a registry that caps the page size', {timeout: 60_000}, () => {
  let registry: RunningRegistry;
  beforeAll(async () => {
    registry = await startRegistry({maxEntries: 500});
    const pusher = new Pusher({url: registry.url, ca: readFileSync(registry.caFile, 'utf8')});
    await pusher.image('tools/busybox', '1.0.0');
    await pusher.close();
    cloneRepository(registry.repositories, 'tools/busybox', repoNames.slice(0, 250));
  }, 60_000);
  afterAll(async () => registry?.stop());

  it('steps down to n=100 after 400 PAGINATION_NUMBER_INVALID', async () => {
    const client = await RegistryClient.create(registry.url, {caFile: registry.caFile, credentials: null});
    const pages: Array<[number, number]> = [];
    const all = await client.listRepositories(page => pages.push([page.items.length, page.pageSize]));
    await client.close();
    expect(all).toHaveLength(251);
    expect(pages).toEqual([
      [100, 100],
      [100, 100],
      [51, 100],
    ]);
  });
});
