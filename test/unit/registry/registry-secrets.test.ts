import {afterEach, describe, expect, it} from 'vitest';
import {RegistryClient} from '../../../source/registry/client.js';
import {sendJson, startFakeRegistry, type FakeRegistry} from '../../helpers/registry-fake.js';

const PASSWORD = 'hunter2-very-secret';
const TOKEN = 'eyJhbGciOiJSUzI1NiJ9.payload-that-is-secret.signature';

let fake: FakeRegistry | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

// Everything an error could carry, flattened: message, stack, cause chain and own fields.
function everything(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  while (current instanceof Error) {
    parts.push(current.message, current.stack ?? '', JSON.stringify(current));
    current = (current as {cause?: unknown}).cause;
  }
  return parts.join('\n');
}

// A hostile or careless server that repeats the Authorization header it got in every error.
function echoingServer(scheme: 'basic' | 'bearer') {
  return startFakeRegistry((req, res, url) => {
    if (url.pathname === '/token') {
      sendJson(res, 200, {token: TOKEN, expires_in: 300});
      return;
    }
    const auth = req.headers.authorization;
    if (!auth) {
      const challenge =
        scheme === 'basic' ? 'Basic realm="x"' : `Bearer realm="http://${req.headers.host}/token",service="fake"`;
      sendJson(res, 401, {errors: [{code: 'UNAUTHORIZED', message: 'log in'}]}, {'www-authenticate': challenge});
      return;
    }
    const decoded = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString('utf8') : auth;
    sendJson(res, 403, {errors: [{code: 'DENIED', message: `you sent ${auth} which is ${decoded}`, detail: {auth}}]});
  });
}

describe('credentials and tokens never reach an error', () => {
  it('scrubs a Basic password the server echoes back', async () => {
    fake = await echoingServer('basic');
    const client = await RegistryClient.create(fake.url, {
      credentials: {username: 'alice', password: PASSWORD, source: 'test'},
    });
    const error = await client.listTags('a/b').catch((e: unknown) => e);
    await client.close();
    const text = everything(error);
    expect(text).toContain('access denied to list tags of a/b');
    expect(text).not.toContain(PASSWORD);
    expect(text).not.toContain(Buffer.from(`alice:${PASSWORD}`).toString('base64'));
  });

  it('scrubs a bearer token the server echoes back', async () => {
    fake = await echoingServer('bearer');
    const client = await RegistryClient.create(fake.url, {credentials: null});
    const error = await client.listRepositories().catch((e: unknown) => e);
    await client.close();
    expect(fake.requests.some(r => r.authorization === `Bearer ${TOKEN}`)).toBe(true);
    const text = everything(error);
    expect(text).toContain('DENIED');
    expect(text).not.toContain(TOKEN);
  });

  it('scrubs an identity token and a registry token', async () => {
    fake = await echoingServer('bearer');
    const client = await RegistryClient.create(fake.url, {
      credentials: {registryToken: 'static-registry-token-123', source: 'test'},
    });
    const text = everything(await client.listTags('x').catch((e: unknown) => e));
    await client.close();
    expect(text).not.toContain('static-registry-token-123');
  });

  it('refuses a token realm that downgrades https to http', async () => {
    const {RegistryAuth} = await import('../../../source/registry/auth.js');
    const {SecretScrubber} = await import('../../../source/registry/secrets.js');
    const {parseRegistryUrl} = await import('../../../source/registry/url.js');
    const auth = new RegistryAuth(
      parseRegistryUrl('https://reg.example'),
      {} as never,
      async () => undefined,
      new SecretScrubber(),
    );
    const response = {
      status: 401,
      headers: {'www-authenticate': 'Bearer realm="http://auth.example/token",service="s"'},
      body: Buffer.alloc(0),
      url: new URL('https://reg.example/v2/_catalog'),
    };
    await expect(auth.onUnauthorized(response, [], undefined, false)).rejects.toThrow(
      /refused token realm http:\/\/auth\.example\/token: it downgrades https to plain http/,
    );
  });
});
