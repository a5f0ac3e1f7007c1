import {pickChallenge, parseWwwAuthenticate, type Challenge} from './challenge.js';
import {RegistryError, problem} from './errors.js';
import {requestToken} from './token-request.js';
import {TokenCache, tokenKey} from './token-cache.js';
import type {HttpResponse, HttpTransport} from './transport.js';
import type {RegistryCredentials} from './docker-config.js';
import type {SecretScrubber} from './secrets.js';
import type {RegistryUrl} from './url.js';

export const CATALOG_SCOPE = 'registry:catalog:*';
export function pullScope(repository: string): string {
  return `repository:${repository}:pull`;
}
// Writes (a manifest or blob PUT, a blob mount) need both; distribution maps DELETE to its own action.
export function pushScope(repository: string): string {
  return `repository:${repository}:pull,push`;
}
export function deleteScope(repository: string): string {
  return `repository:${repository}:delete`;
}

interface KnownChallenge {
  scheme: 'basic' | 'bearer';
  realm?: URL;
  service?: string;
}

// Auth for one registry: remembers the challenge it was given (so later requests authenticate
// up front instead of collecting a 401 each), caches bearer tokens per scope set, and loads
// credentials only once a registry asks for them.
export class RegistryAuth {
  private known?: KnownChallenge;
  private credentialsPromise?: Promise<RegistryCredentials | undefined>;
  private readonly inflight = new Map<string, Promise<string>>();

  constructor(
    private readonly registry: RegistryUrl,
    private readonly transport: HttpTransport,
    private readonly loadCredentials: () => Promise<RegistryCredentials | undefined>,
    private readonly secrets: SecretScrubber,
    private readonly tokens = new TokenCache(),
  ) {}

  credentials(): Promise<RegistryCredentials | undefined> {
    this.credentialsPromise ??= this.loadCredentials().then(found => {
      if (found) {
        this.secrets.add(found.password);
        this.secrets.add(found.identityToken);
        this.secrets.add(found.registryToken);
        if (found.username && found.password)
          this.secrets.add(Buffer.from(`${found.username}:${found.password}`).toString('base64'));
      }
      return found;
    });
    return this.credentialsPromise;
  }

  // The Authorization header for a request needing `scopes`, when the registry is known to want one.
  async authorization(scopes: string[], signal?: AbortSignal): Promise<string | undefined> {
    const known = this.known;
    if (!known) return undefined;
    const credentials = await this.credentials();
    if (known.scheme === 'basic') {
      if (!credentials?.username || !credentials.password) return undefined;
      return `Basic ${Buffer.from(`${credentials.username}:${credentials.password}`).toString('base64')}`;
    }
    if (credentials?.registryToken) return `Bearer ${credentials.registryToken}`;
    return `Bearer ${await this.token(known, scopes, signal)}`;
  }

  // Learns from a 401 and says whether one more attempt can succeed. `sentAuth` is what the
  // failed request carried; `scopeRetryUsed` limits the insufficient_scope retry to one.
  async onUnauthorized(
    response: HttpResponse,
    scopes: string[],
    sentAuth: string | undefined,
    scopeRetryUsed: boolean,
  ): Promise<{retry: boolean; scopes: string[]; challenge?: Challenge}> {
    const challenge = pickChallenge(parseWwwAuthenticate(response.headers['www-authenticate']));
    if (!challenge) return {retry: false, scopes};
    if (challenge.scheme === 'basic') {
      this.known = {scheme: 'basic'};
      const credentials = await this.credentials();
      const canTry = !sentAuth && !!credentials?.username && !!credentials.password;
      return {retry: canTry, scopes, challenge};
    }
    const realm = this.checkRealm(challenge.params.realm, response.url);
    const known: KnownChallenge = {scheme: 'bearer', realm, service: challenge.params.service};
    this.known = known;
    const asked = (challenge.params.scope ?? '').split(' ').filter(Boolean);
    const merged = [...new Set([...scopes, ...asked])];
    if (!sentAuth) return {retry: true, scopes: merged, challenge};
    // A token was sent and refused: once, drop it and ask for the scopes the registry named.
    if (scopeRetryUsed) return {retry: false, scopes: merged, challenge};
    this.tokens.delete(tokenKey(realm.href, known.service, scopes));
    this.tokens.delete(tokenKey(realm.href, known.service, merged));
    return {retry: true, scopes: merged, challenge};
  }

  // A realm may be relative (resolved against the request), but never a downgrade to plain
  // http from an https registry: the credentials would cross the network in clear.
  private checkRealm(realm: string | undefined, requestUrl: URL): URL {
    const thing = `registry ${this.registry.host}`;
    if (!realm) {
      throw new RegistryError(
        'auth',
        problem(
          thing,
          'asked for a bearer token without saying where to get it (no realm)',
          "Check the registry's auth.token settings.",
        ),
        {host: this.registry.host},
      );
    }
    let url: URL;
    try {
      url = new URL(realm, requestUrl);
    } catch {
      throw new RegistryError(
        'auth',
        problem(
          thing,
          `sent a token realm that is not a URL (${JSON.stringify(realm)})`,
          "Check the registry's auth.token.realm setting.",
        ),
        {host: this.registry.host},
      );
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      throw new RegistryError(
        'auth',
        problem(
          thing,
          `sent a token realm with scheme ${url.protocol}`,
          "Check the registry's auth.token.realm setting.",
        ),
        {host: this.registry.host},
      );
    }
    if (requestUrl.protocol === 'https:' && url.protocol === 'http:') {
      throw new RegistryError(
        'auth',
        problem(
          thing,
          `refused token realm ${url.origin}${url.pathname}: it downgrades https to plain http`,
          "Set the registry's auth.token.realm to an https URL.",
        ),
        {host: this.registry.host},
      );
    }
    return url;
  }

  private async token(known: KnownChallenge, scopes: string[], signal?: AbortSignal): Promise<string> {
    const realm = known.realm!;
    const key = tokenKey(realm.href, known.service, scopes);
    const cached = this.tokens.get(key);
    if (cached) return cached;
    // Parallel requests that need the same token share one token request.
    let pending = this.inflight.get(key);
    if (!pending) {
      pending = (async () => {
        const credentials = await this.credentials();
        const receivedAt = Date.now();
        const grant = await requestToken(this.transport, {
          realm,
          service: known.service,
          scopes,
          credentials,
          registryHost: this.registry.host,
          signal,
        });
        this.secrets.add(grant.token);
        this.tokens.set(key, grant.token, grant.expiresIn, receivedAt);
        return grant.token;
      })().finally(() => this.inflight.delete(key));
      this.inflight.set(key, pending);
    }
    return pending;
  }

  // The wording for a request that stayed unauthorized after every retry.
  async deniedError(
    response: HttpResponse,
    what: string,
    registryErrorsText: string,
    access: 'pull' | 'push' | 'delete' = 'pull',
  ): Promise<RegistryError> {
    const credentials = await this.credentials();
    const thing = `registry ${this.registry.host}`;
    const said = registryErrorsText ? ` (${registryErrorsText})` : '';
    const known = this.known;
    let reason: string;
    let fix: string;
    if (!credentials) {
      reason = `${what} needs a login${said}`;
      fix = `Run "docker login ${this.registry.host}" (berth reads the docker config.json and its credential helpers).`;
    } else if (known?.scheme === 'basic') {
      reason = `the credentials from ${credentials.source} were rejected for ${what}${said}`;
      fix = `Run "docker login ${this.registry.host}" again.`;
    } else {
      reason = `access denied: ${what}${said}`;
      fix = what.startsWith('list repositories')
        ? 'This account may not list the catalog; open a repository by name instead, or ask for registry:catalog:* access.'
        : `Check that the account from ${credentials.source} may ${access} it, or run "docker login ${this.registry.host}" again.`;
    }
    return new RegistryError('auth', problem(thing, reason, fix), {host: this.registry.host, status: response.status});
  }

  get scheme(): 'basic' | 'bearer' | undefined {
    return this.known?.scheme;
  }
}
