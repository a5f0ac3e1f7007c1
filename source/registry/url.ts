import {isIP} from 'node:net';
import {RegistryError, problem} from './errors.js';

export interface RegistryUrl {
  scheme: 'https' | 'http';
  // Origin every request goes to, e.g. https://127.0.0.1:5000.
  origin: string;
  // host[:port] as Docker writes it: the certs.d directory name and the config.json key.
  host: string;
  // Bare name or address, without IPv6 brackets.
  hostname: string;
  port: number;
  insecure: boolean;
  // Whether the user wrote the scheme; without one, loopback and insecure registries may fall
  // back from https to plain http, as Docker does.
  schemeGiven: boolean;
}

export interface ParseRegistryUrlOptions {
  // Docker's `insecure-registries`: plain http allowed and certificate errors ignored.
  insecure?: boolean;
}

// Docker Hub's registry API lives on another host than its name: registry-1.docker.io (docs/registry-facts.md).
const HUB_ALIASES = new Set(['docker.io', 'index.docker.io']);

export function isLoopbackHost(hostname: string): boolean {
  const bare = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || bare === '0:0:0:0:0:0:0:1';
  return false;
}

// `https://host:port` or `host:port` (https implied); plain http only for loopback
// hosts or registries marked insecure, as Docker does.
export function parseRegistryUrl(input: string, options: ParseRegistryUrlOptions = {}): RegistryUrl {
  const raw = input.trim();
  const thing = `registry URL "${raw}"`;
  if (!raw) {
    throw new RegistryError(
      'usage',
      problem('registry URL', 'is empty', 'Give one as https://host:port or host:port.'),
    );
  }
  const givenScheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(raw)?.[1];
  if (givenScheme !== undefined && !['http', 'https'].includes(givenScheme.toLowerCase())) {
    throw new RegistryError(
      'usage',
      problem(thing, `scheme "${givenScheme}" is not a registry scheme`, 'Use https://host:port or host:port.'),
    );
  }
  let url: URL;
  try {
    url = new URL(givenScheme !== undefined ? raw : `https://${raw}`);
  } catch {
    throw new RegistryError('usage', problem(thing, 'is not a valid URL', 'Use https://host:port or host:port.'));
  }
  if (url.username || url.password) {
    // Credentials in a URL end up in shell history and process lists.
    throw new RegistryError(
      'usage',
      problem(
        `registry URL for ${url.host}`,
        'contains credentials',
        `Remove them from the URL and run "docker login ${url.host}" instead.`,
      ),
    );
  }
  if (!['', '/', '/v2', '/v2/'].includes(url.pathname) || url.search || url.hash) {
    throw new RegistryError(
      'usage',
      problem(thing, 'has a path, query or fragment', `Give only the scheme, host and port, e.g. https://${url.host}.`),
    );
  }
  const scheme = url.protocol === 'http:' ? 'http' : 'https';
  const insecure = options.insecure === true;
  if (scheme === 'http' && !insecure && !isLoopbackHost(url.hostname)) {
    throw new RegistryError(
      'usage',
      problem(
        thing,
        'plain http is only allowed for localhost, 127.0.0.0/8, ::1 or registries marked insecure',
        `Use https://${url.host}, or set "insecure: true" for it under registries: in the config file.`,
      ),
    );
  }
  let hostname = url.hostname.toLowerCase();
  let host = url.host.toLowerCase();
  if (HUB_ALIASES.has(hostname) && !url.port) {
    hostname = 'registry-1.docker.io';
    host = hostname;
  }
  const port = url.port ? Number(url.port) : scheme === 'https' ? 443 : 80;
  return {
    scheme,
    origin: `${scheme}://${host}`,
    host,
    hostname: hostname.replace(/^\[|\]$/g, ''),
    port,
    insecure,
    schemeGiven: givenScheme !== undefined,
  };
}

// The same registry over plain http, when Docker would try that after https failed.
export function plainHttpFallback(registry: RegistryUrl): RegistryUrl | undefined {
  if (registry.scheme !== 'https' || registry.schemeGiven) return undefined;
  if (!registry.insecure && !isLoopbackHost(registry.hostname)) return undefined;
  const port = registry.port === 443 ? 80 : registry.port;
  return {...registry, scheme: 'http', origin: `http://${registry.host}`, port};
}

// Docker's rule for "is the first path component a registry host": it has a dot or a colon,
// or it is localhost. Lets `berth registry tags 127.0.0.1:5000/tools/busybox` work.
export function splitRepositoryReference(reference: string): {registry?: string; repository: string} {
  const slash = reference.indexOf('/');
  if (slash > 0) {
    const first = reference.slice(0, slash);
    if (first.includes('.') || first.includes(':') || first === 'localhost' || first.startsWith('[')) {
      return {registry: first, repository: reference.slice(slash + 1)};
    }
  }
  return {repository: reference};
}

// Docker Hub keeps official images under library/: `alpine` there is `library/alpine`.
export function hubRepositoryName(registry: RegistryUrl, name: string): string {
  return registry.hostname === 'registry-1.docker.io' && !name.includes('/') ? `library/${name}` : name;
}

// Repository names follow the distribution grammar: lowercase path components separated by `/`.
const REPOSITORY_NAME = /^[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*(?:\/[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*)*$/;

export function assertRepositoryName(name: string): void {
  if (!REPOSITORY_NAME.test(name) || name.length > 255) {
    throw new RegistryError(
      'usage',
      problem(
        `repository name "${name}"`,
        'is not valid',
        'Names are lowercase letters, digits and . _ - separators, with / between path components.',
      ),
    );
  }
}

// Tags: up to 128 characters of [A-Za-z0-9_.-], not starting with . or -.
export function assertTagName(tag: string): void {
  if (!/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/.test(tag)) {
    throw new RegistryError(
      'usage',
      problem(`tag "${tag}"`, 'is not a valid tag', 'Tags are up to 128 characters of letters, digits, _ . and -.'),
    );
  }
}
