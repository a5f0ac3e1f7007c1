import {createServer, type Server} from 'node:http';
import {afterEach, expect, test, vi} from 'vitest';
import {earlyList} from '../../../source/engine/early-list.js';
import {startEngine} from '../../helpers/early-start.js';
import {MAX_CONTAINER_ROWS} from '../../../source/engine/limits/list-bounds.js';
import {resolveEngineTarget} from '../../../source/engine/target.js';
import {listenAsEngine} from '../../helpers/stand-in-engine.js';

// The early container list (source/engine/early-list.ts) against a stand-in engine: a short answer parsed whole, a
// long one element by element, both to the same rows; an answer that is not a clean list rejects (the session then
// lists through dockerode, test/unit/engine/early-events.test.ts).
const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

async function engineAnswering(body: string): Promise<string> {
  const server = createServer((_request, response) => {
    response.setHeader('Date', new Date(1_800_000_000_400).toUTCString());
    response.setHeader('Content-Type', 'application/json');
    // In pieces, as a long answer arrives.
    for (let at = 0; at < body.length; at += 64 * 1024) response.write(body.slice(at, at + 64 * 1024));
    response.end();
  });
  servers.push(server);
  return listenAsEngine(server);
}

const container = (i: number, state: string, padding = '') => ({
  Id: `id${i}`.padEnd(64, '0'),
  Names: [`/c-${String(i).padStart(5, '0')}`],
  Image: 'busybox',
  State: state,
  Status: state === 'running' ? 'Up 1 minute' : 'Exited (0)',
  Created: 1_700_000_000,
  Labels: padding ? {note: padding} : {},
});

async function listed(body: string) {
  const early = earlyList(resolveEngineTarget({host: await engineAnswering(body)}, {}));
  if (!early) throw new Error('no early list for a tcp engine');
  return early.answer;
}

test('a short list is read whole: rows in the list order (running first), and the engine clock', async () => {
  const parse = vi.spyOn(JSON, 'parse');
  const list = await listed(JSON.stringify([container(2, 'exited'), container(1, 'running'), container(3, 'running')]));
  expect(parse).toHaveBeenCalledTimes(1);
  parse.mockRestore();
  expect(list.rows.map(row => row.name)).toEqual(['c-00001', 'c-00003', 'c-00002']);
  expect(list.engineTime).toBe(1_800_000_000);
});

test('a list past 4 MiB is read element by element, to the same rows', async () => {
  const infos = Array.from({length: 3000}, (_, i) => container(i, i % 3 ? 'exited' : 'running', 'x'.repeat(1500)));
  const body = JSON.stringify(infos);
  expect(body.length).toBeGreaterThan(4 * 1024 * 1024);
  const parse = vi.spyOn(JSON, 'parse');
  const list = await listed(body);
  // One JSON.parse per element: the long answer was not read whole.
  expect(parse.mock.calls.length).toBeGreaterThanOrEqual(3000);
  parse.mockRestore();
  expect(list.rows).toHaveLength(3000);
  expect(list.rows[0]?.name).toBe('c-00000');
  expect(list.rows.filter(row => row.state === 'running')).toHaveLength(1000);
  expect(list.rows.every(row => row.labels?.note?.length === 1500)).toBe(true);
});

test.each([
  ['an object', '{"message":"page not found"}'],
  ['a cut-off list', JSON.stringify([container(1, 'running')]).slice(0, -5)],
  ['a row without an Id', '[{"Names":["/x"]}]'],
  [
    'a long cut-off list',
    JSON.stringify(Array.from({length: 3000}, (_, i) => container(i, 'running', 'y'.repeat(1500)))).slice(0, -2),
  ],
])('%s rejects', async (_what, body) => {
  await expect(listed(body)).rejects.toThrow(/early container list/);
});

// A stand-in that answers the list (with the version headers dockerd puts on every answer, or without them) and
// /_ping: which paths were asked.
async function engineAnsweringBoth(versionOnList: boolean): Promise<{url: string; asked: string[]}> {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    const path = (request.url ?? '').replace(/\?.*/, '');
    asked.push(path);
    const named = path.endsWith('/_ping') || versionOnList;
    if (named) {
      response.setHeader('Api-Version', '1.41');
      response.setHeader('Server', 'Docker/20.10.24 (linux)');
    }
    if (path.endsWith('/_ping')) return void response.end('OK');
    response.setHeader('Content-Type', 'application/json');
    response.end(JSON.stringify([container(1, 'running')]));
  });
  servers.push(server);
  return {url: await listenAsEngine(server), asked};
}

test("the connection is made from the early list's own headers: no /_ping is asked", async () => {
  const peer = await engineAnsweringBoth(true);
  const start = startEngine(resolveEngineTarget({host: peer.url}, {}));
  const client = await start.client;
  expect((await start.containers)?.rows.map(row => row.name)).toEqual(['c-00001']);
  expect(client.version).toMatchObject({Version: '20.10.24', ApiVersion: '1.41', Os: 'linux'});
  expect(peer.asked).toEqual(['/containers/json']);
  client.close();
});

test('a list answered without the version headers: the connection asks /_ping for them', async () => {
  const peer = await engineAnsweringBoth(false);
  const start = startEngine(resolveEngineTarget({host: peer.url}, {}));
  const client = await start.client;
  expect(client.version).toMatchObject({Version: '20.10.24', ApiVersion: '1.41'});
  expect(peer.asked.filter(path => path.endsWith('/_ping'))).toHaveLength(1);
  expect(peer.asked.filter(path => path.endsWith('/version'))).toHaveLength(0);
  client.close();
});

test('an early list that finds no engine fails the connection with the message a ping through dockerode gives', async () => {
  const server = createServer();
  const url = await listenAsEngine(server);
  await new Promise(resolve => server.close(resolve));
  const start = startEngine(resolveEngineTarget({host: url}, {}));
  await expect(start.client).rejects.toThrow(`engine ${url}: connection refused; is dockerd listening there?`);
});

// A stand-in that answers /_ping and holds the container list (or sends this body): which lists were asked.
async function engineHoldingTheList(body?: string): Promise<{url: string; lists: string[]}> {
  const lists: string[] = [];
  const server = createServer((request, response) => {
    const path = (request.url ?? '').replace(/\?.*/, '');
    if (path.endsWith('/_ping')) {
      response.setHeader('Api-Version', '1.41');
      response.setHeader('Server', 'Docker/20.10.24 (linux)');
      return void response.end('OK');
    }
    if (path.endsWith('/containers/json')) lists.push(request.url ?? '');
    if (body === undefined) return; // never answers
    response.setHeader('Content-Type', 'application/json');
    response.end(body);
  });
  servers.push(server);
  server.on('connection', socket => socket.unref());
  return {url: await listenAsEngine(server), lists};
}

test('an engine that holds the early list is stalled, said once at the deadline: the list is not asked again', async () => {
  const peer = await engineHoldingTheList();
  const start = startEngine(resolveEngineTarget({host: peer.url}, {}), {connectMs: 200, firstByteMs: 300});
  const began = Date.now();
  await expect(start.containers).rejects.toThrow(
    `engine ${peer.url}: no answer to the request for the container list within 1.2 s; the engine (or a proxy in front of it) is stalled`,
  );
  expect(Date.now() - began).toBeLessThan(3000);
  await new Promise(resolve => setTimeout(resolve, 300));
  expect(peer.lists).toHaveLength(1);
});

test('a list past MAX_CONTAINER_ROWS is refused with the count, asked once', async () => {
  const body = JSON.stringify(Array.from({length: MAX_CONTAINER_ROWS + 1}, (_, i) => ({Id: String(i)})));
  const peer = await engineHoldingTheList(body);
  const start = startEngine(resolveEngineTarget({host: peer.url}, {}));
  await expect(start.containers).rejects.toThrow(
    `engine ${peer.url}: the container list has ${MAX_CONTAINER_ROWS + 1} containers, more than the ${MAX_CONTAINER_ROWS} berth shows`,
  );
  expect(peer.lists).toHaveLength(1);
});
