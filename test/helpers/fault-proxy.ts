import {createConnection, createServer, type Server, type Socket} from 'node:net';
import type {AddressInfo} from 'node:net';

// A TCP proxy in front of a real peer (the bench engine, the bench registry) that misbehaves on demand, for the
// faults a healthy peer never shows:
// - pass: a transparent proxy (the control case);
// - blackhole: accepts the connection, reads everything, sends nothing (a peer that hangs; with TLS the handshake
//   never finishes);
// - drip: forwards the client's bytes, and the peer's bytes one at a time, one every `dripMs` (a crawling link);
// - cut: accepts, then resets the connection at once;
// - hold-response: forwards everything until the client has sent its first request, then withholds the peer's
//   answer (a peer that takes the request and never answers). With TLS (`tls: true`) the request is the client's
//   second application-data record (TLS 1.3: the first is its Finished message).
export type FaultMode = 'pass' | 'blackhole' | 'drip' | 'cut' | 'hold-response';

export interface FaultProxy {
  url(scheme: string): string;
  host: string;
  port: number;
  mode: FaultMode;
  // Connections accepted so far.
  accepted: number;
  // Bytes the peer sent through the proxy so far ('pass' mode).
  peerBytes: number;
  // The peer goes away mid-answer: once it has sent `bytes` more bytes (over all connections), every open
  // connection is reset and new ones are refused with a reset (mode 'cut') until the mode is set back.
  cutAfter(bytes: number): Promise<void>;
  close(): Promise<void>;
}

const TLS_APPLICATION_DATA = 23;

// Counts TLS records of one type in a byte stream that arrives in arbitrary pieces.
function recordCounter(type: number): (chunk: Buffer) => number {
  let pending = Buffer.alloc(0);
  let skip = 0;
  let count = 0;
  return chunk => {
    let data = Buffer.concat([pending, chunk]);
    for (;;) {
      if (skip > 0) {
        const take = Math.min(skip, data.length);
        skip -= take;
        data = data.subarray(take);
      }
      if (skip > 0 || data.length < 5) break;
      if (data[0] === type) count++;
      skip = data.readUInt16BE(3);
      data = data.subarray(5);
    }
    pending = Buffer.from(data);
    return count;
  };
}

// Runs each action `ms` after it was asked for, strictly in the order asked: one timer per action would not do, as
// Node may run two timers due in the same turn of its loop in either order (a chunk and the close after it).
function delayed(ms: number, timers: Set<NodeJS.Timeout>): (action: () => void) => void {
  const queue: {due: number; action: () => void}[] = [];
  let timer: NodeJS.Timeout | undefined;
  const drain = () => {
    if (timer) timers.delete(timer);
    timer = undefined;
    while (queue.length > 0 && queue[0]!.due <= performance.now()) queue.shift()!.action();
    if (queue.length > 0) arm();
  };
  const arm = () => {
    timer = setTimeout(drain, Math.max(0, queue[0]!.due - performance.now()));
    timers.add(timer);
  };
  return action => {
    if (ms <= 0) return action();
    queue.push({due: performance.now() + ms, action});
    if (!timer) arm();
  };
}

// `latencyMs` (pass mode): the peer's bytes arrive that much later (a distant engine over SSH). The upstream may
// be a unix socket ({path}).
export async function startFaultProxy(
  upstream: {host: string; port: number} | {path: string},
  options: {mode?: FaultMode; dripMs?: number; tls?: boolean; latencyMs?: number} = {},
): Promise<FaultProxy> {
  const sockets = new Set<Socket>();
  const timers = new Set<NodeJS.Timeout>();
  const state = {accepted: 0, peerBytes: 0};
  const proxy: FaultProxy = {
    url: scheme => `${scheme}://127.0.0.1:${proxy.port}`,
    host: '',
    port: 0,
    mode: options.mode ?? 'pass',
    get accepted() {
      return state.accepted;
    },
    get peerBytes() {
      return state.peerBytes;
    },
    cutAfter: bytes =>
      new Promise<void>(resolve => {
        cut = {left: bytes, done: resolve};
      }),
    close: async () => {},
  };
  let cut: {left: number; done: () => void} | undefined;
  // Called with every chunk the peer sends; true when the cut happened (the chunk is not forwarded).
  const cutting = (chunk: Buffer): boolean => {
    state.peerBytes += chunk.length;
    if (!cut) return false;
    cut.left -= chunk.length;
    if (cut.left > 0) return false;
    const {done} = cut;
    cut = undefined;
    proxy.mode = 'cut';
    for (const socket of sockets) socket.resetAndDestroy();
    done();
    return true;
  };
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  };

  const server: Server = createServer(client => {
    state.accepted++;
    track(client);
    const mode = proxy.mode;
    if (mode === 'cut') {
      client.resetAndDestroy();
      return;
    }
    if (mode === 'blackhole') {
      client.resume();
      return;
    }
    const peer = createConnection(upstream);
    track(peer);
    client.on('close', () => peer.destroy());
    const latencyMs = mode === 'pass' ? (options.latencyMs ?? 0) : 0;
    const later = delayed(latencyMs, timers);
    // With latency, the peer's last bytes are still on their way when it closes: its close follows them, and
    // ends the client's side once they are written (destroying it could drop the last of them).
    peer.on('close', hadError =>
      latencyMs ? later(() => (hadError ? client.destroy() : client.end())) : client.destroy(),
    );
    if (mode === 'pass') {
      client.pipe(peer);
      peer.on('data', (chunk: Buffer) => {
        if (cutting(chunk)) return;
        later(() => void (client.destroyed || client.write(chunk)));
      });
      return;
    }
    if (mode === 'hold-response') {
      const count = recordCounter(TLS_APPLICATION_DATA);
      let held = false;
      client.on('data', (chunk: Buffer) => {
        if (!held) held = options.tls ? count(chunk) >= 2 : chunk.length > 0;
        peer.write(chunk);
      });
      peer.on('data', (chunk: Buffer) => {
        if (!held) client.write(chunk);
      });
      return;
    }
    // drip
    client.pipe(peer);
    const queue: number[] = [];
    peer.on('data', (chunk: Buffer) => {
      for (const byte of chunk) queue.push(byte);
    });
    const timer = setInterval(() => {
      const byte = queue.shift();
      if (byte !== undefined && !client.destroyed) client.write(Buffer.from([byte]));
    }, options.dripMs ?? 1000);
    timers.add(timer);
    client.on('close', () => {
      clearInterval(timer);
      timers.delete(timer);
    });
  });
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  proxy.port = (server.address() as AddressInfo).port;
  proxy.host = `127.0.0.1:${proxy.port}`;
  proxy.close = () =>
    new Promise<void>(resolve => {
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    });
  return proxy;
}
