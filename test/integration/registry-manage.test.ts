import {readFileSync} from 'node:fs';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {RegistryClient} from '../../source/registry/client.js';
import {copyImage, retag} from '../../source/registry/image-copy.js';
import {deleteManifest, getRawManifest, manifestDigest, tagsAt} from '../../source/registry/manifest-writes.js';
import {benchEnv, removeBenchRepositories, uniqueName} from '../helpers/bench.js';
import {shouldRunRegistryTests, startRegistry, type RunningRegistry} from '../helpers/registry-server.js';
import {OCI_MANIFEST, Pusher, type PushedImage} from '../helpers/registry-seed.js';

// Delete, retag and copy against the bench registry (delete enabled, scripts/testbed.sh) and a second registry of
// the test's own without delete (distribution's default), each repository the test's own and removed afterwards.
describe.runIf(shouldRunRegistryTests())('registry management', {timeout: 120_000}, () => {
  const env = benchEnv();
  const benchUrl = env.BERTH_REGISTRY ?? 'https://127.0.0.1:5000';
  const benchCa = env.BERTH_REGISTRY_CA ?? '';
  const prefix = uniqueName('regmgmt');
  const repo = (name: string) => `${prefix}/${name}`;
  let other: RunningRegistry;
  let bench: RegistryClient;
  let second: RegistryClient;
  let benchPusher: Pusher;
  let image: PushedImage;
  let amd64: PushedImage;
  let arm64: PushedImage;
  let indexDigest: string;

  beforeAll(async () => {
    other = await startRegistry({deleteDisabled: true});
    bench = await RegistryClient.create(benchUrl, {caFile: benchCa, credentials: null});
    second = await RegistryClient.create(other.url, {caFile: other.caFile, credentials: null});
    benchPusher = new Pusher({url: benchUrl, ca: readFileSync(benchCa, 'utf8')});
    image = await benchPusher.image(repo('app'), '1.0', {layer: 'x'.repeat(200_000)});
    await benchPusher.manifest(
      repo('app'),
      'stable',
      JSON.stringify(await rawJson(bench, repo('app'), '1.0')),
      OCI_MANIFEST,
    );
    await benchPusher.image(repo('app'), '2.0', {layer: 'another layer'});
    // A multi-platform index built through the API: two platforms pushed by digest, then the index.
    amd64 = await benchPusher.image(repo('multi'), undefined, {architecture: 'amd64', layer: 'amd64 bytes'});
    arm64 = await benchPusher.image(repo('multi'), undefined, {architecture: 'arm64', layer: 'arm64 bytes'});
    ({digest: indexDigest} = await benchPusher.index(repo('multi'), 'latest', [
      {image: amd64, platform: {os: 'linux', architecture: 'amd64'}},
      {image: arm64, platform: {os: 'linux', architecture: 'arm64'}},
    ]));
  });

  afterAll(async () => {
    await benchPusher?.close();
    await bench?.close();
    await second?.close();
    await other?.stop();
    removeBenchRepositories(prefix);
  });

  it('retags: the same manifest under another tag, no blob moves', async () => {
    const result = await retag({client: bench, repository: repo('app')}, '2.0', 'renamed');
    expect(await manifestDigest(bench, repo('app'), 'renamed')).toBe(result.digest);
    expect(await manifestDigest(bench, repo('app'), '2.0')).toBe(result.digest);
  });

  it('finds every tag sharing a digest, and a delete by digest takes them all', async () => {
    const shared = await tagsAt(bench, repo('app'), image.digest);
    expect(shared).toEqual(['1.0', 'stable']);
    await deleteManifest(bench, repo('app'), image.digest);
    const left = await bench.listTags(repo('app'));
    expect(left).not.toContain('1.0');
    expect(left).not.toContain('stable');
    expect(left).toContain('2.0');
  });

  it('explains a registry without delete enabled (405 UNSUPPORTED) in one line with the setting', async () => {
    const pusher = new Pusher({url: other.url, ca: readFileSync(other.caFile, 'utf8')});
    const kept = await pusher.image('kept/app', '1', {});
    await pusher.close();
    const error = await deleteManifest(second, 'kept/app', kept.digest).catch((e: unknown) => e as Error);
    expect(error).toBeInstanceOf(Error);
    expect(error?.message).toMatch(/deletion is not enabled \(HTTP 405 UNSUPPORTED\)/);
    expect(error?.message).toMatch(/REGISTRY_STORAGE_DELETE_ENABLED=true/);
    expect(error?.message).not.toMatch(/\n/);
    expect(await manifestDigest(second, 'kept/app', '1')).toBe(kept.digest);
  });

  it('copies within one registry by mounting blobs, and the digest stays', async () => {
    const result = await copyImage(
      {client: bench, repository: repo('app'), reference: '2.0'},
      {client: bench, repository: repo('copy'), tag: 'c1'},
    );
    expect(result.how).toBe('mount');
    expect(result.mounted).toBe(2);
    expect(result.bytes).toBe(0);
    expect(await manifestDigest(bench, repo('copy'), 'c1')).toBe(await manifestDigest(bench, repo('app'), '2.0'));
    // Again: everything is there now.
    const again = await copyImage(
      {client: bench, repository: repo('app'), reference: '2.0'},
      {client: bench, repository: repo('copy'), tag: 'c2'},
    );
    expect(again.skipped).toBe(2);
  });

  it('copies across registries with the bytes streamed, and skips what is there', async () => {
    const seen: number[] = [];
    const result = await copyImage(
      {client: bench, repository: repo('app'), reference: '2.0'},
      {client: second, repository: 'copied/app', tag: 'x'},
      progress => seen.push(progress.bytes),
    );
    expect(result.how).toBe('stream');
    expect(result.copied).toBe(2);
    expect(result.bytes).toBe(result.totalBytes);
    expect(seen.length).toBeGreaterThan(1);
    expect(await manifestDigest(second, 'copied/app', 'x')).toBe(result.digest);
    const raw = await getRawManifest(second, 'copied/app', 'x');
    expect(raw.body.equals((await getRawManifest(bench, repo('app'), '2.0')).body)).toBe(true);
    const again = await copyImage(
      {client: bench, repository: repo('app'), reference: '2.0'},
      {client: second, repository: 'copied/app', tag: 'y'},
    );
    expect(again.skipped).toBe(2);
    expect(again.bytes).toBe(0);
  });

  it('copies a multi-platform index whole, each platform by digest', async () => {
    const result = await copyImage(
      {client: bench, repository: repo('multi'), reference: 'latest'},
      {client: second, repository: 'copied/multi', tag: 'latest'},
    );
    expect(result.digest).toBe(indexDigest);
    expect(result.manifests).toBe(3);
    expect(result.copied).toBe(4);
    expect(await manifestDigest(second, 'copied/multi', 'latest')).toBe(indexDigest);
    for (const platform of [amd64, arm64])
      expect(await manifestDigest(second, 'copied/multi', platform.digest)).toBe(platform.digest);
    const details = await second.tagDetails('copied/multi', 'latest');
    expect(details.platforms.map(p => p.platform).sort()).toEqual(['linux/amd64', 'linux/arm64']);
  });
});

async function rawJson(client: RegistryClient, repository: string, tag: string): Promise<unknown> {
  return JSON.parse((await getRawManifest(client, repository, tag)).body.toString('utf8'));
}
