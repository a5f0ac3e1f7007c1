import type {EngineTarget, TlsMaterial} from './target.js';
import {crypto} from '../util/lazy-builtins.js';
import {engineMessage} from './engine-error.js';
import {ConnectPhaseTimeout, firstByteDeadline, type EngineTimeouts} from './limits/timed-agent.js';

type ErrorLike = {
  code?: string;
  message?: string;
  statusCode?: number;
  json?: unknown;
  reason?: string;
  name?: string;
  level?: string;
  address?: string;
  port?: number;
  hostname?: string;
};

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`);

// Turns a failed first request into one line: which engine, why, and what to change. `request` names the
// request and the limits in force, for a timeout.
export function describeConnectError(
  target: EngineTarget,
  error: unknown,
  request?: {what: string; timeouts: EngineTimeouts},
): string {
  const e = (error ?? {}) as ErrorLike;
  const code = e.code ?? '';
  const message = e.message ?? String(error);
  const where = `engine ${target.url}`;
  const tlsFiles = target.tls?.caFile ? ` (CA ${target.tls.caFile})` : '';
  if (target.kind === 'ssh') {
    const ssh = describeSshError(target, e, code, message);
    if (ssh) return `${where}: ${ssh}`;
  }

  if (error instanceof ConnectPhaseTimeout) {
    return error.phase === 'connect'
      ? `${where}: no connection within ${seconds(error.timeoutMs)}; check that the host is reachable and the port is right (a firewall may drop the packets)`
      : `${where}: connected, but the TLS handshake did not finish within ${seconds(error.timeoutMs)}; the engine (or a proxy in front of it) is not answering, or something other than a TLS engine listens on that port`;
  }
  if (request && (e.name === 'TimeoutError' || e.name === 'AbortError')) {
    return `${where}: connected, but no answer to ${request.what} within ${seconds(firstByteDeadline(request.timeouts))}; the engine (or a proxy in front of it) is stalled: check dockerd on that host`;
  }
  if (e.name === 'TimeoutError' || e.name === 'AbortError' || code === 'ETIMEDOUT') {
    return `${where}: no answer within the time limit; check that the host is reachable and the port is right`;
  }
  switch (code) {
    case 'ENOENT':
      return `${where}: no socket at ${target.socketPath}; is Docker running? (start it, or point --host/DOCKER_HOST at your engine)`;
    case 'EACCES':
      return `${where}: permission denied on ${target.socketPath}; add your user to the docker group or run as a user who may use the socket`;
    case 'ECONNREFUSED':
      return `${where}: connection refused; is dockerd listening there? (check the port, or --host/DOCKER_HOST)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `${where}: host name ${target.host} does not resolve; check the spelling or use an IP address`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `${where}: host unreachable; check the network path to ${target.host}`;
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
      return `${where}: the engine's TLS certificate is not signed by a CA berth trusts${tlsFiles}; give the engine's CA with --tlscacert or as ca.pem in DOCKER_CERT_PATH`;
    case 'CERT_HAS_EXPIRED':
      return `${where}: the engine's TLS certificate has expired; renew the server certificate on the engine host`;
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return `${where}: the engine's TLS certificate does not name ${target.host}; connect with a name or IP in its subjectAltName, or reissue it`;
    case 'EPROTO':
    case 'ECONNRESET':
      if (target.tls) {
        return `${where}: the TLS handshake failed (${shorten(message)}); does the engine speak TLS on this port, and does it accept berth's client certificate?`;
      }
      return `${where}: the connection was reset; if the engine uses TLS, add --tlsverify and its certificates (DOCKER_TLS_VERIFY=1, DOCKER_CERT_PATH)`;
  }
  // berth's own TLS files, read by OpenSSL as the connection is made: a key that is not a key, a certificate that is
  // not PEM, a key made for another certificate.
  if (target.tls && code.startsWith('ERR_OSSL_')) {
    const {certFile, keyFile} = target.tls;
    if (code === 'ERR_OSSL_X509_KEY_VALUES_MISMATCH')
      return `${where}: berth's ${named('client key', keyFile)} does not belong to its ${named('client certificate', certFile)}; give the key made with that certificate`;
    return `${where}: berth's ${unreadableTlsFile(target.tls) ?? 'TLS files'} cannot be read (${shorten(e.reason ?? message)}); give PEM files made for this engine (--tlscacert, --tlscert, --tlskey, or ca.pem, cert.pem and key.pem in DOCKER_CERT_PATH)`;
  }
  if (/certificate required|bad certificate|unknown ca|alert/i.test(message) || code.startsWith('ERR_SSL_')) {
    return `${where}: the engine refused berth's client certificate (${shorten(sslReason(message))}); use a client cert signed by the engine's CA (--tlscert/--tlskey or cert.pem/key.pem in DOCKER_CERT_PATH)`;
  }
  if (e.statusCode === 400 && /HTTP request to an HTTPS server/i.test(message)) {
    return `${where}: the engine speaks TLS on this port; add --tlsverify with its certificates (or DOCKER_TLS_VERIFY=1 and DOCKER_CERT_PATH)`;
  }
  if (typeof e.statusCode === 'number') {
    return `${where}: HTTP ${e.statusCode} ${shorten(engineMessage(error))}; is this a Docker engine endpoint?`;
  }
  return `${where}: ${shorten(message)}`;
}

// ssh:// engines: the ssh agent's own errors (SshError, code BERTH_SSH_*) already say what to do; ssh2's and the
// socket's get the ssh side of the story (sshd, not dockerd, is what listens on that port).
function describeSshError(target: EngineTarget, e: ErrorLike, code: string, message: string): string | undefined {
  if (code.startsWith('BERTH_SSH_')) return message;
  const at = e.address ? `${e.address}${e.port ? `:${e.port}` : ''}` : 'the ssh port';
  const check = `"ssh ${target.port && target.port !== 22 ? `-p ${target.port} ` : ''}${target.sshUser ? `${target.sshUser}@` : ''}${target.host} docker version"`;
  if (
    e.name === 'TimeoutError' ||
    e.name === 'AbortError' ||
    code === 'ETIMEDOUT' ||
    /Timed out while waiting for handshake/i.test(message)
  ) {
    return `no answer within the time limit; check that the host is reachable, that sshd listens on that port, and that ${check} works`;
  }
  if (/socket hang up/i.test(message))
    return `the engine closed the connection without an answer; check that ${check} works`;
  switch (code) {
    case 'ECONNREFUSED':
      return `connection refused on ${at}; is sshd listening there? (check the port in the URL, or Port in ~/.ssh/config)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host name${e.hostname ? ` ${e.hostname}` : ''} does not resolve; check the spelling (or HostName in ~/.ssh/config) or use an IP address`;
    case 'ECONNRESET':
      return `the ssh connection was reset (${shorten(message)}); is it an ssh server on that port?`;
  }
  if (/Keepalive timeout/i.test(message))
    return 'the ssh connection stopped answering (keepalive timeout); check the network path to the host';
  if (/Channel open failure/i.test(message))
    return `the ssh server refused a session (${shorten(message)}); does the account allow commands (no ForceCommand, no restricted shell)?`;
  if (e.level === 'handshake' || e.level === 'protocol' || /handshake failed|no matching/i.test(message)) {
    return `the SSH handshake failed (${shorten(message)}); the server and berth share no algorithm, or it is not an ssh server`;
  }
  return undefined;
}

// Which of the client's files OpenSSL cannot read, each tried alone.
function unreadableTlsFile(material: TlsMaterial): string | undefined {
  try {
    if (material.key) crypto().createPrivateKey(material.key);
  } catch {
    return named('client key', material.keyFile);
  }
  try {
    if (material.cert) new (crypto().X509Certificate)(material.cert);
  } catch {
    return named('client certificate', material.certFile);
  }
  return undefined;
}

const named = (what: string, file: string | undefined) => (file ? `${what} ${file}` : what);

// OpenSSL messages carry a library prefix and a source location; the alert text is what helps.
function sslReason(message: string): string {
  const alert = /alert ([a-z ]+?)(?::|$)/i.exec(message)?.[1];
  return alert === undefined ? message : `TLS alert: ${alert.trim()}`;
}

function shorten(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 160 ? `${line.slice(0, 157)}...` : line;
}
