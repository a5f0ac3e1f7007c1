import {afterEach, describe, expect, it} from 'vitest';
import {RegistryClient} from '../../../source/registry/client.js';
import {RegistryError} from '../../../source/registry/errors.js';
import {pageOf, sendJson, startFakeRegistry, type FakeRegistry} from '../../helpers/registry-fake.js';

const names = (count: number, prefix = 'repo') =>
  Array.from({length: count}, (_, i) => `${prefix}${String(i).padStart(5, '0')}`);

let fake: FakeRegistry | undefined;
let client: RegistryClient | undefined;
afterEach(async () => {
  await client?.close();
  await fake?.close();
  client = fake = undefined;
});

async function serve(handler: Parameters<typeof startFakeRegistry>[0]): Promise<RegistryClient> {
  fake = await startFakeRegistry(handler);
  client = await RegistryClient.create(fake.url, {credentials: null});
  return client;
}

describe('listing pages', () => {
  it('follows relative Links with n=1000 and delivers each page as it arrives', async () => {
    const all = names(2500);
    const c = await serve((req, res, url) => {
      const {items, link} = pageOf(all, url);
      sendJson(res, 200, {repositories: items}, link ? {link} : {});
    });
    const sizes: number[] = [];
    const got = await c.listRepositories(page => sizes.push(page.items.length));
    expect(got).toEqual(all);
    expect(sizes).toEqual([1000, 1000, 500]);
    expect(fake!.requests.map(r => r.path)).toEqual([
      '/v2/_catalog?n=1000',
      `/v2/_catalog?last=${all[999]}&n=1000`,
      `/v2/_catalog?last=${all[1999]}&n=1000`,
    ]);
  });

  it('stops on an empty page after an exactly full one', async () => {
    const all = names(1000);
    const c = await serve((req, res, url) => {
      const {items} = pageOf(all, url);
      // distribution sends a Link even when the page came out exactly full
      sendJson(
        res,
        200,
        {repositories: items},
        items.length ? {link: `</v2/_catalog?last=${items[items.length - 1]}&n=1000>; rel="next"`} : {},
      );
    });
    expect(await c.listRepositories()).toHaveLength(1000);
    expect(fake!.requests).toHaveLength(2);
  });

  it('falls back to last= when a full page has no Link', async () => {
    const all = names(1500);
    const c = await serve((req, res, url) => sendJson(res, 200, {repositories: pageOf(all, url).items}));
    expect(await c.listRepositories()).toEqual(all);
    expect(fake!.requests.map(r => r.path)[1]).toBe(`/v2/_catalog?n=1000&last=${all[999]}`);
  });

  it('stops when a registry ignores last= and repeats itself', async () => {
    const c = await serve((req, res) => sendJson(res, 200, {tags: names(1000, 't')}));
    expect(await c.listTags('a/b')).toHaveLength(1000);
    expect(fake!.requests).toHaveLength(2);
  });

  it('steps down to n=100 on 400 PAGINATION_NUMBER_INVALID', async () => {
    const all = names(250);
    const c = await serve((req, res, url) => {
      if (Number(url.searchParams.get('n')) > 100) {
        sendJson(res, 400, {
          errors: [
            {code: 'PAGINATION_NUMBER_INVALID', message: 'invalid number of results requested', detail: {n: 1000}},
          ],
        });
        return;
      }
      const {items, link} = pageOf(all, url);
      sendJson(res, 200, {repositories: items}, link ? {link} : {});
    });
    const sizes: number[] = [];
    expect(await c.listRepositories(p => sizes.push(p.items.length))).toEqual(all);
    expect(sizes).toEqual([100, 100, 50]);
    expect(fake!.requests[1]?.path).toBe('/v2/_catalog?n=100');
  });

  it('steps down to n=100 on 413 (Quay) and keeps an opaque Link verbatim', async () => {
    const c = await serve((req, res, url) => {
      if (Number(url.searchParams.get('n')) > 100) {
        res.writeHead(413).end('too large');
      } else if (!url.searchParams.get('next_page')) {
        sendJson(
          res,
          200,
          {name: 'org/app', tags: ['a', 'b']},
          {link: `<${url.pathname}?next_page=gAAAA%3D%3D&n=100>; rel="next"`},
        );
      } else {
        sendJson(res, 200, {name: 'org/app', tags: ['c']});
      }
    });
    expect(await c.listTags('org/app')).toEqual(['a', 'b', 'c']);
    expect(fake!.requests.map(r => r.path)).toEqual([
      '/v2/org/app/tags/list?n=1000',
      '/v2/org/app/tags/list?n=100',
      '/v2/org/app/tags/list?next_page=gAAAA%3D%3D&n=100',
    ]);
  });

  it("reports the registry's own error when n=100 is refused too", async () => {
    const c = await serve((req, res) =>
      sendJson(res, 400, {
        errors: [{code: 'PAGINATION_NUMBER_INVALID', message: 'invalid number of results requested', detail: {n: 100}}],
      }),
    );
    await expect(c.listRepositories()).rejects.toThrow(
      /PAGINATION_NUMBER_INVALID: invalid number of results requested \{"n":100\}/,
    );
  });

  it('refuses a Link to another host, keeping the pages before it', async () => {
    const c = await serve((req, res) =>
      sendJson(res, 200, {repositories: ['a']}, {link: '<https://evil.example/v2/_catalog?n=1000>; rel="next"'}),
    );
    const seen: string[] = [];
    await expect(c.listRepositories(p => seen.push(...p.items))).rejects.toThrow(
      /refused to follow a pagination link to another host \(https:\/\/evil\.example\)/,
    );
    expect(seen).toEqual(['a']);
    expect(fake!.requests).toHaveLength(1);
  });

  it('reports a malformed page with the host and what was being listed', async () => {
    const c = await serve((req, res, url) => {
      if (url.searchParams.get('last'))
        res.writeHead(200, {'content-type': 'application/json'}).end('{"repositories": ');
      else sendJson(res, 200, {repositories: ['a']}, {link: '</v2/_catalog?last=a&n=1000>; rel="next"'});
    });
    const error = await c.listRepositories().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegistryError);
    expect((error as RegistryError).kind).toBe('protocol');
    expect((error as Error).message).toMatch(
      new RegExp(`registry ${fake!.host}: sent a malformed page while trying to list repositories \\(not JSON`),
    );
  });

  it('rejects a page whose list is not a list, skips nulls, treats null as empty', async () => {
    let body: unknown = {tags: 'nope'};
    const c = await serve((req, res) => sendJson(res, 200, body));
    await expect(c.listTags('a')).rejects.toThrow(/"tags" is not a list/);
    body = {name: 'a', tags: ['x', null, 'y']};
    expect(await c.listTags('a')).toEqual(['x', 'y']);
    body = {name: 'a', tags: null};
    expect(await c.listTags('a')).toEqual([]);
  });

  it('stops when a Link leads back to a page already read', async () => {
    const c = await serve((req, res) =>
      sendJson(res, 200, {repositories: [`r${Math.random()}`]}, {link: '</v2/_catalog?n=1000>; rel="next"'}),
    );
    await expect(c.listRepositories()).rejects.toThrow(/already read/);
  });

  it('can be cancelled between pages, and the async iterator yields pages one by one', async () => {
    const all = names(5000);
    const c = await serve((req, res, url) => {
      const {items, link} = pageOf(all, url);
      sendJson(res, 200, {repositories: items}, link ? {link} : {});
    });
    const controller = new AbortController();
    const seen: number[] = [];
    const listing = c.listRepositories(page => {
      seen.push(page.index);
      if (page.index === 1) controller.abort();
    }, controller.signal);
    await expect(listing).rejects.toMatchObject({kind: 'cancelled'});
    expect(seen).toEqual([0, 1]);
    expect(fake!.requests).toHaveLength(2);

    const pages = [];
    for await (const page of c.repositories({pageSize: 2000})) {
      pages.push(page);
      if (pages.length === 2) break;
    }
    expect(pages.map(p => p.items.length)).toEqual([1000, 1000]);
  });

  it('aborts a request in flight', async () => {
    const c = await serve(() => {
      // never answers
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(c.listTags('slow', undefined, controller.signal)).rejects.toMatchObject({kind: 'cancelled'});
  });

  it('says when a registry has no catalog, and when a repository is unknown', async () => {
    const c = await serve((req, res, url) => {
      if (url.pathname === '/v2/_catalog')
        sendJson(res, 404, {errors: [{code: 'UNSUPPORTED', message: 'The operation is unsupported.'}]});
      else
        sendJson(res, 404, {
          errors: [{code: 'NAME_UNKNOWN', message: 'repository name not known to registry', detail: {name: 'no/such'}}],
        });
    });
    await expect(c.listRepositories()).rejects.toThrow(
      /has no repository catalog \(HTTP 404: UNSUPPORTED: The operation is unsupported\.\)\. .*open a repository by name/,
    );
    await expect(c.listTags('no/such')).rejects.toThrow(
      /repository "no\/such" not found \(NAME_UNKNOWN: repository name not known to registry \{"name":"no\/such"\}\)\. Check the name/,
    );
  });
});

describe('plain http fallback', () => {
  it('moves a loopback registry given without a scheme to http, as Docker does', async () => {
    const all = names(1500);
    fake = await startFakeRegistry((req, res, url) => {
      const {items, link} = pageOf(all, url);
      sendJson(res, 200, {repositories: items}, link ? {link} : {});
    });
    client = await RegistryClient.create(fake.host, {credentials: null});
    expect(client.registry.scheme).toBe('https');
    expect(await client.listRepositories()).toEqual(all);
    expect(client.registry.origin).toBe(fake.url);
  });

  it('keeps an explicit https:// and says the registry speaks plain HTTP', async () => {
    fake = await startFakeRegistry((req, res) => sendJson(res, 200, {}));
    client = await RegistryClient.create(`https://${fake.host}`, {credentials: null});
    await expect(client.ping()).rejects.toMatchObject({kind: 'tls', reason: 'plain-http'});
  });
});

describe('the last= fallback', () => {
  it('is not used when the registry already paginates with Link and the walk ends on a page boundary', async () => {
    const all = names(3000);
    fake = await startFakeRegistry((req, res, url) => {
      const {items, link} = pageOf(all, url);
      sendJson(res, 200, {repositories: items}, link ? {link} : {});
    });
    client = await RegistryClient.create(fake.url, {credentials: null});
    expect(await client.listRepositories()).toEqual(all);
    expect(fake.requests).toHaveLength(3);
  });

  it('is used for a full page from a registry that has sent no Link', async () => {
    const all = names(1000);
    fake = await startFakeRegistry((req, res, url) => sendJson(res, 200, {repositories: pageOf(all, url).items}));
    client = await RegistryClient.create(fake.url, {credentials: null});
    expect(await client.listRepositories()).toEqual(all);
    expect(fake.requests.map(r => r.path)).toEqual(['/v2/_catalog?n=1000', `/v2/_catalog?n=1000&last=${all[999]}`]);
  });
});
