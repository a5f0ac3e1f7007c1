import {readFile} from 'node:fs/promises';
import {homedir} from 'node:os';
import {join} from 'node:path';
import {runCredentialHelper} from './credential-helper.js';
import {RegistryError, problem} from './errors.js';

export interface RegistryCredentials {
  username?: string;
  password?: string;
  // OAuth2 refresh token from `docker login` against a token server (POST flow).
  identityToken?: string;
  // A ready bearer token, sent as it is.
  registryToken?: string;
  // Where they came from, for messages: never the values themselves.
  source: string;
}

interface AuthEntry {
  auth?: string;
  username?: string;
  password?: string;
  identitytoken?: string;
  registrytoken?: string;
}

interface DockerConfigFile {
  auths?: Record<string, AuthEntry>;
  credHelpers?: Record<string, string>;
  credsStore?: string;
}

// The key `docker login` uses for Docker Hub, hard-coded "for historical reasons".
export const HUB_CREDENTIAL_KEY = 'https://index.docker.io/v1/';
const HUB_HOSTS = new Set(['registry-1.docker.io', 'index.docker.io', 'docker.io']);

export function dockerConfigDir(env: NodeJS.ProcessEnv): string {
  return env.DOCKER_CONFIG || join(env.HOME || homedir(), '.docker');
}

// docker/cli ConvertToHostname: strip the scheme and anything after the first slash.
export function credentialHostname(key: string): string {
  let host = key.trim();
  host = host.replace(/^[a-z]+:\/\//i, '');
  const slash = host.indexOf('/');
  return (slash >= 0 ? host.slice(0, slash) : host).toLowerCase();
}

// The server URL a helper is asked about, as `docker login` stored it.
export function credentialServerUrl(host: string): string {
  return HUB_HOSTS.has(host) ? HUB_CREDENTIAL_KEY : host;
}

// `auth` is base64("user:password"): split on the first colon, drop trailing NULs (docker/cli).
export function decodeAuthField(auth: string): {username: string; password: string} | undefined {
  const decoded = Buffer.from(auth, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return undefined;
  return {username: decoded.slice(0, colon), password: decoded.slice(colon + 1).replace(/\0+$/, '')};
}

const AUTH_FIELDS = ['auth', 'username', 'password', 'identitytoken', 'registrytoken'] as const;
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// JSON.parse gives any shape; the fields berth reads are checked here so a hand-edited file gets a message that
// names the field (the docker CLI refuses such a file too), not a TypeError deep in the lookup.
function checkShape(parsed: unknown, path: string): DockerConfigFile {
  const wrong = (field: string, want: string) =>
    new RegistryError(
      'credentials',
      problem(
        `docker config ${path}`,
        `${field} must be ${want}`,
        'Fix the file, or run "docker login" to rewrite it.',
      ),
    );
  if (!isRecord(parsed)) throw wrong('the top level', 'a JSON object');
  const {auths, credHelpers, credsStore} = parsed;
  if (auths !== undefined && auths !== null) {
    if (!isRecord(auths)) throw wrong('"auths"', 'an object of registries');
    for (const [key, entry] of Object.entries(auths)) {
      if (!isRecord(entry)) throw wrong(`auths[${JSON.stringify(key)}]`, 'an object');
      for (const field of AUTH_FIELDS) {
        if (entry[field] !== undefined && entry[field] !== null && typeof entry[field] !== 'string')
          throw wrong(`auths[${JSON.stringify(key)}].${field}`, 'a string');
      }
    }
  }
  if (credHelpers !== undefined && credHelpers !== null) {
    if (!isRecord(credHelpers)) throw wrong('"credHelpers"', 'an object of registry: helper name');
    for (const [key, helper] of Object.entries(credHelpers))
      if (typeof helper !== 'string') throw wrong(`credHelpers[${JSON.stringify(key)}]`, 'a helper name');
  }
  if (credsStore !== undefined && credsStore !== null && typeof credsStore !== 'string')
    throw wrong('"credsStore"', 'a helper name');
  return {
    auths: (auths ?? undefined) as Record<string, AuthEntry> | undefined,
    credHelpers: (credHelpers ?? undefined) as Record<string, string> | undefined,
    credsStore: credsStore ?? undefined,
  };
}

async function readConfig(
  env: NodeJS.ProcessEnv,
  configDir?: string,
): Promise<{config: DockerConfigFile; path: string} | undefined> {
  if (env.DOCKER_AUTH_CONFIG) {
    let fromEnv: unknown;
    try {
      fromEnv = JSON.parse(env.DOCKER_AUTH_CONFIG);
    } catch {
      throw new RegistryError('credentials', problem('DOCKER_AUTH_CONFIG', 'is not valid JSON', 'Fix or unset it.'));
    }
    return {config: checkShape(fromEnv, 'DOCKER_AUTH_CONFIG'), path: 'DOCKER_AUTH_CONFIG'};
  }
  const path = join(configDir ?? dockerConfigDir(env), 'config.json');
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new RegistryError(
      'credentials',
      problem(
        `docker config ${path}`,
        `cannot be read (${(error as NodeJS.ErrnoException).code})`,
        'Fix its permissions, or point DOCKER_CONFIG elsewhere.',
      ),
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new RegistryError(
      'credentials',
      problem(`docker config ${path}`, 'is not valid JSON', 'Fix the file, or run "docker login" to rewrite it.'),
    );
  }
  return {config: checkShape(parsed, path), path};
}

function findAuthEntry(auths: Record<string, AuthEntry> | undefined, host: string): [string, AuthEntry] | undefined {
  if (!auths) return undefined;
  const wanted = credentialServerUrl(host);
  if (auths[wanted]) return [wanted, auths[wanted]];
  for (const [key, entry] of Object.entries(auths)) {
    const keyHost = credentialHostname(key);
    if (keyHost === host || (HUB_HOSTS.has(host) && HUB_HOSTS.has(keyHost))) return [key, entry];
  }
  return undefined;
}

function fromAuthEntry(entry: AuthEntry, source: string): RegistryCredentials | undefined {
  const credentials: RegistryCredentials = {source};
  if (entry.auth) Object.assign(credentials, decodeAuthField(entry.auth));
  if (entry.username && !credentials.username) credentials.username = entry.username;
  if (entry.password && !credentials.password) credentials.password = entry.password;
  if (entry.identitytoken) credentials.identityToken = entry.identitytoken;
  if (entry.registrytoken) credentials.registryToken = entry.registrytoken;
  const usable = credentials.password || credentials.identityToken || credentials.registryToken;
  return usable ? credentials : undefined;
}

export interface ResolveCredentialsOptions {
  env: NodeJS.ProcessEnv;
  configDir?: string;
}

// Which store applies, in docker/cli's order: credHelpers[host], then credsStore, then the
// plain `auths` entries. Credentials are looked up for one host, lazily: running every helper
// (as GetAllCredentials does) would be slow and prompt for keychains nobody asked about.
export async function resolveCredentials(
  host: string,
  options: ResolveCredentialsOptions,
): Promise<RegistryCredentials | undefined> {
  const loaded = await readConfig(options.env, options.configDir);
  if (!loaded) return undefined;
  const {config, path} = loaded;
  const serverUrl = credentialServerUrl(host);
  const helper = config.credHelpers?.[serverUrl] ?? config.credHelpers?.[host] ?? config.credsStore;
  if (helper) {
    const found = await runCredentialHelper(helper, serverUrl, options.env);
    if (found) {
      const source = `docker-credential-${helper}`;
      return found.username === '<token>'
        ? {identityToken: found.secret, source}
        : {username: found.username, password: found.secret, source};
    }
  }
  const entry = findAuthEntry(config.auths, host);
  return entry ? fromAuthEntry(entry[1], `${path} auths["${entry[0]}"]`) : undefined;
}
