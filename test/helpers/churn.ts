import {request as httpRequest} from 'node:http';
import {Agent, request as httpsRequest} from 'node:https';
import {readdirSync, readFileSync, readlinkSync} from 'node:fs';
import {join} from 'node:path';
import {benchEnv} from './bench.js';

// What the churn tests share: the Engine API asked directly (the docker CLI is ~10× slower per call), a small
// pool of concurrent calls, and berth's own resource readings (its `resources` trace event on SIGUSR2,
// source/diagnostics.ts) with its file descriptors and sockets from /proc.

export type EngineApi = (method: string, path: string, body?: unknown) => Promise<{status: number; body: string}>;

function ask(
  send: typeof httpRequest,
  options: Record<string, unknown>,
  method: string,
  path: string,
  body?: unknown,
): Promise<{status: number; body: string}> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = send(
      {
        ...options,
        method,
        path,
        headers: payload ? {'content-type': 'application/json', 'content-length': payload.length} : {},
      },
      res => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString()}));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

// A private engine's unix socket.
export function socketApi(socketPath: string): EngineApi {
  return (method, path, body) => ask(httpRequest, {socketPath}, method, path, body);
}

// The bench engine over TLS, with the bench's client certificate; close() ends the kept-alive connections.
export function benchApi(): EngineApi & {close(): void} {
  const env = benchEnv();
  const url = new URL(env.DOCKER_HOST!.replace(/^tcp:/, 'https:'));
  const certs = env.DOCKER_CERT_PATH!;
  const agent = new Agent({
    keepAlive: true,
    maxSockets: 8,
    ca: readFileSync(join(certs, 'ca.pem')),
    cert: readFileSync(join(certs, 'cert.pem')),
    key: readFileSync(join(certs, 'key.pem')),
  });
  const api = (method: string, path: string, body?: unknown) =>
    ask(httpsRequest, {host: url.hostname, port: url.port, agent}, method, path, body);
  return Object.assign(api, {close: () => agent.destroy()});
}

export async function pool<T>(items: T[], run: (item: T, index: number) => Promise<void>, width = 6): Promise<void> {
  const queue = items.map((item, index) => ({item, index}));
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await run(next.item, next.index);
  };
  await Promise.all(Array.from({length: width}, worker));
}

// What berth's `resources` trace event says (source/trace.ts), with /proc's counts.
export type Resources = {
  heapUsed: number;
  procRss: number;
  fds: number;
  sockets: number;
  handles: number;
  processListeners: number;
  stdinListeners: number;
  stdoutListeners: number;
  storeListeners: number;
  logPaneListeners: number;
};

// One `resources` event from berth (after a collection when it runs with --expose-gc), with /proc's counts.
export async function resources(pid: number, traceFile: string): Promise<Resources> {
  const events = () =>
    readFileSync(traceFile, 'utf8')
      .split('\n')
      .filter(line => line.includes('"resources"'));
  const seen = events().length;
  process.kill(pid, 'SIGUSR2');
  const deadline = Date.now() + 5000;
  while (events().length === seen && Date.now() < deadline) await new Promise(r => setTimeout(r, 20));
  const line = events()[seen];
  if (!line) throw new Error('berth wrote no resources event after SIGUSR2');
  const event = JSON.parse(line) as Omit<Resources, 'procRss' | 'fds' | 'sockets'>;
  const fds = readdirSync(`/proc/${pid}/fd`);
  let sockets = 0;
  for (const fd of fds) {
    try {
      if (readlinkSync(`/proc/${pid}/fd/${fd}`).startsWith('socket:')) sockets++;
    } catch {
      // the descriptor closed between readdir and readlink: not counted
    }
  }
  const procRss = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) * 1024;
  return {...event, procRss, fds: fds.length, sockets};
}
