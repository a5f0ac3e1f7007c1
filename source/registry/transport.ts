import { Agent, errors as undiciErrors } from 'undici';
import { RegistryError, cancelledError, problem } from './errors.js';
import { explainConnectError, type ConnectTarget } from './connect-errors.js';
import type { Trust } from './trust.js';

export type HttpMethod = 'GET' | 'HEAD' | 'POST';

export interface HttpRequest {
  method: HttpMethod;
  url: URL;
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  // Bodies beyond this are refused: manifests and config blobs are small, a listing page too.
  maxBytes?: number;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  url: URL;
}

export const DEFAULT_MAX_BODY = 32 * 1024 * 1024;
// At most this many requests in flight per origin (registry.md §4: regclient 3, ggcr 4).
export const MAX_CONNECTIONS = 4;

export function headerValue(response: HttpResponse, name: string): string | undefined {
  const value = response.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

// One pooled undici Agent per registry client: keep-alive connections, and no more than
// MAX_CONNECTIONS to any one origin (the registry, its token realm, a blob redirect target),
// since pipelining is off each connection carries one request at a time.
export class HttpTransport {
  private readonly agent: Agent;

  constructor(private readonly trust: Trust, connections = MAX_CONNECTIONS) {
    this.agent = new Agent({
      connections: Math.max(1, Math.min(connections, MAX_CONNECTIONS)),
      pipelining: 1,
      keepAliveTimeout: 30_000,
      connect: {
        ca: trust.ca,
        cert: trust.cert,
        key: trust.key,
        rejectUnauthorized: trust.rejectUnauthorized,
      },
    });
  }

  async send(request: HttpRequest): Promise<HttpResponse> {
    if (request.signal?.aborted) throw cancelledError(request.url.host);
    const maxBytes = request.maxBytes ?? DEFAULT_MAX_BODY;
    try {
      const response = await this.agent.request({
        origin: request.url.origin,
        path: `${request.url.pathname}${request.url.search}`,
        method: request.method,
        headers: request.headers,
        body: request.body,
        signal: request.signal,
      });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += chunk.length;
        if (size > maxBytes) {
          response.body.destroy();
          throw new RegistryError(
            'protocol',
            problem(`registry ${request.url.host}`, `answer to ${request.method} ${request.url.pathname} is larger than ${maxBytes} bytes`, 'This is not what a registry sends here; check the URL or a proxy in front of it.'),
            { host: request.url.host },
          );
        }
        chunks.push(chunk as Buffer);
      }
      return { status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks), url: request.url };
    } catch (error) {
      if (error instanceof RegistryError) throw error;
      if (request.signal?.aborted || error instanceof undiciErrors.RequestAbortedError) throw cancelledError(request.url.host);
      throw await explainConnectError(error, targetOf(request.url), this.trust);
    }
  }

  close(): Promise<void> {
    return this.agent.close();
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
