import {RegistryAuth, CATALOG_SCOPE, pullScope} from './auth.js';
import {VERSION} from '../version.js';
import {resolveCredentials, type RegistryCredentials} from './docker-config.js';
import {RegistryError, problem} from './errors.js';
import {describeRegistryErrors, parseRegistryErrors} from './registry-errors.js';
import {TagDetailsReader, type FetchedManifest, type ManifestClient, type TagDetails} from './details.js';
import type {RequestOptions} from './request-options.js';
import {MAX_PAGE_BYTES, paginate, type Page, type PaginateOptions} from './paginate.js';
import {responseError, type Subject} from './response-errors.js';
import {SecretScrubber} from './secrets.js';
import {loadTrust, type Trust} from './trust.js';
import type {RetryPolicy, RetryWait} from './retry.js';
import type {Readable} from 'node:stream';
import {
  HttpTransport,
  headerValue,
  type HttpMethod,
  type HttpResponse,
  type RegistryTimeouts,
  type StreamResponse,
} from './transport.js';
import {assertRepositoryName, hubRepositoryName, parseRegistryUrl, plainHttpFallback, type RegistryUrl} from './url.js';

export interface RegistryClientOptions {
  // Docker's insecure-registries: plain http allowed, certificate errors ignored.
  insecure?: boolean;
  // --registry-ca FILE
  caFile?: string;
  // Root of Docker's certs.d (default /etc/docker/certs.d, or BERTH_CERTS_D).
  certsDir?: string;
  // Environment for DOCKER_CONFIG, HOME, PATH (credential helpers), BERTH_CERTS_D.
  env?: NodeJS.ProcessEnv;
  // Explicit credentials; null means anonymous without reading the docker config.
  credentials?: RegistryCredentials | null;
  // Directory holding config.json, instead of $DOCKER_CONFIG or ~/.docker.
  dockerConfigDir?: string;
  // Page size asked for first (at most 1000).
  pageSize?: number;
  // Requests in flight per origin (at most 4).
  connections?: number;
  // How 429 and 5xx answers are retried (retry.ts DEFAULT_RETRY), and a callback for each wait (the UI shows it).
  retry?: Partial<RetryPolicy>;
  onRetry?: (wait: RetryWait) => void;
  // Connect, first-byte and body-idle limits (transport.ts DEFAULT_REGISTRY_TIMEOUTS).
  timeouts?: Partial<RegistryTimeouts>;
}

export type {RequestOptions};

export interface PingResult {
  // 'ok' when /v2/ answered 200 (possibly after logging in); 'login-required' when it needs
  // credentials berth does not have.
  status: 'ok' | 'login-required';
  auth: 'none' | 'basic' | 'bearer';
  apiVersion?: string;
}

const MAX_REDIRECTS = 5;
const REDIRECTS = [301, 302, 303, 307, 308];
const USER_AGENT = `berth/${VERSION}`;

export class RegistryClient implements ManifestClient {
  // Changes once at most: to plain http, when a loopback or insecure registry given without a
  // scheme turns out not to speak TLS.
  registry: RegistryUrl;
  readonly trust: Trust;
  private readonly transport: HttpTransport;
  private readonly secrets = new SecretScrubber();
  private readonly auth: RegistryAuth;
  private readonly pageSize?: number;
  private detailsReader?: TagDetailsReader;
  private readonly linkHints = {repositories: {seen: false}, tags: {seen: false}};

  private constructor(registry: RegistryUrl, trust: Trust, options: RegistryClientOptions) {
    this.registry = registry;
    this.trust = trust;
    this.pageSize = options.pageSize;
    this.transport = new HttpTransport(trust, {
      connections: options.connections,
      retry: options.retry,
      onRetry: options.onRetry,
      timeouts: options.timeouts,
    });
    const env = options.env ?? process.env;
    const load = async () => {
      if (options.credentials === null) return undefined;
      if (options.credentials) return options.credentials;
      return resolveCredentials(registry.host, {env, configDir: options.dockerConfigDir});
    };
    this.auth = new RegistryAuth(registry, this.transport, load, this.secrets);
    if (options.credentials) {
      this.secrets.add(options.credentials.password);
      this.secrets.add(options.credentials.identityToken);
      this.secrets.add(options.credentials.registryToken);
    }
  }

  static async create(url: string | RegistryUrl, options: RegistryClientOptions = {}): Promise<RegistryClient> {
    const registry = typeof url === 'string' ? parseRegistryUrl(url, {insecure: options.insecure}) : url;
    const trust = await loadTrust(registry, {caFile: options.caFile, certsDir: options.certsDir, env: options.env});
    return new RegistryClient(registry, trust, options);
  }

  url(path: string): URL {
    return new URL(path, this.registry.origin);
  }

  // One request with the auth dance: up front when the challenge is known, else after the first
  // 401; then once more if a token was refused for insufficient_scope. Errors leave scrubbed.
  async request(method: HttpMethod, url: URL, options: RequestOptions): Promise<HttpResponse> {
    try {
      return await this.authorizedRequest(method, url, options);
    } catch (error) {
      const fallback = plainHttpFallback(this.registry);
      if (
        fallback &&
        error instanceof RegistryError &&
        error.reason === 'plain-http' &&
        url.origin === this.registry.origin
      ) {
        this.registry = fallback;
        const retry = new URL(`${url.pathname}${url.search}`, fallback.origin);
        return this.request(method, retry, options);
      }
      throw this.secrets.scrubError(error);
    }
  }

  private async authorizedRequest(method: HttpMethod, url: URL, options: RequestOptions): Promise<HttpResponse> {
    let scopes = options.scopes;
    let scopeRetryUsed = false;
    for (let attempt = 0; attempt < 3; attempt++) {
      const authorization = await this.auth.authorization(scopes, options.signal);
      const headers: Record<string, string> = {'user-agent': USER_AGENT, ...options.headers};
      if (authorization) headers.authorization = authorization;
      const response = await this.transport.send({
        method,
        url,
        headers,
        body: options.body,
        signal: options.signal,
        maxBytes: options.maxBytes,
        stream: options.stream,
      });
      if (response.status !== 401) return response;
      const verdict = await this.auth.onUnauthorized(response, scopes, authorization, scopeRetryUsed);
      if (authorization) scopeRetryUsed = true;
      scopes = verdict.scopes;
      if (!verdict.retry) {
        const said = describeRegistryErrors(parseRegistryErrors(response.body.toString('utf8')));
        throw await this.auth.deniedError(response, options.subject.what, said, options.subject.access);
      }
    }
    throw new RegistryError(
      'auth',
      problem(
        `registry ${this.registry.host}`,
        `kept refusing to ${options.subject.what}`,
        `Run "docker login ${this.registry.host}" again.`,
      ),
      {host: this.registry.host},
    );
  }

  // GET that follows redirects (blob downloads are often 307s to object storage) without
  // carrying the Authorization header to another host, and never from https down to http.
  async getFollowingRedirects(url: URL, options: RequestOptions): Promise<HttpResponse> {
    let response = await this.request('GET', url, options);
    for (let hops = 0; hops < MAX_REDIRECTS && REDIRECTS.includes(response.status); hops++) {
      const location = headerValue(response, 'location');
      if (!location) break;
      const target = new URL(location, response.url);
      if (response.url.protocol === 'https:' && target.protocol !== 'https:') throw this.downgrade(target);
      response =
        target.origin === this.registry.origin
          ? await this.request('GET', target, options)
          : await this.transport
              .send({
                method: 'GET',
                url: target,
                headers: {'user-agent': USER_AGENT},
                signal: options.signal,
                maxBytes: options.maxBytes,
                stream: options.stream,
              })
              .catch(error => {
                throw this.secrets.scrubError(error);
              });
    }
    return response;
  }

  // A request whose answer streams (a blob GET, redirects followed as above) or whose body does (a blob PUT). The
  // authorization goes up front: callers first make an ordinary request with the same scopes (a HEAD, the upload's
  // POST), which learns the challenge and caches the token, so a stream never has to be sent twice.
  async open(
    method: HttpMethod,
    url: URL,
    options: Omit<RequestOptions, 'body'> & {body?: Readable},
  ): Promise<StreamResponse> {
    const send = async (target: URL, withAuth: boolean): Promise<StreamResponse> => {
      const headers: Record<string, string> = {'user-agent': USER_AGENT, ...options.headers};
      const authorization = withAuth ? await this.auth.authorization(options.scopes, options.signal) : undefined;
      if (authorization) headers.authorization = authorization;
      return this.transport.open({method, url: target, headers, body: options.body, signal: options.signal});
    };
    try {
      let response = await send(url, true);
      for (let hops = 0; hops < MAX_REDIRECTS && method === 'GET' && REDIRECTS.includes(response.status); hops++) {
        const location = headerValue(response, 'location');
        if (!location) break;
        response.body.resume();
        const target = new URL(location, response.url);
        if (response.url.protocol === 'https:' && target.protocol !== 'https:') throw this.downgrade(target);
        response = await send(target, target.origin === this.registry.origin);
      }
      return response;
    } catch (error) {
      throw this.secrets.scrubError(error);
    }
  }

  // The one-line error for a streamed answer that is not the one wanted (its body is small then: read it).
  async failStream(response: StreamResponse, subject: Subject): Promise<RegistryError> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      if (size < 64 * 1024) chunks.push(chunk);
      size += chunk.length;
    }
    return this.fail({...response, body: Buffer.concat(chunks)}, subject);
  }

  private downgrade(target: URL): RegistryError {
    return new RegistryError(
      'protocol',
      problem(
        `registry ${this.registry.host}`,
        `redirected to plain http (${target.origin})`,
        "Fix the registry's storage redirect settings.",
      ),
      {host: this.registry.host},
    );
  }

  fail(response: HttpResponse, subject: Subject): RegistryError {
    return this.secrets.scrubError(responseError(response, this.registry.host, subject));
  }

  // GET /v2/: is it a registry, and does it want a login.
  async ping(signal?: AbortSignal): Promise<PingResult> {
    const subject = {what: 'reach the registry API (/v2/)'};
    try {
      const response = await this.request('GET', this.url('/v2/'), {scopes: [], subject, signal});
      if (response.status !== 200) throw this.fail(response, subject);
      return {
        status: 'ok',
        auth: this.auth.scheme ?? 'none',
        apiVersion: headerValue(response, 'docker-distribution-api-version'),
      };
    } catch (error) {
      if (
        error instanceof RegistryError &&
        error.kind === 'auth' &&
        error.status === 401 &&
        !(await this.auth.credentials())
      ) {
        return {status: 'login-required', auth: this.auth.scheme ?? 'bearer'};
      }
      throw error;
    }
  }

  // Pages of GET /v2/_catalog as they arrive.
  repositories(options: PaginateOptions = {}): AsyncGenerator<Page> {
    const subject = {what: 'list repositories'};
    return this.pages(this.url('/v2/_catalog'), 'repositories', [CATALOG_SCOPE], subject, options);
  }

  // Pages of GET /v2/<name>/tags/list as they arrive.
  tags(name: string, options: PaginateOptions = {}): AsyncGenerator<Page> {
    const repository = hubRepositoryName(this.registry, name);
    assertRepositoryName(repository);
    const subject = {what: `list tags of ${repository}`, repository};
    return this.pages(this.url(`/v2/${repository}/tags/list`), 'tags', [pullScope(repository)], subject, options);
  }

  private pages(
    firstUrl: URL,
    field: 'repositories' | 'tags',
    scopes: string[],
    subject: Subject,
    options: PaginateOptions,
  ): AsyncGenerator<Page> {
    const generator = paginate(
      {
        host: this.registry.host,
        origin: () => this.registry.origin,
        what: subject.what,
        field,
        firstUrl,
        fetch: (url, signal) => this.request('GET', url, {scopes, subject, signal, maxBytes: MAX_PAGE_BYTES}),
        fail: response => Promise.resolve(this.fail(response, subject)),
        linkHint: this.linkHints[field],
      },
      {pageSize: options.pageSize ?? this.pageSize, signal: options.signal},
    );
    return this.scrubbed(generator);
  }

  private async *scrubbed(generator: AsyncGenerator<Page>): AsyncGenerator<Page> {
    try {
      yield* generator;
    } catch (error) {
      throw this.secrets.scrubError(error);
    }
  }

  // Every name, all pages; onPage sees each page as soon as it arrives.
  async listRepositories(onPage?: (page: Page) => void, signal?: AbortSignal): Promise<string[]> {
    return collect(this.repositories({signal}), onPage);
  }

  async listTags(repository: string, onPage?: (page: Page) => void, signal?: AbortSignal): Promise<string[]> {
    return collect(this.tags(repository, {signal}), onPage);
  }

  // Digest, media type, size, platforms and created date of one tag (a few requests; cached by digest).
  tagDetails(repository: string, tag: string, signal?: AbortSignal): Promise<TagDetails> {
    this.detailsReader ??= new TagDetailsReader(this);
    return this.detailsReader.details(hubRepositoryName(this.registry, repository), tag, signal);
  }

  // A manifest by tag or digest (cached by digest), for reading an image without pulling it.
  manifest(repository: string, reference: string, signal?: AbortSignal): Promise<FetchedManifest> {
    this.detailsReader ??= new TagDetailsReader(this);
    return this.detailsReader.manifest(hubRepositoryName(this.registry, repository), reference, signal);
  }

  // A blob as it arrives (layers), or whole when small (a config: at most maxBytes).
  async blob(repository: string, digest: string, signal?: AbortSignal): Promise<AsyncIterable<Buffer>>;
  async blob(repository: string, digest: string, signal: AbortSignal | undefined, maxBytes: number): Promise<Buffer>;
  async blob(
    repository: string,
    digest: string,
    signal?: AbortSignal,
    maxBytes?: number,
  ): Promise<AsyncIterable<Buffer> | Buffer> {
    const name = hubRepositoryName(this.registry, repository);
    assertRepositoryName(name);
    const subject = {what: `read blob ${digest} of ${name}`, repository: name, reference: digest};
    const response = await this.getFollowingRedirects(this.url(`/v2/${name}/blobs/${digest}`), {
      scopes: [pullScope(name)],
      subject,
      signal,
      ...(maxBytes === undefined ? {stream: true} : {maxBytes}),
    });
    if (response.status !== 200) throw this.fail(response, subject);
    return response.stream ?? response.body;
  }

  close(): Promise<void> {
    return this.transport.close();
  }
}

async function collect(pages: AsyncGenerator<Page>, onPage?: (page: Page) => void): Promise<string[]> {
  const all: string[] = [];
  for await (const page of pages) {
    for (const item of page.items) all.push(item);
    onPage?.(page);
  }
  return all;
}
