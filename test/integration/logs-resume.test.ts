import {createServer, connect, type Server, type Socket} from 'node:net';
import {join} from 'node:path';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {connectEngine, type EngineClient} from '../../source/engine/client.js';
import {LogSession} from '../../source/engine/logs/log-session.js';
import {resolveEngineTarget} from '../../source/engine/target.js';
import {benchEnv, docker, uniqueName, runTestContainer} from '../helpers/bench.js';
import {at} from '../helpers/found.js';

// A TCP forwarder between berth and the engine that the test can cut and re-open: the connection drops
// mid-stream as when the engine restarts or the network fails.
class Forwarder {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  port = 0;

  async open(): Promise<void> {
    const server = createServer(client => {
      const engine = connect(2375, '127.0.0.1');
      for (const socket of [client, engine]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          engine.destroy();
        });
      }
      client.pipe(engine);
      engine.pipe(client);
    });
    await new Promise<void>(resolve => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as {port: number}).port;
    this.server = server;
  }

  // Every connection through the forwarder dies at once, with a reset.
  cut(): void {
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
  }

  async close(): Promise<void> {
    this.cut();
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise(resolve => server.close(resolve));
  }
}

const forwarder = new Forwarder();
let client: EngineClient;
let container: string;

beforeAll(async () => {
  await forwarder.open();
  const env = benchEnv();
  const certs = env.DOCKER_CERT_PATH!;
  client = await connectEngine(
    resolveEngineTarget(
      {
        host: `tcp://127.0.0.1:${forwarder.port}`,
        tlsverify: true,
        tlscacert: join(certs, 'ca.pem'),
        tlscert: join(certs, 'cert.pem'),
        tlskey: join(certs, 'key.pem'),
      },
      {},
    ),
  );
  container = uniqueName('berth-logs-resume');
  runTestContainer(container, ['sh', '-c', 'i=0; while true; do i=$((i+1)); echo "n $i"; usleep 50000; done'], {
    init: false,
  });
});

afterAll(async () => {
  client?.close();
  await forwarder.close();
  if (container) docker(['rm', '-f', container]);
});

async function waitFor(done: () => boolean, timeoutMs: number, describe: () => string): Promise<void> {
  const started = Date.now();
  while (!done()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms: ${describe()}`);
    await new Promise(resolve => setTimeout(resolve, 20));
  }
}

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

test('a follow cut mid-stream resumes from the last timestamp: numbers exactly consecutive, no duplicates, no gaps', async () => {
  const session = new LogSession(client.docker, {containerId: container, window: {tail: 5}, follow: true});
  const statuses = new Set<string>();
  session.subscribe(() => statuses.add(session.status));
  session.start();
  const numbers = () =>
    [...session.buffer].filter(line => line.stream !== 'system').map(line => Number(line.text.replace('n ', '')));
  const newest = () => numbers().at(-1) ?? 0;
  const describe = () => `status ${session.status} (${session.error ?? 'no error'}), newest ${newest()}`;

  await waitFor(() => session.status === 'streaming' && numbers().length >= 10, 10_000, describe);

  // 1. The connection resets while the forwarder stays up: the first retry (after 1 s) gets through.
  forwarder.cut();
  await waitFor(() => session.status === 'reconnecting', 5000, describe);
  const beforeFirstGap = newest();
  await waitFor(() => session.status === 'streaming' && newest() > beforeFirstGap + 20, 10_000, describe);

  // 2. The engine is unreachable for a while: refused attempts, then it comes back.
  await forwarder.close();
  await waitFor(() => session.status === 'reconnecting', 5000, describe);
  await sleep(2500);
  expect(session.status).toBe('reconnecting');
  expect(session.error).toMatch(/retrying in \d+ s/);
  await forwarder.open();
  const beforeSecondGap = newest();
  await waitFor(() => session.status === 'streaming' && newest() > beforeSecondGap + 60, 15_000, describe);
  session.stop();

  const got = numbers();
  const first = got[0];
  const system = [...session.buffer].filter(line => line.stream === 'system').map(line => line.text);
  console.log(
    `resume: ${got.length} lines n ${first}..${got.at(-1)}, cuts after n ${beforeFirstGap} and n ${beforeSecondGap}; ${system.join(' | ')}`,
  );
  expect(got).toEqual(got.map((_, i) => at(got, 0) + i));
  // Both interruptions are marked in the pane.
  expect(system.filter(text => text.startsWith('log stream interrupted'))).toHaveLength(2);
  expect(system.filter(text => text === 'log stream resumed')).toHaveLength(2);
  expect([...statuses]).toEqual(expect.arrayContaining(['streaming', 'reconnecting']));
}, 60_000);
