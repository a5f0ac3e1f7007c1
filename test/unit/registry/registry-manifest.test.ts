import {describe, expect, test} from 'vitest';
import {parseManifest} from '../../../source/registry/manifest.js';

describe('parseManifest with malformed registry JSON', () => {
  test('a non-string platform os or architecture reads as unknown, not [object Object]', () => {
    const body = JSON.stringify({
      mediaType: 'application/vnd.oci.image.index.v1+json',
      manifests: [{digest: 'sha256:' + 'a'.repeat(64), size: 1, platform: {os: {x: 1}, architecture: 42}}],
    });
    const manifest = parseManifest(body, undefined);
    expect(manifest?.kind).toBe('index');
    if (manifest?.kind !== 'index') return;
    expect(manifest.manifests[0]?.platform).toMatchObject({os: 'unknown', architecture: 'unknown'});
  });

  test('annotations keep only their string values', () => {
    const body = JSON.stringify({
      mediaType: 'application/vnd.oci.image.manifest.v1+json',
      config: {digest: 'sha256:' + 'b'.repeat(64), size: 1},
      layers: [],
      annotations: {'org.opencontainers.image.created': '2024-01-01T00:00:00Z', bad: {nested: true}},
    });
    expect(parseManifest(body, undefined)?.annotations).toEqual({
      'org.opencontainers.image.created': '2024-01-01T00:00:00Z',
    });
  });
});
