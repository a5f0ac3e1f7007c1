import {createHash} from 'node:crypto';
import {afterEach, describe, expect, it} from 'vitest';
import {RegistryClient} from '../../../source/registry/client.js';
import {sendJson, startFakeRegistry, type FakeRegistry} from '../../helpers/registry-fake.js';

const LIST = 'application/vnd.docker.distribution.manifest.list.v2+json';
const DOCKER = 'application/vnd.docker.distribution.manifest.v2+json';
const sha = (s: string) => `sha256:${createHash('sha256').update(s).digest('hex')}`;

let fake: FakeRegistry | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

describe('tag details', () => {
  it('asks with all four manifest types and no q values, and reads a Docker manifest list', async () => {
    const config = JSON.stringify({created: '1980-01-01T00:00:01Z', os: 'linux', architecture: 'amd64'});
    const child = JSON.stringify({
      schemaVersion: 2,
      mediaType: DOCKER,
      config: {mediaType: 'x', digest: sha(config), size: config.length},
      layers: [
        {digest: 'sha256:aa', size: 1000},
        {digest: 'sha256:bb', size: 234},
      ],
    });
    const list = JSON.stringify({
      schemaVersion: 2,
      mediaType: LIST,
      manifests: [
        {mediaType: DOCKER, digest: sha(child), size: child.length, platform: {os: 'linux', architecture: 'amd64'}},
        {mediaType: DOCKER, digest: 'sha256:missing', size: 1, platform: {os: 'linux', architecture: 's390x'}},
      ],
    });
    const accepts: string[] = [];
    fake = await startFakeRegistry((req, res, url) => {
      if (url.pathname.includes('/manifests/')) accepts.push(String(req.headers.accept));
      const ref = decodeURIComponent(url.pathname.split('/').pop()!);
      if (url.pathname.endsWith('/manifests/v1') || ref === sha(list)) {
        res.writeHead(200, {
          'content-type': LIST,
          'docker-content-digest': sha(list),
          'content-length': String(list.length),
        });
        res.end(req.method === 'HEAD' ? undefined : list);
      } else if (ref === sha(child)) {
        res.writeHead(200, {'content-type': DOCKER}).end(child);
      } else if (url.pathname.includes('/blobs/')) {
        // blobs come from elsewhere via a redirect, as object storage does
        res.writeHead(307, {location: `/storage/${ref}`}).end();
      } else if (url.pathname.startsWith('/storage/')) {
        res.writeHead(200).end(config);
      } else {
        sendJson(res, 404, {errors: [{code: 'MANIFEST_UNKNOWN', message: 'manifest unknown'}]});
      }
    });
    const client = await RegistryClient.create(fake.url, {credentials: null});
    const details = await client.tagDetails('lib/app', 'v1');
    await client.close();
    for (const accept of accepts) {
      expect(accept.split(', ').sort()).toEqual(
        [DOCKER, LIST, 'application/vnd.oci.image.index.v1+json', 'application/vnd.oci.image.manifest.v1+json'].sort(),
      );
      expect(accept).not.toContain('q=');
    }
    expect(details.kind).toBe('index');
    expect(details.digest).toBe(sha(list));
    expect(details.platforms[0]).toMatchObject({
      platform: 'linux/amd64',
      size: config.length + 1234,
      created: '1980-01-01T00:00:01Z',
    });
    // one missing child does not break the others
    expect(details.platforms[1]).toMatchObject({platform: 'linux/s390x'});
    expect(details.platforms[1]?.error).toMatch(
      /"lib\/app:sha256:missing" not found \(MANIFEST_UNKNOWN: manifest unknown\)/,
    );
  });

  it('refuses a manifest whose content does not match its digest', async () => {
    fake = await startFakeRegistry((req, res) => {
      res.writeHead(200, {'content-type': DOCKER, 'docker-content-digest': sha('something else')});
      res.end(
        req.method === 'HEAD' ? undefined : '{"schemaVersion":2,"config":{"digest":"sha256:x","size":1},"layers":[]}',
      );
    });
    const client = await RegistryClient.create(fake.url, {credentials: null});
    await expect(client.tagDetails('a', 'b')).rejects.toThrow(/whose content hashes to sha256:/);
    await client.close();
  });

  it('keeps at most four requests in flight to a registry', async () => {
    const manifests = new Map<string, string>();
    const children = Array.from({length: 12}, (_, i) => {
      const body = JSON.stringify({
        schemaVersion: 2,
        mediaType: DOCKER,
        config: {digest: `sha256:c${i}`, size: 1},
        layers: [],
      });
      manifests.set(sha(body), body);
      return {
        mediaType: DOCKER,
        digest: sha(body),
        size: body.length,
        platform: {os: 'linux', architecture: `arch${i}`},
      };
    });
    const index = JSON.stringify({schemaVersion: 2, mediaType: LIST, manifests: children});
    fake = await startFakeRegistry(async (req, res, url) => {
      await new Promise(resolve => setTimeout(resolve, 20));
      const ref = decodeURIComponent(url.pathname.split('/').pop()!);
      if (url.pathname.endsWith('/manifests/many'))
        res.writeHead(200, {'content-type': LIST}).end(req.method === 'HEAD' ? undefined : index);
      else if (manifests.has(ref)) res.writeHead(200, {'content-type': DOCKER}).end(manifests.get(ref));
      else if (url.pathname.includes('/blobs/')) res.writeHead(200).end('{"created":"2024-01-01T00:00:00Z"}');
      else res.writeHead(404).end();
    });
    const client = await RegistryClient.create(fake.url, {credentials: null});
    const details = await client.tagDetails('a', 'many');
    await client.close();
    expect(details.platforms).toHaveLength(12);
    expect(details.platforms.every(p => p.created === '2024-01-01T00:00:00Z')).toBe(true);
    expect(fake.maxInFlight).toBe(4);
  });
});
