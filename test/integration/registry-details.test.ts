import {readFileSync} from 'node:fs';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {RegistryClient} from '../../source/registry/client.js';
import {sortTags} from '../../source/registry/sort.js';
import {shouldRunRegistryTests, startRegistry, type RunningRegistry} from '../helpers/registry-server.js';
import {OCI_INDEX, OCI_MANIFEST, Pusher, type PushedImage} from '../helpers/registry-seed.js';

describe.runIf(shouldRunRegistryTests())('tag details from a real registry', {timeout: 60_000}, () => {
  let registry: RunningRegistry;
  let client: RegistryClient;
  let amd64: PushedImage;
  let arm64: PushedImage;
  let single: PushedImage;
  let indexDigest: string;
  let indexSize: number;

  beforeAll(async () => {
    registry = await startRegistry();
    const pusher = new Pusher({url: registry.url, ca: readFileSync(registry.caFile, 'utf8')});
    // Children are pushed by digest only, as buildx does, then an index with both and an attestation.
    amd64 = await pusher.image('apps/web', 'tmp-amd64', {
      architecture: 'amd64',
      created: '2024-03-01T08:00:00Z',
      layer: 'amd64 layer bytes',
    });
    arm64 = await pusher.image('apps/web', 'tmp-arm64', {
      architecture: 'arm64',
      variant: 'v8',
      created: '2024-03-02T09:30:00Z',
      layer: 'arm64 layer, a bit longer',
    });
    const attestation = await pusher.image('apps/web', 'tmp-att', {
      os: 'unknown',
      architecture: 'unknown',
      created: '2024-03-02T09:31:00Z',
    });
    ({digest: indexDigest, size: indexSize} = await pusher.index('apps/web', '2.0.0', [
      {image: amd64, platform: {os: 'linux', architecture: 'amd64'}},
      {image: arm64, platform: {os: 'linux', architecture: 'arm64', variant: 'v8'}},
      {
        image: attestation,
        platform: {os: 'unknown', architecture: 'unknown'},
        annotations: {
          'vnd.docker.reference.type': 'attestation-manifest',
          'vnd.docker.reference.digest': amd64.digest,
        },
      },
    ]));
    single = await pusher.image('tools/busybox', '1.0.0', {
      architecture: 'arm',
      variant: 'v7',
      created: '2023-12-24T18:00:00Z',
    });
    await pusher.close();
    client = await RegistryClient.create(registry.url, {caFile: registry.caFile, credentials: null});
  }, 60_000);

  afterAll(async () => {
    await client?.close();
    await registry?.stop();
  });

  it('reads a multi-platform OCI index: digest, media type, platforms with sizes and dates', async () => {
    const details = await client.tagDetails('apps/web', '2.0.0');
    expect(details).toEqual({
      repository: 'apps/web',
      tag: '2.0.0',
      digest: indexDigest,
      mediaType: OCI_INDEX,
      kind: 'index',
      manifestSize: indexSize,
      created: '2024-03-02T09:30:00Z',
      platforms: [
        {
          platform: 'linux/amd64',
          os: 'linux',
          architecture: 'amd64',
          variant: undefined,
          digest: amd64.digest,
          size: amd64.configSize + amd64.layerSize,
          created: '2024-03-01T08:00:00Z',
        },
        {
          platform: 'linux/arm64/v8',
          os: 'linux',
          architecture: 'arm64',
          variant: 'v8',
          digest: arm64.digest,
          size: arm64.configSize + arm64.layerSize,
          created: '2024-03-02T09:30:00Z',
        },
      ],
    });
  });

  it('reads a single image: total size is config plus layers, created from the config blob', async () => {
    const details = await client.tagDetails('tools/busybox', '1.0.0');
    expect(details).toMatchObject({
      digest: single.digest,
      mediaType: OCI_MANIFEST,
      kind: 'image',
      manifestSize: single.size,
      size: single.configSize + single.layerSize,
      created: '2023-12-24T18:00:00Z',
      platforms: [{platform: 'linux/arm/v7', digest: single.digest}],
    });
  });

  it('says which tag is missing', async () => {
    await expect(client.tagDetails('tools/busybox', 'nope')).rejects.toThrow(
      `registry ${registry.host}: "tools/busybox:nope" not found`,
    );
  });

  it('sorts the tags it lists newest version first', async () => {
    const tags = await client.listTags('apps/web');
    expect(sortTags(tags, 'newest')).toEqual(['2.0.0', 'tmp-amd64', 'tmp-arm64', 'tmp-att']);
  });
});
