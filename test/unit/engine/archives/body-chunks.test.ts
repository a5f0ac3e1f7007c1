import {randomBytes} from 'node:crypto';
import {createServer, get, type IncomingMessage} from 'node:http';
import type {AddressInfo} from 'node:net';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {bodyChunks} from '../../../../source/engine/archives/archive-body.js';

// bodyChunks over Node's own response, as an SSH engine's `l` reads (engineGet falls back to docker-modem there).
const payload = randomBytes(3 * 1024 * 1024);
const server = createServer((request, response) => {
  if (request.url === '/cut') {
    response.writeHead(200, {'Content-Length': String(payload.length)});
    response.write(payload.subarray(0, 100_000), () => response.socket?.destroy());
    return;
  }
  response.end(payload);
});
let url = '';
beforeAll(async () => {
  await new Promise<void>(resolve => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>(resolve => server.close(() => resolve())));

const open = (path: string) => new Promise<IncomingMessage>(resolve => get(`${url}${path}`, resolve));

test('reads a whole response, and a cut one fails', async () => {
  const parts: Buffer[] = [];
  for await (const chunk of bodyChunks(await open('/'))) parts.push(chunk);
  expect(Buffer.concat(parts).equals(payload)).toBe(true);

  const cut = async () => {
    for await (const chunk of bodyChunks(await open('/cut'))) void chunk;
  };
  await expect(cut()).rejects.toThrow(/aborted|closed before the archive ended/);
});

test('leaving early lets the response go', async () => {
  const response = await open('/');
  for await (const chunk of bodyChunks(response)) {
    expect(chunk.length).toBeGreaterThan(0);
    break;
  }
  expect(response.destroyed).toBe(true);
});
