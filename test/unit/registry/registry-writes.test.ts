import {describe, expect, test} from 'vitest';
import {parseImageReference} from '../../../source/registry/image-reference.js';
import {responseError} from '../../../source/registry/response-errors.js';
import {craneCopy, craneDelete, craneTag, describeCopy} from '../../../source/registry/write-words.js';

const DIGEST = `sha256:${'a'.repeat(64)}`;

describe('registry writes: references, crane lines, progress, the 405', () => {
  test('references: host, repository, tag, digest', () => {
    expect(parseImageReference('127.0.0.1:5000/tools/busybox:1.0')).toEqual({
      registry: '127.0.0.1:5000',
      repository: 'tools/busybox',
      tag: '1.0',
    });
    expect(parseImageReference('tools/busybox')).toEqual({repository: 'tools/busybox'});
    expect(parseImageReference(`localhost:5000/app@${DIGEST}`)).toEqual({
      registry: 'localhost:5000',
      repository: 'app',
      digest: DIGEST,
    });
    expect(() => parseImageReference('Tools/Busybox:1')).toThrow(/not valid/);
    expect(() => parseImageReference('app:bad tag')).toThrow(/not a valid tag/);
    expect(() => parseImageReference('app@sha256:xyz')).toThrow(/not a sha256 digest/);
  });

  test('the command log says what crane would run', () => {
    expect(craneDelete('r:5000', 'a/b', DIGEST)).toBe(`crane delete r:5000/a/b@${DIGEST}`);
    expect(craneTag('r:5000', 'a/b', '1', 'stable')).toBe('crane tag r:5000/a/b:1 stable');
    expect(craneCopy('r:5000/a/b:1', 's:5001/c:1')).toBe('crane copy r:5000/a/b:1 s:5001/c:1');
  });

  test('progress in words: streamed bytes only when some must move', () => {
    const base = {blobs: 3, copied: 1, mounted: 0, skipped: 1, bytes: 1500, totalBytes: 3000, manifests: 0};
    expect(describeCopy(base)).toBe('2 of 3 blobs, 1.5kB of 3.0kB streamed (1 already there)');
    expect(describeCopy({...base, copied: 0, skipped: 0, mounted: 3, bytes: 0, totalBytes: 0})).toBe(
      '3 of 3 blobs (3 mounted)',
    );
  });

  test('a delete refused with 405 UNSUPPORTED names the setting, in one line', () => {
    const body = Buffer.from(
      JSON.stringify({errors: [{code: 'UNSUPPORTED', message: 'The operation is unsupported.'}]}),
    );
    const error = responseError(
      {status: 405, headers: {}, body, url: new URL('https://r:5000/v2/a/manifests/x')},
      'r:5000',
      {
        what: 'delete a@sha256:abc',
        repository: 'a',
        reference: 'sha256:abc',
        access: 'delete',
      },
    );
    expect(error.message).toBe(
      'registry r:5000: refused to delete a@sha256:abc: deletion is not enabled (HTTP 405 UNSUPPORTED). Start it with REGISTRY_STORAGE_DELETE_ENABLED=true (storage.delete.enabled: true in its config.yml).',
    );
  });
});
