import type {Readable} from 'node:stream';
import type {Dispatcher} from 'undici';
import {Pool, RequestAbortedError, requestOn} from './undici-parts.js';
import {RegistryError, cancelledError, problem} from './errors.js';
import {explainConnectError, type ConnectTarget} from './connect-errors.js';
import type {Trust} from './trust.js';
import {
  DEFAULT_RETRY,
  isRetryable,
  retryAfterMs,
  retryDelay,
  sleep,
  type RetryPolicy,
  type RetryWait,
} from './retry.js';

export type HttpMethod = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';

export interface HttpRequest {
  method: HttpMethod;
  url: URL;
  headers?: Record<string, string>;
  body?: string | Buffer;
  signal?: AbortSignal;
  // Bodies beyond this are refused: manifests and config blobs are small, a listing page too.
  maxBytes?: number;
  // A 2xx body is handed over unread as `stream` (a layer blob: read as it arrives, never held); other answers
  // are read as usual, for the error they carry.
  stream?: boolean;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  url: URL;
  // Requests made for this answer: more than 1 when 429/5xx answers were retried.
  attempts?: number;
  // The unread body of a 2xx answer to a `stream` request (`body` is empty then).
  stream?: AsyncIterable<Buffer> & {destroy(): void};
}

// A request whose answer's body is not read here (a blob on its way to another registry), and whose own body may be
// a stream (that blob arriving at the other one). Never retried: a stream cannot be sent twice.
export interface StreamRequest {
  method: HttpMethod;
  url: URL;
  headers?: Record<string, string>;
  body?: Readable;
  signal?: AbortSignal;
}

export interface StreamResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Readable;
  url: URL;
}

export interface TransportOptions {
  connections?: number;
  retry?: Partial<RetryPolicy>;
  timeouts?: Partial<RegistryTimeouts>;
  // Called before each wait for a retry, so a UI can show it.
  onRetry?: (wait: RetryWait) => void;
}

export const DEFAULT_MAX_BODY = 32 * 1024 * 1024;
// A registry (or a proxy) that accepts the connection and then hangs, or sends a byte a second, is reported
// rather than waited on: the time to connect (TCP and TLS handshake), from the request to the whole header of
// the answer, and the longest pause inside a body.
export const REGISTRY_CONNECT_TIMEOUT_MS = 10_000;
export const REGISTRY_FIRST_BYTE_TIMEOUT_MS = 30_000;
export const REGISTRY_BODY_IDLE_TIMEOUT_MS = 30_000;

export interface RegistryTimeouts {
  connectMs: number;
  firstByteMs: number;
  idleMs: number;
}

export const DEFAULT_REGISTRY_TIMEOUTS: RegistryTimeouts = {
  connectMs: REGISTRY_CONNECT_TIMEOUT_MS,
  firstByteMs: REGISTRY_FIRST_BYTE_TIMEOUT_MS,
  idleMs: REGISTRY_BODY_IDLE_TIMEOUT_MS,
};
// At most this many requests in flight per origin (regclient keeps 3, go-containerregistry 4: docs/registry-facts.md).
export const MAX_CONNECTIONS = 4;

export function headerValue(response: Pick<HttpResponse, 'headers'>, name: string): string | undefined {
  const value = response.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

// One undici Pool per origin (the registry, its token realm, a blob redirect target), each with
// keep-alive connections and at most MAX_CONNECTIONS of them; pipelining is off, so that is also
// the number of requests in flight. Pools are kept here rather than in an undici Agent: Agent
// 7.x drops and recreates an origin's pool when an older pool's socket closes, which briefly
// doubles the connections to a registry.
export class HttpTransport {
  private readonly pools = new Map<string, Pool>();
  private readonly connections: number;
  private readonly retry: RetryPolicy;
  private readonly onRetry?: (wait: RetryWait) => void;
  private readonly timeouts: RegistryTimeouts;

  constructor(
    private readonly trust: Trust,
    options: TransportOptions = {},
  ) {
    this.connections = Math.max(1, Math.min(options.connections ?? MAX_CONNECTIONS, MAX_CONNECTIONS));
    this.retry = {...DEFAULT_RETRY, ...options.retry};
    this.onRetry = options.onRetry;
    this.timeouts = {...DEFAULT_REGISTRY_TIMEOUTS, ...options.timeouts};
  }

  private pool(origin: string): Pool {
    let pool = this.pools.get(origin);
    if (!pool) {
      pool = new Pool(origin, {
        connections: this.connections,
        pipelining: 1,
        keepAliveTimeout: 30_000,
        headersTimeout: this.timeouts.firstByteMs,
        bodyTimeout: this.timeouts.idleMs,
        connect: {
          timeout: this.timeouts.connectMs,
          secureContext: this.trust.secureContext,
          rejectUnauthorized: this.trust.rejectUnauthorized,
        },
      });
      this.pools.set(origin, pool);
    }
    return pool;
  }

  // One request, repeated after a wait while the answer is 429 or 5xx (idempotent methods only) and the policy
  // allows; the last answer is returned either way, for the caller to report with the registry's message.
  async send(request: HttpRequest): Promise<HttpResponse> {
    for (let retry = 1; ; retry++) {
      const response = await this.sendOnce(request);
      response.attempts = retry;
      if (!isRetryable(request.method, response.status)) return response;
      const asked = retryAfterMs(headerValue(response, 'retry-after'), Date.now());
      const waitMs = retryDelay(this.retry, retry, asked);
      if (waitMs === undefined) return response;
      const path = `${request.url.pathname}${request.url.search}`;
      this.onRetry?.({
        host: request.url.host,
        method: request.method,
        path,
        status: response.status,
        retry,
        retries: this.retry.retries,
        waitMs,
        retryAfter: asked !== undefined,
      });
      await sleep(waitMs, request.url.host, request.signal);
    }
  }

  private sendOnce(request: HttpRequest): Promise<HttpResponse> {
    const maxBytes = request.maxBytes ?? DEFAULT_MAX_BODY;
    return this.exchange(request, async response => {
      if (request.stream && response.statusCode >= 200 && response.statusCode < 300)
        return {
          status: response.statusCode,
          headers: response.headers,
          body: Buffer.alloc(0),
          url: request.url,
          stream: response.body,
        };
      const tooLarge = () => {
        // Destroying an unread undici body emits an abort error; nobody needs to hear it.
        response.body.on('error', () => {});
        response.body.destroy();
        return new RegistryError(
          'protocol',
          problem(
            `registry ${request.url.host}`,
            `answer to ${request.method} ${request.url.pathname} is larger than ${maxBytes} bytes`,
            'This is not what a registry sends here; check the URL or a proxy in front of it.',
          ),
          {host: request.url.host},
        );
      };
      // With a Content-Length (undici holds the server to it) the body is read in one go; without
      // one it is counted as it streams.
      const declared = Number(response.headers['content-length'] ?? NaN);
      let body: Buffer;
      if (Number.isFinite(declared)) {
        if (declared > maxBytes) throw tooLarge();
        body = Buffer.from(await response.body.arrayBuffer());
      } else {
        const chunks: Buffer[] = [];
        let size = 0;
        for await (const chunk of response.body as AsyncIterable<Buffer>) {
          size += chunk.length;
          if (size > maxBytes) throw tooLarge();
          chunks.push(chunk);
        }
        body = Buffer.concat(chunks);
      }
      return {status: response.statusCode, headers: response.headers, body, url: request.url};
    });
  }

  open(request: StreamRequest): Promise<StreamResponse> {
    return this.exchange(request, response => ({
      status: response.statusCode,
      headers: response.headers,
      body: response.body,
      url: request.url,
    }));
  }

  // One request to the origin's pool and what `answer` makes of it; a failure on the way (to connect, to
  // answer, inside the body `answer` reads) is explained, a cancel said as one.
  private async exchange<T>(
    request: HttpRequest | StreamRequest,
    answer: (response: Dispatcher.ResponseData) => Promise<T> | T,
  ): Promise<T> {
    if (request.signal?.aborted) throw cancelledError(request.url.host);
    try {
      const response = await requestOn(this.pool(request.url.origin), {
        path: `${request.url.pathname}${request.url.search}`,
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: request.signal,
      });
      return await answer(response);
    } catch (error) {
      throw await this.explain(error, request);
    }
  }

  private async explain(error: unknown, request: {method: HttpMethod; url: URL; signal?: AbortSignal}): Promise<Error> {
    if (error instanceof RegistryError) return error;
    if (request.signal?.aborted || error instanceof RequestAbortedError) return cancelledError(request.url.host);
    return explainConnectError(error, targetOf(request.url), this.trust, undefined, {
      request: `${request.method} ${request.url.pathname}`,
      timeouts: this.timeouts,
    });
  }

  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map(pool => pool.close()));
  }
}

function targetOf(url: URL): ConnectTarget {
  const scheme = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.host,
    hostname: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : scheme === 'https' ? 443 : 80,
    scheme,
  };
}
