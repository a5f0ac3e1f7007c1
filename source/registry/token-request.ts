import {RegistryError, problem} from './errors.js';
import {bodyExcerpt, describeRegistryErrors, parseRegistryErrors} from './registry-errors.js';
import type {RegistryCredentials} from './docker-config.js';
import type {HttpResponse, HttpTransport} from './transport.js';

export interface TokenGrant {
  token: string;
  expiresIn?: number;
}

export interface TokenRequest {
  realm: URL;
  service?: string;
  scopes: string[];
  credentials?: RegistryCredentials;
  registryHost: string;
  signal?: AbortSignal;
}

const CLIENT_ID = 'berth';

function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

// Distribution's token spec: GET <realm>?service=…&scope=…&scope=… with Basic credentials when we
// have them (anonymous otherwise). An identity token from `docker login` goes through the OAuth2
// POST flow instead; not every token server has it, so a 404 there falls back to GET
// (docs/registry-facts.md, "Authentication and tokens"; go-containerregistry bearer.go Refresh).
export async function requestToken(transport: HttpTransport, request: TokenRequest): Promise<TokenGrant> {
  const {credentials} = request;
  if (credentials?.identityToken) {
    const form = new URLSearchParams({
      grant_type: 'refresh_token',
      refresh_token: credentials.identityToken,
      client_id: CLIENT_ID,
    });
    if (request.service) form.set('service', request.service);
    if (request.scopes.length) form.set('scope', request.scopes.join(' '));
    const response = await transport.send({
      method: 'POST',
      url: request.realm,
      headers: {'content-type': 'application/x-www-form-urlencoded'},
      body: form.toString(),
      signal: request.signal,
      maxBytes: 1 << 20,
    });
    if (response.status !== 404) return readGrant(response, request);
  }
  const url = new URL(request.realm);
  if (request.service) url.searchParams.set('service', request.service);
  for (const scope of request.scopes) url.searchParams.append('scope', scope);
  const headers: Record<string, string> = {};
  if (credentials?.username && credentials.password) {
    headers.authorization = basic(credentials.username, credentials.password);
    url.searchParams.set('account', credentials.username);
  }
  url.searchParams.set('client_id', CLIENT_ID);
  const response = await transport.send({method: 'GET', url, headers, signal: request.signal, maxBytes: 1 << 20});
  return readGrant(response, request);
}

function readGrant(response: HttpResponse, request: TokenRequest): TokenGrant {
  const thing = `token server ${request.realm.host} (for registry ${request.registryHost})`;
  const text = response.body.toString('utf8');
  if (response.status === 401 || response.status === 403) {
    const said = describeRegistryErrors(parseRegistryErrors(text)) || bodyExcerpt(text);
    const reason = request.credentials
      ? `rejected the credentials from ${request.credentials.source} (HTTP ${response.status}${said ? `: ${said}` : ''})`
      : `refused an anonymous token (HTTP ${response.status}${said ? `: ${said}` : ''})`;
    throw new RegistryError('auth', problem(thing, reason, `Run "docker login ${request.registryHost}".`), {
      host: request.registryHost,
      status: response.status,
    });
  }
  if (response.status < 200 || response.status >= 300) {
    const said = describeRegistryErrors(parseRegistryErrors(text)) || bodyExcerpt(text);
    throw new RegistryError(
      'auth',
      problem(
        thing,
        `answered HTTP ${response.status}${said ? ` (${said})` : ''}`,
        'Check the token server, or try again.',
      ),
      {host: request.registryHost, status: response.status},
    );
  }
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new RegistryError(
      'auth',
      problem(thing, 'sent a token answer that is not JSON', "Check the registry's auth.token.realm setting."),
      {host: request.registryHost},
    );
  }
  // `token` and `access_token` mean the same (token spec); some servers send only one.
  const token = typeof parsed.token === 'string' && parsed.token ? parsed.token : parsed.access_token;
  if (typeof token !== 'string' || !token) {
    throw new RegistryError(
      'auth',
      problem(thing, 'sent an answer without a token', "Check the registry's auth.token.realm setting."),
      {host: request.registryHost},
    );
  }
  return {token, expiresIn: typeof parsed.expires_in === 'number' ? parsed.expires_in : undefined};
}
