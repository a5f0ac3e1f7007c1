import {execFileSync, spawn, type ChildProcess} from 'node:child_process';
import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {createServer} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {Agent, request} from 'undici';
import {commandExists} from './commands.js';
import {issueLeaf, makeCa, type Leaf, type TestCa} from './registry-pki.js';

// Real `docker-registry serve` instances (Debian's distribution 2.8) for the integration tests,
// each on its own port with its own CA, storage and auth, so they never race the bench registry.

export interface RegistryServerOptions {
  // htpasswd Basic auth with these users (bcrypt hashes made here).
  htpasswd?: Record<string, string>;
  // Token auth: realm/service/issuer and the PEM bundle of certificates that may sign tokens.
  token?: {realm: string; service: string; issuer: string; rootCertBundle: string};
  // Require client certificates signed by the registry's CA (mutual TLS).
  clientCerts?: boolean;
  // Serve an expired certificate (the registry still starts; clients must refuse it).
  expiredCert?: boolean;
  // subjectAltName of the server certificate.
  certNames?: string[];
  // Tags list/catalog limits.
  maxEntries?: number;
  // Run without storage.delete.enabled, as distribution does by default: DELETE answers 405 UNSUPPORTED.
  deleteDisabled?: boolean;
}

export interface RunningRegistry {
  url: string;
  host: string;
  port: number;
  dir: string;
  ca: TestCa;
  caFile: string;
  storage: string;
  // Where repositories live on disk (…/docker/registry/v2/repositories).
  repositories: string;
  issue(name: string, names?: string[]): Leaf;
  stop(): Promise<void>;
}

// BERTH_DOCKER_REGISTRY points at another build of the registry (distribution's `registry`, say).
export const REGISTRY_BINARY = process.env.BERTH_DOCKER_REGISTRY || 'docker-registry';

export function registryBinaryAvailable(): boolean {
  return commandExists(REGISTRY_BINARY);
}

// Integration tests run where the binary is; its absence is a failure, never a skip (npm test installs it through scripts/testbed.sh).
export function shouldRunRegistryTests(): boolean {
  if (registryBinaryAvailable()) return true;
  throw new Error(
    `${REGISTRY_BINARY} is not installed: install it (apt-get install -y docker-registry) so the registry integration tests can run`,
  );
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const {port} = server.address() as {port: number};
      server.close(() => resolve(port));
    });
  });
}

// distribution's htpasswd wants bcrypt. libxcrypt's crypt(3) makes it, reachable from perl
// (always on Debian); apache2-utils' htpasswd is the fallback.
export function bcryptHash(password: string): string {
  const salt = Array.from(
    {length: 22},
    () => './ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'[Math.floor(Math.random() * 64)],
  ).join('');
  try {
    const hash = execFileSync('perl', ['-e', 'print crypt($ARGV[0], $ARGV[1])', password, `$2b$05$${salt}`], {
      encoding: 'utf8',
    });
    if (hash.startsWith('$2b$')) return hash;
  } catch {
    // fall through
  }
  const line = execFileSync('htpasswd', ['-nbB', '-C', '5', 'x', password], {encoding: 'utf8'}).trim();
  return line.slice(line.indexOf(':') + 1);
}

function configYaml(
  options: RegistryServerOptions,
  paths: {storage: string; cert: string; key: string; ca: string; htpasswd: string},
  port: number,
): string {
  const lines = [
    'version: 0.1',
    'log:',
    '  level: error',
    '  accesslog:',
    '    disabled: true',
    'storage:',
    '  filesystem:',
    `    rootdirectory: ${paths.storage}`,
    '  delete:',
    `    enabled: ${options.deleteDisabled ? 'false' : 'true'}`,
    '  maintenance:',
    '    uploadpurging:',
    '      enabled: false',
    'http:',
    `  addr: 127.0.0.1:${port}`,
    '  tls:',
    `    certificate: ${paths.cert}`,
    `    key: ${paths.key}`,
  ];
  if (options.clientCerts) lines.push('    clientcas:', `      - ${paths.ca}`);
  if (options.htpasswd) lines.push('auth:', '  htpasswd:', '    realm: berth-test', `    path: ${paths.htpasswd}`);
  if (options.token) {
    lines.push(
      'auth:',
      '  token:',
      `    realm: ${options.token.realm}`,
      `    service: ${options.token.service}`,
      `    issuer: ${options.token.issuer}`,
      `    rootcertbundle: ${options.token.rootCertBundle}`,
    );
  }
  if (options.maxEntries) lines.push('catalog:', `  maxentries: ${options.maxEntries}`);
  return `${lines.join('\n')}\n`;
}

async function waitUntilServing(
  url: string,
  ca: string,
  child: ChildProcess,
  log: () => string,
  client?: Leaf,
): Promise<void> {
  const tlsClient = client ? {cert: readFileSync(client.cert), key: readFileSync(client.key)} : {};
  const agent = new Agent({connect: {ca, rejectUnauthorized: false, ...tlsClient}});
  const deadline = Date.now() + 15_000;
  try {
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`docker-registry exited with ${child.exitCode}: ${log()}`);
      try {
        const response = await request(`${url}/v2/`, {dispatcher: agent});
        await response.body.dump();
        return;
      } catch {
        await new Promise(resolve => setTimeout(resolve, 50));
      }
    }
    throw new Error(`docker-registry did not answer on ${url} within 15 s: ${log()}`);
  } finally {
    await agent.close();
  }
}

export async function startRegistry(
  options: RegistryServerOptions = {},
  existing?: {dir: string; ca: TestCa},
): Promise<RunningRegistry> {
  const dir = existing?.dir ?? mkdtempSync(join(tmpdir(), 'berth-registry-'));
  const ca = existing?.ca ?? makeCa(join(dir, 'pki'));
  const port = await freePort();
  const server = issueLeaf(ca, `server-${port}`, {names: options.certNames, expired: options.expiredCert});
  const storage = join(dir, 'storage');
  mkdirSync(storage, {recursive: true});
  const htpasswd = join(dir, 'htpasswd');
  if (options.htpasswd) {
    writeFileSync(
      htpasswd,
      Object.entries(options.htpasswd)
        .map(([user, password]) => `${user}:${bcryptHash(password)}\n`)
        .join(''),
    );
  }
  const config = join(dir, `config-${port}.yml`);
  writeFileSync(
    config,
    configYaml(options, {storage, cert: server.cert, key: server.key, ca: ca.cert, htpasswd}, port),
  );
  const logFile = join(dir, `registry-${port}.log`);
  const output: Buffer[] = [];
  const child = spawn(REGISTRY_BINARY, ['serve', config], {stdio: ['ignore', 'pipe', 'pipe']});
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk));
  const log = () => Buffer.concat(output).toString('utf8').slice(-2000);
  const url = `https://127.0.0.1:${port}`;
  try {
    const probeClient = options.clientCerts ? issueLeaf(ca, `probe-${port}`) : undefined;
    await waitUntilServing(url, readFileSync(ca.cert, 'utf8'), child, log, probeClient);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    url,
    host: `127.0.0.1:${port}`,
    port,
    dir,
    ca,
    caFile: ca.cert,
    storage,
    repositories: join(storage, 'docker/registry/v2/repositories'),
    issue: (name, names) => issueLeaf(ca, name, {names}),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise(resolve => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise(resolve => setTimeout(resolve, 3000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      writeFileSync(logFile, Buffer.concat(output));
      if (!existing) rmSync(dir, {recursive: true, force: true});
    },
  };
}
