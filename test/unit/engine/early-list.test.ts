import {createServer, type Server} from 'node:http';
import {afterEach, expect, test} from 'vitest';
import {earlyList} from '../../../source/engine/early-list.js';
import {startEngine} from '../../../source/engine/early-start.js';
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
  const list = await listed(JSON.stringify([container(2, 'exited'), container(1, 'running'), container(3, 'running')]));
  expect(list.rows.map(row => row.name)).toEqual(['c-00001', 'c-00003', 'c-00002']);
  expect(list.engineTime).toBe(1_800_000_000);
});

test('a list past 4 MiB is read element by element, to the same rows', async () => {
  const infos = Array.from({length: 3000}, (_, i) => container(i, i % 3 ? 'exited' : 'running', 'x'.repeat(1500)));
  const body = JSON.stringify(infos);
  expect(body.length).toBeGreaterThan(4 * 1024 * 1024);
  const list = await listed(body);
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

test('an early ping that finds no engine fails the connection with the message the ping through dockerode gives', async () => {
  const server = createServer();
  const url = await listenAsEngine(server);
  await new Promise(resolve => server.close(resolve));
  const start = startEngine(resolveEngineTarget({host: url}, {}));
  await expect(start.client).rejects.toThrow(`engine ${url}: connection refused; is dockerd listening there?`);
});
