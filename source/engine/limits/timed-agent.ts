import {Agent as HttpAgent, type Agent} from 'node:http';
import type {Agent as HttpsAgent, AgentOptions as HttpsAgentOptions} from 'node:https';
import type {Socket} from 'node:net';
import type {Duplex} from 'node:stream';
import {https} from '../../util/lazy-builtins.js';

// A TCP engine that accepts the connection and then sends nothing (a hung dockerd, a proxy with nothing behind
// it, a firewall that swallows packets) would otherwise hold berth's start for as long as the OS keeps trying.
// Time to connect (TCP, and the TLS handshake for https engines), per connection:
export const ENGINE_CONNECT_TIMEOUT_MS = 10_000;
// Time from sending a request to the first byte of the answer, for /version when berth connects, and for the
// container list and inspect calls (log follows and the event stream wait for data by design and have none):
export const ENGINE_FIRST_BYTE_TIMEOUT_MS = 15_000;

// Answers that stop in the middle (the container list, an inspect result): the longest pause between bytes.
export const ENGINE_BODY_IDLE_TIMEOUT_MS = 15_000;

export type EngineTimeouts = {connectMs: number; firstByteMs: number};

// A request's clock starts before its connection is made, so the first-byte deadline leaves room for connecting:
// a slow connect is then reported as one, not as a missing answer.
export function firstByteDeadline(timeouts: EngineTimeouts): number {
  return Math.max(timeouts.firstByteMs, timeouts.connectMs + 1000);
}
export const DEFAULT_ENGINE_TIMEOUTS: EngineTimeouts = {
  connectMs: ENGINE_CONNECT_TIMEOUT_MS,
  firstByteMs: ENGINE_FIRST_BYTE_TIMEOUT_MS,
};

// The error a socket is destroyed with when a phase of the connection runs out of time; connect-errors.ts turns
// it into a message naming the engine.
export class ConnectPhaseTimeout extends Error {
  readonly code = 'BERTH_CONNECT_TIMEOUT';
  constructor(
    readonly phase: 'connect' | 'tls',
    readonly timeoutMs: number,
  ) {
    super(
      phase === 'connect'
        ? `no TCP connection within ${timeoutMs} ms`
        : `TLS handshake not finished within ${timeoutMs} ms`,
    );
    this.name = 'ConnectPhaseTimeout';
  }
}

function watchConnect(socket: Duplex, tls: boolean, timeoutMs: number): void {
  const net = socket as Socket;
  let phase: 'connect' | 'tls' = net.connecting ? 'connect' : 'tls';
  const timer = setTimeout(() => socket.destroy(new ConnectPhaseTimeout(phase, timeoutMs)), timeoutMs);
  timer.unref();
  const done = () => clearTimeout(timer);
  if (tls) {
    net.once('connect', () => (phase = 'tls'));
    socket.once('secureConnect', done);
  } else {
    net.once('connect', done);
  }
  socket.once('close', done);
  socket.once('error', done);
}

// Agents whose every new connection must connect (and finish the TLS handshake) within connectMs. Known by their
// class, so that code opening its own connections (engine/http/raw-get.ts) can tell berth's agents from others
// (SSH's). The TLS one is made when first needed (util/lazy-builtins.ts).
export type TimedHttpsAgent = HttpsAgent & {options: HttpsAgentOptions};
let timedHttpsAgent: (new (options: HttpsAgentOptions, connectMs: number) => TimedHttpsAgent) | undefined;

function timedHttpsAgentClass(): NonNullable<typeof timedHttpsAgent> {
  timedHttpsAgent ??= class TimedHttpsAgent extends https().Agent {
    constructor(
      options: HttpsAgentOptions,
      private readonly connectMs: number,
    ) {
      super(options);
    }

    override createConnection(...args: Parameters<HttpsAgent['createConnection']>) {
      const socket = super.createConnection(...args);
      if (socket) watchConnect(socket, true, this.connectMs);
      return socket;
    }
  } as unknown as NonNullable<typeof timedHttpsAgent>;
  return timedHttpsAgent;
}

export const isTimedHttpsAgent = (agent: unknown): agent is TimedHttpsAgent =>
  timedHttpsAgent !== undefined && agent instanceof timedHttpsAgent;

export class TimedHttpAgent extends HttpAgent {
  constructor(private readonly connectMs: number) {
    super({keepAlive: true, maxFreeSockets: 4});
  }

  override createConnection(...args: Parameters<HttpAgent['createConnection']>) {
    const socket = super.createConnection(...args);
    if (socket) watchConnect(socket, false, this.connectMs);
    return socket;
  }
}

export function timedAgent(tls: HttpsAgentOptions | undefined, connectMs: number): Agent {
  return tls ? new (timedHttpsAgentClass())(tls, connectMs) : new TimedHttpAgent(connectMs);
}
