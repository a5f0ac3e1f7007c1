import { readdir, readFile } from 'node:fs/promises';
import { rootCertificates } from 'node:tls';
import { join } from 'node:path';
import { RegistryError, problem } from './errors.js';
import type { RegistryUrl } from './url.js';

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
  // undefined: Node's defaults (bundled roots plus NODE_EXTRA_CA_CERTS).
  ca?: string[];
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

// Passing `ca` to Node replaces its trust store, so the system roots have to be added back:
// the bundled Mozilla set, the distribution's bundle (SSL_CERT_FILE or Debian's/Red Hat's path)
// and NODE_EXTRA_CA_CERTS.
async function systemRoots(env: NodeJS.ProcessEnv): Promise<string[]> {
  const roots = [...rootCertificates];
  const files = [env.SSL_CERT_FILE, '/etc/ssl/certs/ca-certificates.crt', '/etc/pki/tls/certs/ca-bundle.crt', env.NODE_EXTRA_CA_CERTS];
  for (const file of files) {
    if (!file) continue;
    const text = await readIfExists(file);
    if (text) roots.push(text);
    if (text && file !== env.NODE_EXTRA_CA_CERTS) break;
  }
  return roots;
}

// Docker's convention (docs.docker.com/engine/security/certificates): in certs.d/<host:port>/,
// every *.crt is a CA and a client.cert/client.key pair (any X.cert with X.key) enables mutual TLS.
async function readHostCertsDir(dir: string, host: string): Promise<{ cas: { file: string; pem: string }[]; cert?: string; key?: string; certFile?: string }> {
  let names: string[];
  try {
    names = (await readdir(dir)).sort();
  } catch {
    return { cas: [] };
  }
  const cas: { file: string; pem: string }[] = [];
  let cert: string | undefined;
  let key: string | undefined;
  let certFile: string | undefined;
  for (const name of names) {
    const file = join(dir, name);
    if (name.endsWith('.crt')) {
      const pem = await readIfExists(file);
      if (pem) cas.push({ file, pem });
    } else if (name.endsWith('.cert') && !cert) {
      const keyFile = join(dir, `${name.slice(0, -'.cert'.length)}.key`);
      const keyPem = await readIfExists(keyFile);
      if (!keyPem) {
        throw new RegistryError('tls', problem(`client certificate ${file} for ${host}`, `has no matching key ${keyFile}`, 'Put the private key next to it, or remove the certificate.'), { host });
      }
      cert = await readIfExists(file);
      key = keyPem;
      certFile = file;
    }
  }
  return { cas, cert, key, certFile };
}

export async function loadTrust(registry: RegistryUrl, options: TrustOptions = {}): Promise<Trust> {
  const env = options.env ?? process.env;
  const hostCertsDir = join(certsDirRoot(options), registry.host);
  const extra: string[] = [];
  const caFiles: string[] = [];
  if (options.caFile) {
    const pem = await readIfExists(options.caFile);
    if (pem === undefined) {
      throw new RegistryError('usage', problem(`CA file ${options.caFile}`, 'cannot be read', 'Check the path given to --registry-ca (or BERTH_REGISTRY_CA).'), { host: registry.host });
    }
    if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
      throw new RegistryError('usage', problem(`CA file ${options.caFile}`, 'holds no PEM certificate', 'Give a file with -----BEGIN CERTIFICATE----- blocks.'), { host: registry.host });
    }
    extra.push(pem);
    caFiles.push(options.caFile);
  }
  const fromDir = await readHostCertsDir(hostCertsDir, registry.host);
  for (const { file, pem } of fromDir.cas) {
    extra.push(pem);
    caFiles.push(file);
  }
  return {
    ca: extra.length ? [...(await systemRoots(env)), ...extra] : undefined,
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
