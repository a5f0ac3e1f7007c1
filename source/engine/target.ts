import {existsSync, readFileSync} from 'node:fs';
import {isIP} from 'node:net';
import {homedir} from 'node:os';
import {join} from 'node:path';
import {UsageError} from '../errors.js';
import {loadContext, readCurrentContext} from './contexts.js';

// What the user asked for on the command line; every field is optional.
export type ConnectionFlags = {
  host?: string;
  context?: string;
  tlsverify?: boolean;
  tlscacert?: string;
  tlscert?: string;
  tlskey?: string;
};

export type TlsMaterial = {
  verify: boolean;
  caFile?: string;
  certFile?: string;
  keyFile?: string;
  ca?: Buffer;
  cert?: Buffer;
  key?: Buffer;
};

export type EngineTarget = {
  // As the user would write it, e.g. tcp://10.0.0.5:2375; shown in the header.
  url: string;
  kind: 'unix' | 'tcp' | 'ssh';
  socketPath?: string;
  host?: string;
  port?: number;
  sshUser?: string;
  tls?: TlsMaterial;
  context: string;
  source: 'flag' | 'DOCKER_HOST' | 'context' | 'default';
  // Plain TCP to a host that is not loopback: works, but the header marks it.
  unencrypted: boolean;
};

const DEFAULT_SOCKET = '/var/run/docker.sock';

export function resolveEngineTarget(flags: ConnectionFlags, env: NodeJS.ProcessEnv): EngineTarget {
  if (flags.host && flags.context) {
    throw new UsageError('--host and --context both given: choose one (the context names its own host)');
  }
  if (flags.host) return fromHost(flags.host, '--host', 'flag', tlsFromFlagsAndEnv(flags, env), 'default');
  // The docker CLI's order: --host, then --context, then DOCKER_HOST, then DOCKER_CONTEXT and the config's
  // currentContext (a context named on the command line is the user's latest word; DOCKER_HOST the shell's).
  if (env.DOCKER_HOST && !flags.context)
    return fromHost(env.DOCKER_HOST, 'DOCKER_HOST', 'DOCKER_HOST', tlsFromFlagsAndEnv(flags, env), 'default');

  const contextName = flags.context || env.DOCKER_CONTEXT || readCurrentContext(env);
  if (contextName && contextName !== 'default') {
    const where = flags.context ? '--context' : env.DOCKER_CONTEXT ? 'DOCKER_CONTEXT' : 'currentContext';
    const context = loadContext(contextName, env);
    const tls = context.tlsDir
      ? loadTls({verify: !context.skipTlsVerify, ...certFiles(context.tlsDir)}, `context "${context.name}"`)
      : undefined;
    const target = fromHost(context.host, `context "${context.name}" (from ${where})`, 'context', tls, context.name);
    return target;
  }

  const userSocket = join(homedir(), '.docker', 'run', 'docker.sock');
  const socketPath = existsSync(userSocket) ? userSocket : DEFAULT_SOCKET;
  return {
    url: `unix://${socketPath}`,
    kind: 'unix',
    socketPath,
    context: 'default',
    source: 'default',
    unencrypted: false,
  };
}

function certFiles(dir: string) {
  return {caFile: join(dir, 'ca.pem'), certFile: join(dir, 'cert.pem'), keyFile: join(dir, 'key.pem')};
}

// The docker CLI turns TLS on for any non-empty DOCKER_TLS_VERIFY (modem only for '1'); explicit cert flags
// also mean TLS, since nobody passes a CA file to talk plain HTTP.
function tlsFromFlagsAndEnv(flags: ConnectionFlags, env: NodeJS.ProcessEnv): TlsMaterial | undefined {
  const verify = Boolean(flags.tlsverify || env.DOCKER_TLS_VERIFY);
  const explicit = Boolean(flags.tlscacert || flags.tlscert || flags.tlskey);
  const tlsNoVerify = Boolean(env.DOCKER_TLS);
  if (!verify && !explicit && !tlsNoVerify) return undefined;
  const dir = env.DOCKER_CERT_PATH || join(homedir(), '.docker');
  const defaults = certFiles(dir);
  const material: TlsMaterial = {
    verify: verify || Boolean(flags.tlscacert),
    caFile: flags.tlscacert || defaults.caFile,
    certFile: flags.tlscert || defaults.certFile,
    keyFile: flags.tlskey || defaults.keyFile,
  };
  const origin = explicit ? 'TLS flags' : env.DOCKER_CERT_PATH ? `DOCKER_CERT_PATH=${dir}` : `default cert path ${dir}`;
  return loadTls(material, origin, {
    ca: Boolean(flags.tlscacert) || material.verify,
    cert: Boolean(flags.tlscert),
    key: Boolean(flags.tlskey),
  });
}

function loadTls(material: TlsMaterial, origin: string, required = {ca: true, cert: false, key: false}): TlsMaterial {
  const read = (file: string | undefined, what: string, mustExist: boolean): Buffer | undefined => {
    if (!file) return undefined;
    if (!existsSync(file)) {
      if (!mustExist) return undefined;
      throw new UsageError(
        `TLS ${what} ${file} (from ${origin}): file not found; point --tls${what === 'CA certificate' ? 'cacert' : what === 'client certificate' ? 'cert' : 'key'} or DOCKER_CERT_PATH at the right file`,
      );
    }
    try {
      return readFileSync(file);
    } catch (error) {
      throw new UsageError(
        `TLS ${what} ${file} (from ${origin}): cannot read it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); check its permissions`,
      );
    }
  };
  const ca = read(material.caFile, 'CA certificate', required.ca && material.verify);
  const cert = read(material.certFile, 'client certificate', required.cert);
  const key = read(material.keyFile, 'client key', required.key || Boolean(cert));
  if (Boolean(cert) !== Boolean(key)) {
    throw new UsageError(
      `TLS client certificate and key (from ${origin}): one is missing; give both --tlscert and --tlskey`,
    );
  }
  return {
    ...material,
    caFile: ca ? material.caFile : undefined,
    certFile: cert ? material.certFile : undefined,
    keyFile: key ? material.keyFile : undefined,
    ca,
    cert,
    key,
  };
}

function fromHost(
  raw: string,
  where: string,
  source: EngineTarget['source'],
  tls: TlsMaterial | undefined,
  context: string,
): EngineTarget {
  const value = raw.trim();
  if (value.startsWith('unix://')) {
    const socketPath = value.slice('unix://'.length);
    if (!socketPath.startsWith('/')) {
      throw new UsageError(`${where} "${raw}": a unix socket needs an absolute path, e.g. unix:///var/run/docker.sock`);
    }
    return {url: value, kind: 'unix', socketPath, context, source, unencrypted: false};
  }
  if (value.startsWith('npipe://')) {
    throw new UsageError(`${where} "${raw}": named pipes exist only on Windows; use unix://, tcp:// or ssh://`);
  }
  // Like the CLI, a bare host:port means tcp.
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `tcp://${value}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    throw new UsageError(
      `${where} "${raw}": not a valid engine URL; use unix:///path, tcp://host:port or ssh://user@host[:port]`,
    );
  }
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (!hostname) throw new UsageError(`${where} "${raw}": no host name; use tcp://host:port or ssh://user@host`);
  if (url.protocol === 'ssh:') {
    const port = url.port ? Number(url.port) : 22;
    return {
      url: `ssh://${url.username ? `${decodeURIComponent(url.username)}@` : ''}${url.host}`,
      kind: 'ssh',
      host: hostname,
      port,
      sshUser: url.username ? decodeURIComponent(url.username) : undefined,
      context,
      source,
      unencrypted: false,
    };
  }
  if (url.protocol !== 'tcp:' && url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new UsageError(`${where} "${raw}": unsupported scheme ${url.protocol}//; use unix://, tcp:// or ssh://`);
  }
  if (!url.port) {
    throw new UsageError(
      `${where} "${raw}": no port; add one, e.g. tcp://${url.host}:2376 for TLS or tcp://${url.host}:2375 (berth never guesses port 80)`,
    );
  }
  if (url.pathname && url.pathname !== '/') {
    throw new UsageError(`${where} "${raw}": paths after the port are not supported; use tcp://host:port`);
  }
  const https = url.protocol === 'https:' || Boolean(tls);
  return {
    url: `tcp://${url.host}`,
    kind: 'tcp',
    host: hostname,
    port: Number(url.port),
    tls: https ? (tls ?? {verify: false}) : undefined,
    context,
    source,
    unencrypted: !https && !isLoopback(hostname),
  };
}

export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host === '::1') return true;
  return isIP(host) === 4 && host.startsWith('127.');
}

export function describeTarget(target: EngineTarget): string {
  const tls =
    target.kind === 'tcp'
      ? target.tls
        ? target.tls.verify
          ? 'TLS'
          : 'TLS (no verify)'
        : 'plain'
      : target.kind === 'ssh'
        ? 'ssh'
        : 'socket';
  return `${target.url} ${tls}`;
}
