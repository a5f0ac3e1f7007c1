import {readdir, readFile} from 'node:fs/promises';
import type {SecureContext} from 'node:tls';
import {join} from 'node:path';
import {RegistryError, problem} from './errors.js';
import type {RegistryUrl} from './url.js';
import {tls} from '../util/lazy-builtins.js';

export const DEFAULT_CERTS_D = '/etc/docker/certs.d';

export interface TrustOptions {
  // --registry-ca FILE (or BERTH_REGISTRY_CA): one more CA bundle to trust for this registry.
  caFile?: string;
  // Root of Docker's per-host certificate directories; tests point it elsewhere.
  certsDir?: string;
  env?: NodeJS.ProcessEnv;
}

// What the TLS layer needs, plus where it came from so errors can say which file to fix.
export interface Trust {
  // Built once per client and shared by all its connections: a context holding hundreds of
  // roots costs 50-100 ms to build, far more than the handshake it serves.
  secureContext: SecureContext;
  cert?: string;
  key?: string;
  rejectUnauthorized: boolean;
  caFiles: string[];
  clientCertFile?: string;
  // Docker's directory for this host, whether it exists or not: where a ca.crt would go.
  hostCertsDir: string;
  caFileOption?: string;
}

export function certsDirRoot(options: TrustOptions): string {
  return options.certsDir ?? options.env?.BERTH_CERTS_D ?? DEFAULT_CERTS_D;
}

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

function splitPem(text: string): string[] {
  return text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}

const normalise = (pem: string) => pem.replace(/\s+/g, '');
const systemExtras = new Map<string, Promise<string[]>>();

// The distribution's bundle (SSL_CERT_FILE, Debian's or Red Hat's path) is mostly the Mozilla set
// Node already bundles; only the certificates Node lacks are added, which are the ones that
// matter (a private CA installed with update-ca-certificates). Read once per process.
function systemRootsNodeLacks(env: NodeJS.ProcessEnv): Promise<string[]> {
  const candidates = [
    env.SSL_CERT_FILE,
    '/etc/ssl/certs/ca-certificates.crt',
    '/etc/pki/tls/certs/ca-bundle.crt',
  ].filter((f): f is string => !!f);
  const key = candidates.join('\n');
  let pending = systemExtras.get(key);
  if (!pending) {
    pending = (async () => {
      for (const file of candidates) {
        const text = await readIfExists(file);
        if (!text) continue;
        const bundled = new Set(tls().rootCertificates.map(normalise));
        return splitPem(text).filter(pem => !bundled.has(normalise(pem)));
      }
      return [];
    })();
    systemExtras.set(key, pending);
  }
  return pending;
}

interface NativeContext {
  addCACert?: (pem: string) => void;
}

// Node's default roots (bundled Mozilla set plus NODE_EXTRA_CA_CERTS) with more CAs appended in
// place; passing `ca` instead would replace the defaults and re-parse every root per context.
function buildSecureContext(extraCas: string[], cert?: string, key?: string): SecureContext {
  const context = tls().createSecureContext({cert, key});
  const native = (context as unknown as {context?: NativeContext}).context;
  if (typeof native?.addCACert !== 'function') {
    return tls().createSecureContext({ca: [...tls().rootCertificates, ...extraCas], cert, key});
  }
  for (const pem of extraCas) native.addCACert(pem);
  return context;
}

// Docker's convention (docs.docker.com/engine/security/certificates): in certs.d/<host:port>/,
// every *.crt is a CA and a client.cert/client.key pair (any X.cert with X.key) enables mutual TLS.
async function readHostCertsDir(
  dir: string,
  host: string,
): Promise<{cas: {file: string; pem: string}[]; cert?: string; key?: string; certFile?: string}> {
  let names: string[];
  try {
    names = (await readdir(dir)).sort();
  } catch {
    return {cas: []};
  }
  const cas: {file: string; pem: string}[] = [];
  let cert: string | undefined;
  let key: string | undefined;
  let certFile: string | undefined;
  for (const name of names) {
    const file = join(dir, name);
    if (name.endsWith('.crt')) {
      const pem = await readIfExists(file);
      if (pem) cas.push({file, pem});
    } else if (name.endsWith('.cert') && !cert) {
      const keyFile = join(dir, `${name.slice(0, -'.cert'.length)}.key`);
      const keyPem = await readIfExists(keyFile);
      if (!keyPem) {
        throw new RegistryError(
          'tls',
          problem(
            `client certificate ${file} for ${host}`,
            `has no matching key ${keyFile}`,
            'Put the private key next to it, or remove the certificate.',
          ),
          {host},
        );
      }
      cert = await readIfExists(file);
      key = keyPem;
      certFile = file;
    }
  }
  return {cas, cert, key, certFile};
}

export async function loadTrust(registry: RegistryUrl, options: TrustOptions = {}): Promise<Trust> {
  const env = options.env ?? process.env;
  const hostCertsDir = join(certsDirRoot(options), registry.host);
  const extra: string[] = [];
  const caFiles: string[] = [];
  if (options.caFile) {
    const pem = await readIfExists(options.caFile);
    if (pem === undefined) {
      throw new RegistryError(
        'usage',
        problem(
          `CA file ${options.caFile}`,
          'cannot be read',
          'Check the path given to --registry-ca (or BERTH_REGISTRY_CA).',
        ),
        {host: registry.host},
      );
    }
    if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
      throw new RegistryError(
        'usage',
        problem(
          `CA file ${options.caFile}`,
          'holds no PEM certificate',
          'Give a file with -----BEGIN CERTIFICATE----- blocks.',
        ),
        {host: registry.host},
      );
    }
    extra.push(pem);
    caFiles.push(options.caFile);
  }
  const fromDir = await readHostCertsDir(hostCertsDir, registry.host);
  for (const {file, pem} of fromDir.cas) {
    extra.push(pem);
    caFiles.push(file);
  }
  const secureContext = buildSecureContext([...(await systemRootsNodeLacks(env)), ...extra], fromDir.cert, fromDir.key);
  return {
    secureContext,
    cert: fromDir.cert,
    key: fromDir.key,
    clientCertFile: fromDir.certFile,
    // Docker's insecure-registries semantics: certificate errors are ignored for such hosts.
    rejectUnauthorized: !registry.insecure,
    caFiles,
    hostCertsDir,
    caFileOption: options.caFile,
  };
}
