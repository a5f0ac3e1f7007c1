import {request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions} from 'node:http';
import type {AgentOptions as HttpsAgentOptions} from 'node:https';
import {
  DEFAULT_ENGINE_TIMEOUTS,
  ENGINE_BODY_IDLE_TIMEOUT_MS,
  firstByteDeadline,
  timedAgent,
  type EngineTimeouts,
} from './limits/timed-agent.js';
import type {EngineTarget} from './target.js';
import {https} from '../util/lazy-builtins.js';
import {engineTlsOptions} from './tls-context.js';

// A request made as the process starts: its answer, and when it has left (for TLS, after the handshake).
export type Early<T> = {answer: Promise<T>; sent: Promise<void>};

// A deadline of an early request ran out: no answer, or a pause in it. Named TimeoutError, as connect-errors.ts
// reads a ping's timeout.
export class EarlyTimeout extends Error {
  constructor(
    readonly phase: 'answer' | 'body',
    readonly ms: number,
    path: string,
  ) {
    super(phase === 'answer' ? `no answer to GET ${path}` : `GET ${path} stalled`);
    this.name = 'TimeoutError';
  }
}

// A GET to the engine with Node's own http(s), for the requests made before dockerode loads (early-start.ts), each
// on its own connection, within the usual deadlines (the first byte, then the longest pause). `read` makes the
// answer of the response and its body. Undefined for SSH engines (ssh2 connects those).
export function earlyGet<T>(
  target: EngineTarget,
  path: string,
  read: (response: IncomingMessage, body: AsyncIterable<Buffer>) => Promise<T>,
  timeouts: EngineTimeouts = DEFAULT_ENGINE_TIMEOUTS,
): Early<T> | undefined {
  const options: RequestOptions = {path, method: 'GET'};
  let send = httpRequest;
  let tls: HttpsAgentOptions | undefined;
  if (target.kind === 'unix' && target.socketPath) options.socketPath = target.socketPath;
  else if (target.kind === 'tcp' && target.host) {
    Object.assign(options, {host: target.host, port: target.port});
    if (target.tls) {
      tls = {...engineTlsOptions(target.tls), keepAlive: false};
      send = https().request;
    }
  } else return undefined;
  // The session's agents' connect and TLS deadlines, and its first-byte deadline, with the same errors: a failed
  // early ping is reported as the ping through dockerode would be (connect-errors.ts).
  const agent = timedAgent(tls, timeouts.connectMs);
  let request: ClientRequest;
  try {
    request = send({...options, agent});
  } catch {
    // TLS files OpenSSL cannot read throw here, before any connection: the session connects through dockerode
    // instead, and its error, which names the file (connect-errors.ts), is shown while the UI stays up.
    agent.destroy();
    return undefined;
  }
  const firstByteMs = firstByteDeadline(timeouts);
  let timer = setTimeout(() => request.destroy(new EarlyTimeout('answer', firstByteMs, path)), firstByteMs);
  async function* body(response: IncomingMessage): AsyncIterable<Buffer> {
    for await (const chunk of response) {
      clearTimeout(timer);
      timer = setTimeout(
        () => response.destroy(new EarlyTimeout('body', ENGINE_BODY_IDLE_TIMEOUT_MS, path)),
        ENGINE_BODY_IDLE_TIMEOUT_MS,
      );
      yield chunk as Buffer;
    }
  }
  const answer = new Promise<IncomingMessage>((resolve, reject) => {
    request.once('response', resolve);
    request.once('error', reject);
  })
    .then(response => read(response, body(response)))
    .finally(() => {
      clearTimeout(timer);
      request.destroy();
      agent.destroy();
    });
  // Whoever takes the answer over reports its failure; until then it must not count as unhandled.
  answer.catch(() => {});
  const sent = new Promise<void>(resolve => {
    request.once('finish', resolve);
    request.once('close', resolve);
  });
  request.end();
  return {answer, sent};
}

// The engine's clock when it answered (whole Unix seconds, from its Date header), when it said.
export function engineClock(headers: Record<string, unknown>): number | undefined {
  const date = typeof headers.date === 'string' ? Date.parse(headers.date) : NaN;
  return Number.isFinite(date) ? Math.floor(date / 1000) : undefined;
}
