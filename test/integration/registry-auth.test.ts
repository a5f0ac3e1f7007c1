import {chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, beforeEach, describe, expect, it} from 'vitest';
import {RegistryClient} from '../../source/registry/client.js';
import {RegistryError} from '../../source/registry/errors.js';
import {shouldRunRegistryTests, startRegistry, type RunningRegistry} from '../helpers/registry-server.js';
import {Pusher} from '../helpers/registry-seed.js';
import {fetchToken, parseScope, startTokenRegistry, type TokenServer} from '../helpers/registry-token-server.js';

const PASSWORD = 's3cret-Passw0rd';
const WRONG = 'wr0ng-Passw0rd-xyz';
const basicHeader = (user: string, password: string) =>
  `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;

let work: string;
beforeAll(() => {
  work = mkdtempSync(join(tmpdir(), 'berth-auth-'));
});
afterAll(() => rmSync(work, {recursive: true, force: true}));

// A docker config dir holding these auths, plus an optional credential helper on PATH.
function dockerEnv(name: string, config: unknown, helper?: string): NodeJS.ProcessEnv {
  const dir = join(work, name);
  mkdirSync(join(dir, 'bin'), {recursive: true});
  writeFileSync(join(dir, 'config.json'), JSON.stringify(config));
  if (helper) {
    writeFileSync(join(dir, 'bin', 'docker-credential-fake'), helper);
    chmodSync(join(dir, 'bin', 'docker-credential-fake'), 0o755);
  }
  return {DOCKER_CONFIG: dir, PATH: `${join(dir, 'bin')}:${process.env.PATH}`, HOME: dir};
}

function expectNoSecret(error: unknown, ...secrets: string[]): void {
  const text = `${(error as Error).message}\n${(error as Error).stack ?? ''}\n${JSON.stringify(error)}`;
  for (const secret of secrets) {
    expect(text).not.toContain(secret);
    expect(text).not.toContain(Buffer.from(`alice:${secret}`).toString('base64'));
  }
}

describe.runIf(shouldRunRegistryTests())('htpasswd Basic auth', {timeout: 60_000}, () => {
  let registry: RunningRegistry;

  beforeAll(async () => {
    registry = await startRegistry({htpasswd: {alice: PASSWORD}});
    const pusher = new Pusher({
      url: registry.url,
      ca: readFileSync(registry.caFile, 'utf8'),
      authorization: basicHeader('alice', PASSWORD),
    });
    await pusher.image('team/app', '1.0.0');
    await pusher.close();
  }, 60_000);
  afterAll(async () => registry?.stop());

  it('logs in with an auths entry from config.json', async () => {
    const env = dockerEnv('basic-auths', {
      auths: {[registry.host]: {auth: Buffer.from(`alice:${PASSWORD}`).toString('base64')}},
    });
    const client = await RegistryClient.create(registry.url, {caFile: registry.caFile, env});
    expect(await client.ping()).toMatchObject({status: 'ok', auth: 'basic'});
    expect(await client.listRepositories()).toEqual(['team/app']);
    expect(await client.listTags('team/app')).toEqual(['1.0.0']);
    await client.close();
  });

  it('logs in with credentials from a credsStore helper', async () => {
    const helper = `#!/bin/sh\nread -r server\nprintf '{"ServerURL":"%s","Username":"alice","Secret":"${PASSWORD}"}' "$server"\n`;
    const env = dockerEnv('basic-helper', {credsStore: 'fake'}, helper);
    const client = await RegistryClient.create(registry.url, {caFile: registry.caFile, env});
    expect(await client.listTags('team/app')).toEqual(['1.0.0']);
    await client.close();
  });

  it('says a login is needed when there are no credentials', async () => {
    const client = await RegistryClient.create(registry.url, {
      caFile: registry.caFile,
      env: dockerEnv('basic-none', {}),
    });
    expect(await client.ping()).toEqual({status: 'login-required', auth: 'basic'});
    const error = await client.listRepositories().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegistryError);
    expect((error as Error).message).toBe(
      `registry ${registry.host}: list repositories needs a login (UNAUTHORIZED: authentication required [{"Type":"registry","Class":"","Name":"catalog","Action":"*"}]). Run "docker login ${registry.host}" (berth reads the docker config.json and its credential helpers).`,
    );
    await client.close();
  });

  it('reports rejected credentials without revealing them', async () => {
    const env = dockerEnv('basic-wrong', {auths: {[`https://${registry.host}`]: {username: 'alice', password: WRONG}}});
    const client = await RegistryClient.create(registry.url, {caFile: registry.caFile, env});
    const error = await client.listTags('team/app').catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      new RegExp(
        `registry ${registry.host}: the credentials from .*config.json auths\\["https://${registry.host}"\\] were rejected for list tags of team/app`,
      ),
    );
    expect((error as Error).message).toContain(`Run "docker login ${registry.host}" again.`);
    expectNoSecret(error, WRONG);
    await client.close();
  });
});

describe.runIf(shouldRunRegistryTests())('token auth', {timeout: 60_000}, () => {
  let registry: RunningRegistry;
  let tokens: TokenServer;
  let env: NodeJS.ProcessEnv;
  const defaultGrant = (account: string | undefined, scopes: string[]) => {
    // Anonymous callers may pull; only alice may list the catalog.
    const wanted = scopes.map(parseScope).filter(a => !!a);
    return wanted.filter(a => a.type === 'repository' || account === 'alice');
  };

  beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'berth-token-'));
    ({registry, tokens} = await startTokenRegistry(dir, {alice: PASSWORD}));
    tokens.grant = (account, scopes) =>
      scopes
        .map(parseScope)
        .filter(a => !!a)
        .map(a => ({...a, actions: ['pull', 'push']}));
    const token = await fetchToken(tokens, ['repository:team/app:pull,push', 'repository:team/other:pull,push']);
    const pusher = new Pusher({
      url: registry.url,
      ca: readFileSync(registry.caFile, 'utf8'),
      authorization: `Bearer ${token}`,
    });
    await pusher.image('team/app', '1.0.0');
    await pusher.image('team/other', 'latest');
    await pusher.close();
    env = dockerEnv('token', {auths: {[registry.host]: {auth: Buffer.from(`alice:${PASSWORD}`).toString('base64')}}});
  }, 60_000);

  beforeEach(() => {
    tokens.grant = defaultGrant;
    tokens.requests.length = 0;
    tokens.issued.length = 0;
  });

  afterAll(async () => {
    await registry?.stop();
    await tokens?.stop();
    rmSync(registry.dir, {recursive: true, force: true});
  });

  it("gets a registry:catalog:* token with the user's credentials and reuses it across pages", async () => {
    const client = await RegistryClient.create(registry.url, {caFile: registry.caFile, env, pageSize: 1});
    expect(await client.listRepositories()).toEqual(['team/app', 'team/other']);
    expect(await client.listRepositories()).toEqual(['team/app', 'team/other']);
    expect(tokens.requests).toEqual([{account: 'alice', scopes: ['registry:catalog:*'], method: 'GET'}]);
    await client.close();
  });

  it('asks repository:NAME:pull per repository, anonymously when there are no credentials', async () => {
    const client = await RegistryClient.create(registry.url, {caFile: registry.caFile, credentials: null});
    expect(await client.listTags('team/app')).toEqual(['1.0.0']);
    expect(await client.listTags('team/other')).toEqual(['latest']);
    expect(await client.listTags('team/app')).toEqual(['1.0.0']);
    expect(tokens.requests.map(r => [r.account, r.scopes])).toEqual([
      [undefined, ['repository:team/app:pull']],
      [undefined, ['repository:team/other:pull']],
    ]);
    await client.close();
  });

  it('treats a short expires_in as 60 s and reuses the token meanwhile', async () => {
    const client = await RegistryClient.create(registry.url, {caFile: registry.caFile, credentials: null});
    tokens.expiresIn = 4; // below the 60 s floor, so cached for 55 s
    await client.listTags('team/app');
    await client.listTags('team/app');
    expect(tokens.requests).toHaveLength(1);
    tokens.expiresIn = 300;
    await client.close();
  });

  it('explains a catalog the account may not list, after one insufficient_scope retry', async () => {
    const client = await RegistryClient.create(registry.url, {caFile: registry.caFile, credentials: null});
    const error = await client.listRepositories().catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      new RegExp(`registry ${registry.host}: list repositories needs a login \\(UNAUTHORIZED: authentication required`),
    );
    // the first 401 gets a token; that token's refusal earns exactly one more try
    expect(tokens.requests).toHaveLength(2);
    await client.close();
  });

  it('retries once with the scope the registry names on insufficient_scope', async () => {
    const client = await RegistryClient.create(registry.url, {caFile: registry.caFile, env});
    let first = true;
    tokens.grant = (account, scopes) => {
      // the first token comes back without the catalog grant, as if the server had trimmed it
      if (first) {
        first = false;
        return [];
      }
      return defaultGrant(account, scopes);
    };
    expect(await client.listRepositories()).toEqual(['team/app', 'team/other']);
    expect(tokens.requests).toHaveLength(2);
    await client.close();
  });

  it('reports rejected credentials from the token server without revealing them or any token', async () => {
    const badEnv = dockerEnv('token-wrong', {auths: {[registry.host]: {username: 'alice', password: WRONG}}});
    const client = await RegistryClient.create(registry.url, {caFile: registry.caFile, env: badEnv});
    const error = await client.listRepositories().catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      /token server 127\.0\.0\.1:\d+ \(for registry .*\): rejected the credentials from .*config\.json auths.* \(HTTP 401: UNAUTHORIZED: invalid username or password\)\. Run "docker login/,
    );
    expectNoSecret(error, WRONG);
    await client.close();
  });
});
