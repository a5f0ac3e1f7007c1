import {createHmac, generateKeyPairSync, randomBytes} from 'node:crypto';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, test} from 'vitest';
import {
  checkHostKey,
  keyBlobType,
  keyFingerprint,
  knownHostKeyTypes,
  knownHostsName,
} from '../../../../source/engine/ssh/known-hosts.js';
import {hostKeyAlgorithms} from '../../../../source/engine/ssh/agent.js';

const dir = mkdtempSync(join(tmpdir(), 'berth-known-hosts-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

// An SSH public key blob: string type, then the key material (only its bytes matter here).
function blob(type: string, material = randomBytes(32)): Buffer {
  const field = (data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    return Buffer.concat([length, data]);
  };
  return Buffer.concat([field(Buffer.from(type)), field(material)]);
}
const line = (names: string, key: Buffer) => `${names} ${keyBlobType(key)} ${key.toString('base64')}`;
const hashed = (name: string) => {
  const salt = randomBytes(20);
  return `|1|${salt.toString('base64')}|${createHmac('sha1', salt).update(name).digest('base64')}`;
};
let count = 0;
function file(...lines: string[]): string {
  const path = join(dir, `known_hosts_${++count}`);
  writeFileSync(path, `${lines.join('\n')}\n`);
  return path;
}

const ed = blob('ssh-ed25519');
const otherEd = blob('ssh-ed25519');
const rsa = blob('ssh-rsa', randomBytes(64));

describe('known_hosts lookups as ssh does them', () => {
  test('names: plain host on port 22, [host]:port elsewhere', () => {
    expect(knownHostsName('build.example', 22)).toBe('build.example');
    expect(knownHostsName('10.0.0.5', 2222)).toBe('[10.0.0.5]:2222');
    expect(knownHostsName('::1', 2222)).toBe('[::1]:2222');
  });

  test('the recorded key passes; a comma list, a pattern and a hashed name all match', () => {
    expect(checkHostKey('build.example', ed, [file(line('build.example', ed))])).toMatchObject({ok: true, line: 1});
    expect(checkHostKey('build.example', ed, [file(line('alias,build.example,10.0.0.5', ed))]).ok).toBe(true);
    expect(checkHostKey('build.example', ed, [file(line('*.example', ed))]).ok).toBe(true);
    expect(checkHostKey('build.example', ed, [file(line('*.example,!build.example', ed))])).toEqual({
      ok: false,
      reason: 'unknown',
    });
    expect(
      checkHostKey('[10.0.0.5]:2222', ed, [file('# comment', '', line(hashed('[10.0.0.5]:2222'), ed))]),
    ).toMatchObject({ok: true, line: 3});
    expect(checkHostKey('[10.0.0.5]:2222', ed, [file(line(hashed('10.0.0.5'), ed))])).toEqual({
      ok: false,
      reason: 'unknown',
    });
  });

  test('unknown: no file, no entry, or an entry for another port', () => {
    expect(checkHostKey('h', ed, [join(dir, 'missing')])).toEqual({ok: false, reason: 'unknown'});
    expect(checkHostKey('[h]:2222', ed, [file(line('h', ed), line('[h]:2223', ed))])).toEqual({
      ok: false,
      reason: 'unknown',
    });
  });

  test('changed: same type, other key, with the line to fix; a matching line elsewhere still passes', () => {
    const path = file('# first', line('h', otherEd));
    expect(checkHostKey('h', ed, [path])).toEqual({ok: false, reason: 'changed', file: path, line: 2});
    expect(checkHostKey('h', ed, [path, file(line('h', ed))]).ok).toBe(true);
  });

  test('other key types only: refused as not known, naming what is recorded', () => {
    expect(checkHostKey('h', ed, [file(line('h', rsa))])).toEqual({
      ok: false,
      reason: 'other-type',
      knownTypes: ['ssh-rsa'],
    });
    expect(
      knownHostKeyTypes('h', [file(line('h', rsa), line('h', ed), line('other', blob('ecdsa-sha2-nistp256')))]),
    ).toEqual(['ssh-rsa', 'ssh-ed25519']);
  });

  test('@revoked refuses the key for every host; @cert-authority lines are not taken as host keys', () => {
    const path = file(line('h', ed), `@revoked * ${keyBlobType(ed)} ${ed.toString('base64')}`);
    expect(checkHostKey('h', ed, [path])).toMatchObject({ok: false, reason: 'revoked', line: 2});
    expect(checkHostKey('h', ed, [file(`@cert-authority * ${keyBlobType(ed)} ${ed.toString('base64')}`)])).toEqual({
      ok: false,
      reason: 'unknown',
    });
  });

  test('fingerprints are SHA256 base64 without padding, as ssh-keygen -l prints them', () => {
    const {publicKey} = generateKeyPairSync('ed25519');
    const raw = publicKey.export({format: 'der', type: 'spki'}).subarray(-32);
    const key = blob('ssh-ed25519', raw);
    expect(keyFingerprint(key)).toMatch(/^SHA256:[A-Za-z0-9+/]{43}$/);
    expect(keyBlobType(key)).toBe('ssh-ed25519');
    expect(keyBlobType(Buffer.from([0, 0]))).toBe('');
  });

  test('host key algorithms: the recorded types first, then the rest of ssh2s defaults', () => {
    expect(hostKeyAlgorithms([])[0]).toBe('ssh-ed25519');
    expect(hostKeyAlgorithms(['ssh-rsa']).slice(0, 4)).toEqual([
      'rsa-sha2-512',
      'rsa-sha2-256',
      'ssh-rsa',
      'ssh-ed25519',
    ]);
    expect(hostKeyAlgorithms(['ecdsa-sha2-nistp256', 'ssh-dss'])[0]).toBe('ecdsa-sha2-nistp256');
    expect(new Set(hostKeyAlgorithms(['ssh-rsa'])).size).toBe(hostKeyAlgorithms(['ssh-rsa']).length);
  });
});
