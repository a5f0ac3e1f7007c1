import {createHash} from 'node:crypto';
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, test} from 'vitest';
import {listContexts, loadContext, readCurrentContext} from '../../../source/engine/contexts.js';
import {resolveCredentials} from '../../../source/registry/docker-config.js';

// Cases the property tests (test/unit/property/files.property.test.ts) found: valid JSON of the wrong shape.
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'berth-shapes-'));
});
afterEach(() => rmSync(dir, {recursive: true, force: true}));

const credentials = (config: unknown) => {
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
  return resolveCredentials('127.0.0.1:5000', {env: {PATH: ''}, configDir: dir});
};

describe('docker config.json of the wrong shape', () => {
  test('a password that is not a string is named, not handed on as a credential', async () => {
    await expect(credentials({auths: {'127.0.0.1:5000': {password: []}}})).rejects.toThrow(
      `docker config ${join(dir, 'config.json')}: auths["127.0.0.1:5000"].password must be a string. Fix the file, or run "docker login" to rewrite it.`,
    );
  });

  test('null, a list, an auth that is a number, a credsStore that is an object: one line each', async () => {
    await expect(credentials(null)).rejects.toThrow(/the top level must be a JSON object/);
    await expect(credentials([])).rejects.toThrow(/the top level must be a JSON object/);
    await expect(credentials({auths: {'127.0.0.1:5000': {auth: 5}}})).rejects.toThrow(
      /auths\["127\.0\.0\.1:5000"\]\.auth must be a string/,
    );
    await expect(credentials({auths: {x: null}})).rejects.toThrow(/auths\["x"\] must be an object/);
    await expect(credentials({credsStore: {}})).rejects.toThrow(/"credsStore" must be a helper name/);
    await expect(credentials({credHelpers: {'127.0.0.1:5000': 1}})).rejects.toThrow(
      /credHelpers\["127\.0\.0\.1:5000"\] must be a helper name/,
    );
  });

  test('well-formed files still give their credentials; null fields count as absent', async () => {
    const auth = Buffer.from('me:pw').toString('base64');
    expect(await credentials({auths: {'127.0.0.1:5000': {auth, email: null}}, credsStore: null})).toMatchObject({
      username: 'me',
      password: 'pw',
    });
  });
});

describe('docker context store of the wrong shape', () => {
  const meta = (name: string, body: unknown) => {
    const file = join(dir, 'contexts', 'meta', createHash('sha256').update(name).digest('hex'), 'meta.json');
    mkdirSync(join(file, '..'), {recursive: true});
    writeFileSync(file, JSON.stringify(body));
  };

  test('a Host that is not a string is a missing host, with the fix', () => {
    meta('ctx', {Name: 'ctx', Endpoints: {docker: {Host: {}}}});
    expect(() => loadContext('ctx', {DOCKER_CONFIG: dir})).toThrow(
      /docker context "ctx": .* has no docker endpoint host; recreate the context/,
    );
  });

  test('meta.json holding null or a list, config.json holding null: no context, no TypeError', () => {
    meta('a', null);
    meta('b', [1]);
    meta('ok', {Name: 'ok', Endpoints: {docker: {Host: 'tcp://h:2376'}}});
    expect(listContexts({DOCKER_CONFIG: dir}).map(c => c.name)).toEqual(['ok']);
    writeFileSync(join(dir, 'config.json'), 'null');
    expect(readCurrentContext({DOCKER_CONFIG: dir})).toBeUndefined();
  });
});
