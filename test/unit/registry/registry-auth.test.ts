import type {IncomingMessage} from 'node:http';
import {afterEach, describe, expect, it} from 'vitest';
import {RegistryClient} from '../../../source/registry/client.js';
import {sendJson, startFakeRegistry, type FakeRegistry} from '../../helpers/registry-fake.js';

let fake: FakeRegistry | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise(resolve => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

// A registry and its token realm on one loopback origin; the realm is relative, as some are.
function tokenRegistry(options: {postSupported: boolean; forms: string[]}) {
  return startFakeRegistry(async (req, res, url) => {
    if (url.pathname === '/auth/token') {
      if (req.method === 'POST') {
        options.forms.push(await readBody(req));
        if (!options.postSupported) {
          res.writeHead(404).end();
          return;
        }
        sendJson(res, 200, {access_token: 'from-post-token-abc', expires_in: 120});
        return;
      }
      sendJson(res, 200, {token: 'from-get-token-abc'});
      return;
    }
    const auth = req.headers.authorization;
    if (auth !== 'Bearer from-post-token-abc' && auth !== 'Bearer from-get-token-abc') {
      sendJson(
        res,
        401,
        {errors: [{code: 'UNAUTHORIZED', message: 'authentication required'}]},
        {
          'www-authenticate': `Bearer scope="repository:a/b:pull",service="svc",realm="/auth/token"`,
        },
      );
      return;
    }
    sendJson(res, 200, {name: 'a/b', tags: [auth.includes('post') ? 'via-post' : 'via-get']});
  });
}

describe('bearer token flows', () => {
  it('trades an identity token through the OAuth2 POST flow', async () => {
    const forms: string[] = [];
    fake = await tokenRegistry({postSupported: true, forms});
    const client = await RegistryClient.create(fake.url, {
      credentials: {identityToken: 'refresh-me-123', source: 'test'},
    });
    expect(await client.listTags('a/b')).toEqual(['via-post']);
    await client.close();
    const form = new URLSearchParams(forms[0]);
    expect(Object.fromEntries(form)).toEqual({
      grant_type: 'refresh_token',
      refresh_token: 'refresh-me-123',
      client_id: 'berth',
      service: 'svc',
      scope: 'repository:a/b:pull',
    });
  });

  it('falls back to GET when the token server has no POST flow', async () => {
    const forms: string[] = [];
    fake = await tokenRegistry({postSupported: false, forms});
    const client = await RegistryClient.create(fake.url, {
      credentials: {identityToken: 'refresh-me-123', source: 'test'},
    });
    expect(await client.listTags('a/b')).toEqual(['via-get']);
    await client.close();
    const get = fake.requests.find(r => r.method === 'GET' && r.path.startsWith('/auth/token'));
    expect(get?.path).toBe('/auth/token?service=svc&scope=repository%3Aa%2Fb%3Apull&client_id=berth');
  });

  it('sends Basic credentials and the account to the realm on GET', async () => {
    fake = await tokenRegistry({postSupported: false, forms: []});
    const client = await RegistryClient.create(fake.url, {
      credentials: {username: 'bob', password: 'pw-1234', source: 'test'},
    });
    expect(await client.listTags('a/b')).toEqual(['via-get']);
    await client.close();
    const get = fake.requests.find(r => r.path.startsWith('/auth/token'));
    expect(get?.authorization).toBe(`Basic ${Buffer.from('bob:pw-1234').toString('base64')}`);
    expect(get?.path).toContain('account=bob');
  });

  it('shares one token request among parallel requests and reuses the token', async () => {
    fake = await tokenRegistry({postSupported: false, forms: []});
    const client = await RegistryClient.create(fake.url, {credentials: null});
    await client.ping().catch(() => undefined);
    await Promise.all([client.listTags('a/b'), client.listTags('a/b'), client.listTags('a/b')]);
    await client.listTags('a/b');
    await client.close();
    expect(fake.requests.filter(r => r.path.startsWith('/auth/token?') && r.path.includes('scope='))).toHaveLength(1);
  });
});
