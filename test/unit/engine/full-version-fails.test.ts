import {createServer, type ServerResponse} from 'node:http';
import {afterEach, expect, test} from 'vitest';
import {EngineSession, type ConnectionState} from '../../../source/engine/session.js';
import {resolveEngineTarget} from '../../../source/engine/target.js';
import {listenAsEngine} from '../../helpers/stand-in-engine.js';

// The session connects from /_ping and lists at once; /version, read after the first list for the header's
// details, is a nicety. An engine (or a proxy in front of one) whose /version fails or never answers while /_ping,
// the list and /events work must keep its connection and its list: only the details are missing.

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

// `versionOver`: the /version exchange is over (answered with an error, or given up on by berth, which closes it).
async function peer(version: 'fails' | 'hangs'): Promise<{url: string; asked: string[]; versionOver: () => boolean}> {
  const asked: string[] = [];
  let versionOver = false;
  const held: ServerResponse[] = [];
  const server = createServer((request, response) => {
    const path = (request.url ?? '').replace(/^\/v[\d.]+/, '').replace(/\?.*/, '');
    asked.push(path);
    if (path === '/_ping') {
      response.setHeader('Api-Version', '1.41');
      response.setHeader('Server', 'Docker/24.0.7 (linux)');
      return void response.end('OK');
    }
    if (path === '/version') {
      response.on('close', () => (versionOver = true));
      if (version === 'hangs') return void held.push(response);
      response.statusCode = 500;
      response.setHeader('Content-Type', 'application/json');
      return void response.end(JSON.stringify({message: 'version is broken here'}));
    }
    if (path === '/events') {
      // The headers at once, the events never: a quiet engine.
      response.setHeader('Content-Type', 'application/json');
      response.flushHeaders();
      return void held.push(response);
    }
    response.setHeader('Content-Type', 'application/json');
    response.end(JSON.stringify([{Id: 'c1', Names: ['/web'], Image: 'nginx', State: 'running', Status: 'Up'}]));
  });
  cleanups.push(() => {
    for (const response of held) response.destroy();
    server.close();
  });
  return {url: await listenAsEngine(server), asked, versionOver: () => versionOver};
}

async function until(check: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise(resolve => setTimeout(resolve, 20));
  }
}

for (const version of ['fails', 'hangs'] as const) {
  test(`a /version that ${version} leaves the connection and the list as they were`, async () => {
    const engine = await peer(version);
    const states: ConnectionState[] = [];
    const lists: string[][] = [];
    let stale = 0;
    // The shortest deadlines the session allows: a /version that hangs is given up after 1.2 s.
    const session = new EngineSession(
      resolveEngineTarget({host: engine.url}, {}),
      {
        connection: state => void states.push(state),
        containers: items => void lists.push(items.map(item => item.name)),
        stale: () => void (stale += 1),
      },
      [],
      {connectMs: 200, firstByteMs: 200},
    );
    cleanups.push(() => session.close());
    session.start();
    await until(engine.versionOver, 10_000);
    // Time for the session to hear of it.
    await new Promise(resolve => setTimeout(resolve, 300));
    expect(states.map(state => state.status)).toEqual(['connected']);
    expect(states[0]).toMatchObject({engine: 'Docker 24.0.7', api: '1.41'});
    expect(lists).toEqual([['web']]);
    expect(stale).toBe(0);
    expect(session.client).toBeDefined();
    // Asked once: no reconnect went round again.
    expect(engine.asked.filter(path => path === '/_ping')).toHaveLength(1);
    expect(engine.asked.filter(path => path === '/version')).toHaveLength(1);
  });
}
