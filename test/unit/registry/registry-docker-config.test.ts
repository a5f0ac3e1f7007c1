import {chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, it} from 'vitest';
import {credentialHostname, decodeAuthField, resolveCredentials} from '../../../source/registry/docker-config.js';

let dir: string;
let binDir: string;
let env: NodeJS.ProcessEnv;

function writeConfig(config: unknown): void {
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
}

// A stand-in for docker-credential-pass & co: answers from a fixed table and logs what it was asked.
const FAKE_HELPER = `#!/bin/sh
read -r server
echo "$1 $server" >> "$(dirname "$0")/asked.log"
case "$server" in
  reg.example:5000) printf '{"ServerURL":"%s","Username":"helper-user","Secret":"helper-secret"}' "$server" ;;
  tok.example) printf '{"ServerURL":"%s","Username":"<token>","Secret":"refresh-abc"}' "$server" ;;
  broken.example) echo "gpg: decryption failed" >&2; exit 3 ;;
  *) echo "credentials not found in native keychain"; exit 1 ;;
esac
`;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'berth-dockercfg-'));
  binDir = join(dir, 'bin');
  mkdirSync(binDir, {recursive: true});
  writeFileSync(join(binDir, 'docker-credential-fake'), FAKE_HELPER);
  chmodSync(join(binDir, 'docker-credential-fake'), 0o755);
  env = {DOCKER_CONFIG: dir, PATH: `${binDir}:${process.env.PATH}`};
});

afterAll(() => rmSync(dir, {recursive: true, force: true}));

describe('resolveCredentials', () => {
  it('returns nothing without a config file', async () => {
    expect(await resolveCredentials('reg.example:5000', {env: {DOCKER_CONFIG: join(dir, 'missing')}})).toBeUndefined();
  });

  it('decodes auths[].auth and matches keys written with a scheme or path', async () => {
    const auth = Buffer.from('alice:pa:ss\0').toString('base64');
    writeConfig({auths: {'https://reg.example:5000/v2/': {auth}}});
    const creds = await resolveCredentials('reg.example:5000', {env});
    expect(creds).toMatchObject({username: 'alice', password: 'pa:ss'});
    expect(creds?.source).toContain('auths');
    expect(creds?.source).not.toContain('pa:ss');
  });

  it('reads plain username/password and identitytoken entries', async () => {
    writeConfig({
      auths: {'a.example': {username: 'bob', password: 'pw12'}, 'b.example': {identitytoken: 'refresh-xyz'}},
    });
    expect(await resolveCredentials('a.example', {env})).toMatchObject({username: 'bob', password: 'pw12'});
    expect(await resolveCredentials('b.example', {env})).toMatchObject({identityToken: 'refresh-xyz'});
    expect(await resolveCredentials('c.example', {env})).toBeUndefined();
  });

  it('asks credHelpers for that host via docker-credential-<name> get', async () => {
    writeConfig({credHelpers: {'reg.example:5000': 'fake'}, auths: {'reg.example:5000': {}}});
    expect(await resolveCredentials('reg.example:5000', {env})).toEqual({
      username: 'helper-user',
      password: 'helper-secret',
      source: 'docker-credential-fake',
    });
  });

  it('uses credsStore for every host and maps <token> to an identity token', async () => {
    writeConfig({credsStore: 'fake'});
    expect(await resolveCredentials('tok.example', {env})).toEqual({
      identityToken: 'refresh-abc',
      source: 'docker-credential-fake',
    });
  });

  it('treats "credentials not found" as anonymous, falling back to auths', async () => {
    writeConfig({credsStore: 'fake', auths: {'other.example': {username: 'u', password: 'file-pw'}}});
    expect(await resolveCredentials('nobody.example', {env})).toBeUndefined();
    expect(await resolveCredentials('other.example', {env})).toMatchObject({password: 'file-pw'});
  });

  it('reports a failing or missing helper with its name and a fix', async () => {
    writeConfig({credsStore: 'fake'});
    await expect(resolveCredentials('broken.example', {env})).rejects.toThrow(
      /docker-credential-fake.*exit code 3.*gpg: decryption failed/,
    );
    writeConfig({credsStore: 'nonexistent'});
    await expect(resolveCredentials('reg.example:5000', {env})).rejects.toThrow(
      /docker-credential-nonexistent.*not installed/,
    );
  });

  it('asks Docker Hub credentials under https://index.docker.io/v1/', async () => {
    writeConfig({
      credsStore: 'fake',
      auths: {'https://index.docker.io/v1/': {auth: Buffer.from('hubuser:hubpw').toString('base64')}},
    });
    expect(await resolveCredentials('registry-1.docker.io', {env})).toMatchObject({username: 'hubuser'});
    expect(readFileSync(join(binDir, 'asked.log'), 'utf8')).toContain('get https://index.docker.io/v1/');
  });

  it('honours DOCKER_AUTH_CONFIG over the file', async () => {
    const inline = JSON.stringify({auths: {'x.example': {username: 'inline', password: 'inline-pw'}}});
    expect(await resolveCredentials('x.example', {env: {...env, DOCKER_AUTH_CONFIG: inline}})).toMatchObject({
      username: 'inline',
    });
  });
});

describe('helpers', () => {
  it('normalises config keys to hostnames', () => {
    expect(credentialHostname('https://Reg.Example:5000/v1/')).toBe('reg.example:5000');
    expect(credentialHostname('reg.example')).toBe('reg.example');
  });
  it('decodes auth fields on the first colon', () => {
    expect(decodeAuthField(Buffer.from('u:a:b').toString('base64'))).toEqual({username: 'u', password: 'a:b'});
    expect(decodeAuthField(Buffer.from('nocolon').toString('base64'))).toBeUndefined();
  });
});
