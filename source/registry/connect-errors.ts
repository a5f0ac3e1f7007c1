import type {PeerCertificate} from 'node:tls';
import {RegistryError, problem} from './errors.js';
import type {Trust} from './trust.js';
import {tls} from '../util/lazy-builtins.js';

const UNKNOWN_CA = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
]);

interface ErrorWithCode extends Error {
  code?: string;
  reason?: string;
  cert?: PeerCertificate;
}

// undici sometimes wraps the socket's error; the code that explains it may sit in a cause.
function rootCause(error: unknown): ErrorWithCode | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const withCode = current as ErrorWithCode;
    if (withCode.code && !withCode.code.startsWith('UND_ERR_SOCKET')) return withCode;
    current = (current as {cause?: unknown}).cause;
  }
  return error instanceof Error ? error : undefined;
}

export interface PeerSummary {
  names?: string;
  validTo?: string;
  validFrom?: string;
  issuer?: string;
}

// After a verification failure, look at the certificate without trusting it, to say what it
// is for and when it expires. Diagnostics only: nothing is sent over this connection.
export function probePeerCertificate(
  hostname: string,
  port: number,
  timeoutMs = 3000,
): Promise<PeerSummary | undefined> {
  return new Promise(resolve => {
    const socket = tls().connect({
      host: hostname,
      port,
      servername: isIpLike(hostname) ? undefined : hostname,
      rejectUnauthorized: false,
    });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(undefined);
    }, timeoutMs);
    socket.once('secureConnect', () => {
      const cert = socket.getPeerCertificate();
      clearTimeout(timer);
      socket.destroy();
      if (!cert || !cert.subject) return resolve(undefined);
      resolve({
        names: cert.subjectaltname || (cert.subject.CN ? `CN=${[cert.subject.CN].flat().join(',')}` : undefined),
        validTo: cert.valid_to,
        validFrom: cert.valid_from,
        issuer: [cert.issuer?.CN].flat()[0],
      });
    });
    socket.once('error', () => {
      clearTimeout(timer);
      resolve(undefined);
    });
  });
}

// With TLS 1.3 a server that wants a client certificate only says so after the handshake, and
// undici reports just "other side closed". One bare request on a fresh socket reveals the alert.
export function probeTlsAlert(
  hostname: string,
  port: number,
  trust: Trust,
  timeoutMs = 3000,
): Promise<string | undefined> {
  return new Promise(resolve => {
    const socket = tls().connect({
      host: hostname,
      port,
      servername: isIpLike(hostname) ? undefined : hostname,
      rejectUnauthorized: false,
      cert: trust.cert,
      key: trust.key,
    });
    const done = (alert: string | undefined) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(alert);
    };
    const timer = setTimeout(() => done(undefined), timeoutMs);
    socket.once('secureConnect', () =>
      socket.write(`GET /v2/ HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`),
    );
    socket.once('data', () => done(undefined));
    socket.once('error', (error: ErrorWithCode) => done(error.code ?? error.message));
    socket.once('close', () => done(undefined));
  });
}

function isIpLike(hostname: string): boolean {
  return /^[\d.]+$/.test(hostname) || hostname.includes(':');
}

export interface ConnectTarget {
  // host[:port] for messages
  host: string;
  hostname: string;
  port: number;
  scheme: 'https' | 'http';
}

// Turns a failed connection into one line naming the host, the reason and the file or setting
// that would fix it (docs/contract.md, "Registries").
export async function explainConnectError(
  error: unknown,
  target: ConnectTarget,
  trust: Trust,
  probe = probePeerCertificate,
  context?: {request: string; timeouts: {connectMs: number; firstByteMs: number; idleMs: number}},
): Promise<RegistryError> {
  const cause = rootCause(error);
  let code = cause?.code ?? '';
  let message = cause?.message ?? String(error);
  if (target.scheme === 'https' && (code === 'UND_ERR_SOCKET' || code === 'ECONNRESET')) {
    const alert = await probeTlsAlert(target.hostname, target.port, trust);
    if (alert && /ALERT/.test(alert)) [code, message] = [alert, alert];
  }
  const host = target.host;
  const thing = `registry ${host}`;
  const opts = {host, cause: error};
  const caFix = trust.caFiles.length
    ? `None of the trusted CA files (${trust.caFiles.join(', ')}) signed it: put the CA that did at ${trust.hostCertsDir}/ca.crt, or pass --registry-ca FILE.`
    : `Save the registry's CA certificate as ${trust.hostCertsDir}/ca.crt, or pass --registry-ca FILE.`;

  if (UNKNOWN_CA.has(code)) {
    const peer = await probe(target.hostname, target.port);
    const issuer = peer?.issuer ? `, issued by "${peer.issuer}"` : '';
    return new RegistryError(
      'tls',
      problem(thing, `TLS certificate not trusted: unknown CA (${message}${issuer})`, caFix),
      {...opts, reason: 'unknown-ca'},
    );
  }
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') {
    const peer = await probe(target.hostname, target.port);
    const when =
      code === 'CERT_HAS_EXPIRED'
        ? `expired${peer?.validTo ? ` on ${peer.validTo}` : ''}`
        : `not valid yet${peer?.validFrom ? ` (valid from ${peer.validFrom})` : ''}`;
    return new RegistryError(
      'tls',
      problem(
        thing,
        `TLS certificate ${when}`,
        "Renew the registry's certificate (its http.tls.certificate file), or check this machine's clock.",
      ),
      {...opts, reason: 'expired'},
    );
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    const names = cause?.cert?.subjectaltname ?? (await probe(target.hostname, target.port))?.names ?? 'other names';
    return new RegistryError(
      'tls',
      problem(
        thing,
        `TLS certificate has the wrong name: it is for ${names}, not ${target.hostname}`,
        `Connect with a name the certificate holds, or reissue it with ${target.hostname} in its subjectAltName.`,
      ),
      {...opts, reason: 'wrong-name'},
    );
  }
  if (
    /certificate required|alert bad certificate|ALERT_CERTIFICATE_REQUIRED|ALERT_BAD_CERTIFICATE/i.test(
      `${code} ${message}`,
    )
  ) {
    const fix = trust.clientCertFile
      ? `The registry rejected the client certificate ${trust.clientCertFile}: use one signed by a CA it trusts.`
      : `Put a client certificate and key at ${trust.hostCertsDir}/client.cert and ${trust.hostCertsDir}/client.key.`;
    return new RegistryError('tls', problem(thing, 'the registry requires a client certificate (mutual TLS)', fix), {
      ...opts,
      reason: 'client-certificate',
    });
  }
  if (
    /wrong version number|packet length too long|http request/i.test(message) ||
    code === 'ERR_SSL_WRONG_VERSION_NUMBER'
  ) {
    return new RegistryError(
      'tls',
      problem(
        thing,
        'answers plain HTTP, not HTTPS',
        `Use http://${host} if it is on this machine, or mark it insecure: true in the config file.`,
      ),
      {...opts, reason: 'plain-http'},
    );
  }
  if (code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS') || code === 'EPROTO') {
    return new RegistryError(
      'tls',
      problem(thing, `TLS handshake failed (${message})`, "Check the registry's TLS settings."),
      opts,
    );
  }
  if (code === 'ECONNREFUSED') {
    return new RegistryError(
      'network',
      problem(
        thing,
        `connection refused at ${target.scheme}://${host}`,
        'Check that the registry is running and the port is right.',
      ),
      opts,
    );
  }
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
    return new RegistryError(
      'network',
      problem(thing, `host name ${target.hostname} does not resolve`, "Check the spelling, or this machine's DNS."),
      opts,
    );
  }
  const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);
  const stalled = 'The registry (or a proxy in front of it) is stalled: check it, or try again later.';
  if (context && code === 'UND_ERR_CONNECT_TIMEOUT') {
    const handshake = target.scheme === 'https' ? ' (TCP connect and TLS handshake)' : '';
    return new RegistryError(
      'network',
      problem(
        thing,
        `no connection within ${seconds(context.timeouts.connectMs)}${handshake}`,
        'Check that the host is reachable and the port is right, or that it speaks TLS there.',
      ),
      opts,
    );
  }
  if (context && code === 'UND_ERR_HEADERS_TIMEOUT') {
    return new RegistryError(
      'network',
      problem(
        thing,
        `connected, but no answer to ${context.request} within ${seconds(context.timeouts.firstByteMs)}`,
        stalled,
      ),
      opts,
    );
  }
  if (context && code === 'UND_ERR_BODY_TIMEOUT') {
    return new RegistryError(
      'network',
      problem(
        thing,
        `the answer to ${context.request} stopped arriving (nothing for ${seconds(context.timeouts.idleMs)})`,
        stalled,
      ),
      opts,
    );
  }
  if (
    code === 'UND_ERR_CONNECT_TIMEOUT' ||
    code === 'ETIMEDOUT' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT'
  ) {
    return new RegistryError(
      'network',
      problem(thing, 'timed out', 'Check the network path to it, or try again (large catalogs can be slow).'),
      opts,
    );
  }
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') {
    return new RegistryError(
      'network',
      problem(
        thing,
        'closed the connection',
        'Try again; if it persists, check the registry or a proxy in front of it.',
      ),
      opts,
    );
  }
  return new RegistryError(
    'network',
    problem(thing, `request failed (${code ? `${code}: ` : ''}${message})`, 'Check that the registry is reachable.'),
    opts,
  );
}
