import {PassThrough} from 'node:stream';
import {afterEach, describe, expect, test} from 'vitest';
import {registryCommand} from '../../../source/registry/cli.js';
import {RegistryClient} from '../../../source/registry/client.js';
import {isRetryable, retryAfterMs, retryDelay, DEFAULT_RETRY, type RetryWait} from '../../../source/registry/retry.js';
import {sendJson, startFakeRegistry, type FakeRegistry} from '../../helpers/registry-fake.js';

// A real registry cannot answer 429 or 503 on demand: the fake answers a scripted status sequence for the
// catalog, then the catalog itself.
let fake: FakeRegistry | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

type Scripted = {status: number; headers?: Record<string, string>; body?: unknown};
const TOO_MANY = {errors: [{code: 'TOOMANYREQUESTS', message: 'You have reached your pull rate limit'}]};
const UNAVAILABLE = {errors: [{code: 'UNAVAILABLE', message: 'storage backend is reloading'}]};

async function scripted(answers: Scripted[]): Promise<FakeRegistry> {
  let i = 0;
  fake = await startFakeRegistry((req, res, url) => {
    if (url.pathname !== '/v2/_catalog') return sendJson(res, 200, {});
    const answer = answers[i++];
    if (answer) return sendJson(res, answer.status, answer.body ?? {}, answer.headers);
    sendJson(res, 200, {repositories: ['a', 'b']});
  });
  return fake;
}

async function list(url: string, options: {retry?: Partial<typeof DEFAULT_RETRY>; signal?: AbortSignal} = {}) {
  const waits: RetryWait[] = [];
  const client = await RegistryClient.create(url, {
    env: {HOME: '/nonexistent'},
    retry: options.retry ?? {backoffMs: 10},
    onRetry: wait => waits.push(wait),
  });
  const started = Date.now();
  try {
    const names = await client.listRepositories(undefined, options.signal);
    return {names, waits, elapsed: Date.now() - started};
  } finally {
    await client.close();
  }
}

const catalogRequests = () => fake!.requests.filter(r => r.path.startsWith('/v2/_catalog')).length;

describe('429 and 5xx are retried with backoff, then reported', () => {
  test('502, 503 and 504, then the page: the listing succeeds and each wait was announced', async () => {
    const {url} = await scripted([{status: 502}, {status: 503, body: UNAVAILABLE}, {status: 504}]);
    const result = await list(url);
    expect(result.names).toEqual(['a', 'b']);
    expect(result.waits.map(w => [w.status, w.retry, w.waitMs, w.retryAfter])).toEqual([
      [502, 1, 10, false],
      [503, 2, 20, false],
      [504, 3, 40, false],
    ]);
    expect(result.waits[0]).toMatchObject({method: 'GET', path: '/v2/_catalog?n=1000', retries: 3});
    expect(catalogRequests()).toBe(4);
  });

  test('Retry-After in seconds is honoured', async () => {
    const {url} = await scripted([{status: 429, headers: {'retry-after': '1'}, body: TOO_MANY}]);
    const result = await list(url);
    expect(result.names).toEqual(['a', 'b']);
    expect(result.waits).toMatchObject([{status: 429, waitMs: 1000, retryAfter: true}]);
    expect(result.elapsed).toBeGreaterThanOrEqual(950);
  });

  test('Retry-After as an HTTP date is honoured', async () => {
    const at = new Date(Math.ceil(Date.now() / 1000) * 1000 + 2000).toUTCString();
    const {url} = await scripted([{status: 503, headers: {'retry-after': at}}]);
    const result = await list(url);
    expect(result.names).toEqual(['a', 'b']);
    expect(result.waits[0]?.retryAfter).toBe(true);
    expect(result.waits[0]?.waitMs).toBeGreaterThan(900);
    expect(result.waits[0]?.waitMs).toBeLessThanOrEqual(3000);
    expect(result.elapsed).toBeGreaterThanOrEqual(900);
  });

  test('a registry that keeps failing is reported with the status, the tries and its own message', async () => {
    const {url} = await scripted(Array.from({length: 10}, () => ({status: 503, body: UNAVAILABLE})));
    await expect(list(url)).rejects.toThrow(
      `registry ${fake!.host}: failed to list repositories: HTTP 503 after 4 tries (UNAVAILABLE: storage backend is reloading)`,
    );
    expect(catalogRequests()).toBe(4);
  });

  test('a Retry-After beyond the cap is not waited for: reported at once with the wait asked', async () => {
    const {url} = await scripted([{status: 429, headers: {'retry-after': '3600'}, body: TOO_MANY}]);
    const started = Date.now();
    await expect(list(url, {retry: {maxWaitMs: 30_000}})).rejects.toThrow(
      `registry ${fake!.host}: rate limit reached (HTTP 429) while trying to list repositories (TOOMANYREQUESTS: You have reached your pull rate limit). The registry asks to wait 3600 s; try again then.`,
    );
    expect(Date.now() - started).toBeLessThan(2000);
    expect(catalogRequests()).toBe(1);
  });

  test('cancelling during a wait ends it at once', async () => {
    const {url} = await scripted([{status: 429, headers: {'retry-after': '20'}}]);
    const abort = new AbortController();
    setTimeout(() => abort.abort(), 200);
    const started = Date.now();
    await expect(list(url, {signal: abort.signal})).rejects.toMatchObject({kind: 'cancelled'});
    expect(Date.now() - started).toBeLessThan(3000);
  });

  test('501 is not retried', async () => {
    const {url} = await scripted([{status: 501}]);
    await expect(list(url)).rejects.toThrow(/HTTP 501/);
    expect(catalogRequests()).toBe(1);
  });

  test('berth registry ls says on stderr what it waits for', async () => {
    const {url} = await scripted([{status: 503}]);
    const out = new PassThrough();
    const err = new PassThrough();
    const chunks: Buffer[] = [];
    err.on('data', (c: Buffer) => chunks.push(c));
    out.resume();
    const code = await registryCommand(['ls', url], {stdout: out, stderr: err, env: {HOME: '/nonexistent'}});
    expect(code).toBe(0);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(
      `berth: registry ${fake!.host} answered HTTP 503 to GET /v2/_catalog; retry 1 of 3 in 500 ms\n`,
    );
  });
});

describe('the retry rules', () => {
  test('which answers are retried', () => {
    expect([429, 500, 502, 503, 504].every(status => isRetryable('GET', status))).toBe(true);
    expect(isRetryable('HEAD', 503)).toBe(true);
    expect(isRetryable('POST', 503)).toBe(false);
    expect([200, 301, 400, 401, 404, 501, 505].some(status => isRetryable('GET', status))).toBe(false);
  });

  test('Retry-After: seconds, HTTP dates, and what is ignored', () => {
    const now = Date.UTC(2026, 10, 23, 9, 0, 0);
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('Mon, 23 Nov 2026 09:00:05 GMT', now)).toBe(5000);
    expect(retryAfterMs('Mon, 23 Nov 2026 08:00:00 GMT', now)).toBe(0);
    for (const junk of [undefined, '', '-1', '1.5', 'soon', '5 minutes', '2026-11-23T09:00:05Z'])
      expect(retryAfterMs(junk, now)).toBeUndefined();
  });

  test('backoff doubles up to the cap; retries stop at the limit; a long Retry-After stops them', () => {
    const policy = {retries: 3, backoffMs: 500, maxWaitMs: 1500};
    expect([1, 2, 3, 4].map(retry => retryDelay(policy, retry, undefined))).toEqual([500, 1000, 1500, undefined]);
    expect(retryDelay(policy, 1, 1500)).toBe(1500);
    expect(retryDelay(policy, 1, 1501)).toBeUndefined();
  });
});
