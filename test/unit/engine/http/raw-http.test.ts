import {createHash, randomBytes} from 'node:crypto';
import {Agent as HttpAgent} from 'node:http';
import {createServer as createNetServer, type Server as NetServer, type Socket} from 'node:net';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {Writable} from 'node:stream';
import type Docker from 'dockerode';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {pumpBody, writeBatch} from '../../../../source/engine/archives/archive-body.js';
import {ChunkedDecoder} from '../../../../source/engine/http/chunked-body.js';
import {canRawGet, rawGet, type RawResponse} from '../../../../source/engine/http/raw-get.js';
import {parseHead} from '../../../../source/engine/http/response-head.js';
import {timedAgent} from '../../../../source/engine/limits/timed-agent.js';
import {makeDocker} from '../../../../source/engine/client.js';
import {resolveEngineTarget} from '../../../../source/engine/target.js';

function decodeInPieces(encoded: Buffer, cuts: number[]): {data: string; used: number; done: boolean} {
  const parts: Buffer[] = [];
  const decoder = new ChunkedDecoder(data => parts.push(Buffer.from(data)));
  let used = 0;
  let from = 0;
  for (const cut of [...cuts, encoded.length]) {
    used += decoder.push(encoded.subarray(from, cut));
    from = cut;
  }
  return {data: Buffer.concat(parts).toString('latin1'), used, done: decoder.done};
}

describe('chunked transfer coding', () => {
  const encoded = Buffer.from('5\r\nhello\r\n1;name=value\r\n \r\nB\r\nworld\r\n\r\n!!\r\n0\r\nTrailer: x\r\n\r\nNEXT');

  test('decodes the data and stops at the end of the body, with extensions and trailers', () => {
    const all = decodeInPieces(encoded, []);
    expect(all).toEqual({data: 'hello world\r\n\r\n!!', used: encoded.length - 4, done: true});
  });

  test('every way of cutting the input in two and three gives the same', () => {
    for (let a = 1; a < encoded.length; a++) {
      expect(decodeInPieces(encoded, [a]).data).toBe('hello world\r\n\r\n!!');
      for (let b = a + 1; b < encoded.length; b += 3)
        expect(decodeInPieces(encoded, [a, b])).toEqual({
          data: 'hello world\r\n\r\n!!',
          used: encoded.length - 4,
          done: true,
        });
    }
  });

  test('malformed sizes and chunk ends are refused with a clear error', () => {
    const decode = (text: string) => () => new ChunkedDecoder(() => undefined).push(Buffer.from(text));
    expect(decode('zz\r\n')).toThrow(/not valid chunked HTTP \(bad chunk size line "zz\\r"\)/);
    expect(decode('\r\n')).toThrow(/bad chunk size line/);
    expect(decode('123456789\r\n')).toThrow(/chunk size is too large/);
    expect(decode('2\r\nabXY')).toThrow(/does not end with CRLF/);
    expect(decode('1'.repeat(2000))).toThrow(/size line is too long/);
  });
});

describe('the answer head', () => {
  test('status, headers and how the body ends', () => {
    const chunked = parseHead('HTTP/1.1 200 OK\r\nContent-Type: x\r\nTransfer-Encoding: chunked');
    expect(chunked.status).toBe(200);
    expect(chunked.headers.get('content-type')).toBe('x');
    expect(chunked.body).toEqual({kind: 'chunked'});
    expect(parseHead('HTTP/1.1 404 Not Found\r\nContent-Length: 12').body).toEqual({kind: 'length', length: 12});
    expect(parseHead('HTTP/1.0 200 OK').body).toEqual({kind: 'close'});
  });

  test('what is not HTTP is refused', () => {
    expect(() => parseHead('SSH-2.0-OpenSSH')).toThrow(/not valid HTTP \(status line "SSH-2.0-OpenSSH"\)/);
    expect(() => parseHead('HTTP/1.1 200 OK\r\nno colon')).toThrow(/header line "no colon"/);
    expect(() => parseHead('HTTP/1.1 200 OK\r\nContent-Length: -1')).toThrow(/content-length "-1"/);
  });
});

// A fake peer for what a real engine does not do on demand: answers cut short, malformed, or slow to come.
describe('a GET read off its socket', () => {
  let dir: string;
  let server: NetServer;
  let answer: (socket: Socket, request: string) => void = () => undefined;
  let docker: Docker;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'berth-raw-get-'));
    const path = join(dir, 'peer.sock');
    server = createNetServer(socket => {
      let request = '';
      socket.on('data', chunk => {
        request += chunk.toString('latin1');
        if (request.includes('\r\n\r\n')) answer(socket, request);
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>(resolve => server.listen(path, resolve));
    // As berth makes it: DOCKER_HOST in the environment (npm test sets the bench's) must not win over the socket.
    docker = makeDocker(resolveEngineTarget({host: `unix://${path}`}, {}), undefined, '1.41');
  });

  afterAll(async () => {
    await new Promise(resolve => server.close(resolve));
    rmSync(dir, {recursive: true, force: true});
  });

  const get = (batchMs = 0, signal = new AbortController().signal) =>
    rawGet(docker, {
      path: '/containers/x/logs',
      query: {follow: 1, tail: 'all'},
      statusCodes: {200: true, 404: 'no such container'},
      batchMs,
      signal,
    });

  // Everything the body delivers, and how it ended.
  function readAll(response: RawResponse): Promise<{body: string; reads: number; end: string}> {
    return new Promise(resolve => {
      let body = '';
      let reads = 0;
      response.on('readable', () => {
        for (let data = response.read(); data; data = response.read()) {
          body += data.toString('latin1');
          reads++;
        }
      });
      response.on('end', () => resolve({body, reads, end: 'end'}));
      response.on('error', (error: Error) => resolve({body, reads, end: `error: ${error.message}`}));
    });
  }

  test('the request line carries the API version and the query; a chunked body is read whole, then end', async () => {
    let seen = '';
    answer = (socket, request) => {
      seen = request;
      socket.end('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3\r\none\r\n3\r\ntwo\r\n0\r\n\r\n');
    };
    expect(canRawGet(docker)).toBe(true);
    const result = await readAll(await get());
    expect(seen).toMatch(/^GET \/v1\.41\/containers\/x\/logs\?follow=1&tail=all HTTP\/1\.1\r\n/);
    expect(result).toMatchObject({body: 'onetwo', end: 'end'});
  });

  test('entries arriving within the batch time reach the reader in one read', async () => {
    answer = socket => {
      socket.write('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n');
      let n = 0;
      const timer = setInterval(() => {
        socket.write(`2\r\n${String(n).padStart(2, '0')}\r\n`);
        if (++n === 10) {
          clearInterval(timer);
          setTimeout(() => socket.end('0\r\n\r\n'), 200);
        }
      }, 2);
    };
    const result = await readAll(await get(100));
    expect(result.body).toBe('00010203040506070809');
    expect(result.reads).toBeLessThanOrEqual(2);
  });

  test('a body cut short is an error, not an end: the connection was reset', async () => {
    answer = socket => socket.end('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel');
    expect(await readAll(await get())).toEqual({body: 'hel', reads: 1, end: 'error: aborted'});
  });

  test('malformed chunking is an error naming it', async () => {
    answer = socket => socket.end('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nqq\r\n');
    expect((await readAll(await get())).end).toMatch(/error: the engine's answer is not valid chunked HTTP/);
  });

  test('fixed-length and close-delimited bodies', async () => {
    answer = socket => socket.end('HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhelloEXTRA');
    expect(await readAll(await get())).toMatchObject({body: 'hello', end: 'end'});
    answer = socket => socket.end('HTTP/1.0 200 OK\r\n\r\nuntil close');
    expect(await readAll(await get())).toMatchObject({body: 'until close', end: 'end'});
  });

  test('another status rejects as docker-modem does, with the engine message', async () => {
    const json = '{"message":"No such container: nothing"}';
    answer = socket =>
      socket.end(
        `HTTP/1.1 404 Not Found\r\nContent-Type: application/json\r\nContent-Length: ${json.length}\r\n\r\n${json}`,
      );
    const error = await get().then(
      () => undefined,
      (e: unknown) => e as Error & {statusCode?: number},
    );
    expect(error?.message).toBe('(HTTP code 404) no such container - No such container: nothing ');
    expect(error?.statusCode).toBe(404);
  });

  test('a recycled body goes through a few buffers, each reused only once its bytes are written', async () => {
    const data = randomBytes(24 * 1024 * 1024);
    answer = socket => {
      socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${data.length}\r\n\r\n`);
      socket.end(data);
    };
    const response = await rawGet(docker, {
      path: '/containers/x/export',
      query: {},
      statusCodes: {200: true},
      batchMs: 0,
      recycle: true,
      signal: new AbortController().signal,
    });
    // A destination that reads each batch a turn later, as a file's writes do: a batch reused too soon would be
    // hashed with later bytes in it.
    const hash = createHash('sha256');
    const sink = new Writable({
      highWaterMark: 1024 * 1024,
      write(chunk: Buffer, _encoding, done) {
        setImmediate(() => {
          hash.update(chunk);
          done();
        });
      },
    });
    const memory = new Set<ArrayBufferLike>();
    let batches = 0;
    await pumpBody(response, chunk => {
      memory.add(chunk.buffer);
      batches++;
      return writeBatch(sink, chunk, () => response.recycle(chunk));
    });
    await new Promise<void>(resolve => sink.end(resolve));
    expect(hash.digest('hex')).toBe(createHash('sha256').update(data).digest('hex'));
    expect(batches).toBeGreaterThan(10);
    expect(memory.size, `${batches} batches`).toBeLessThanOrEqual(6);
  });

  test('no answer at all, an answer that is not HTTP, and an abort while waiting', async () => {
    answer = socket => socket.destroy();
    await expect(get()).rejects.toThrow('socket hang up');
    answer = socket => socket.end('SSH-2.0-OpenSSH_9.2\r\n\r\n');
    await expect(get()).rejects.toThrow(/not valid HTTP/);
    answer = () => undefined;
    const abort = new AbortController();
    const pending = get(0, abort.signal);
    setTimeout(() => abort.abort(), 50);
    await expect(pending).rejects.toThrow(/aborted/);
  });
});

describe('which engines are read off the socket', () => {
  test('unix sockets and berth’s TCP/TLS agents; not a client without them (SSH goes through dockerode)', () => {
    const unix = resolveEngineTarget({host: 'unix:///x.sock'}, {});
    const tcp = resolveEngineTarget({host: 'tcp://127.0.0.1:2375'}, {});
    expect(canRawGet(makeDocker(unix, undefined))).toBe(true);
    const agent = timedAgent(undefined, 1000);
    expect(canRawGet(makeDocker(tcp, agent))).toBe(true);
    const tls = timedAgent({ca: 'x'}, 1000);
    const withTls = {...tcp, tls: {ca: Buffer.from('x'), cert: Buffer.from('y'), key: Buffer.from('z'), verify: true}};
    expect(canRawGet(makeDocker(withTls, tls))).toBe(true);
    // Without berth's agent (dockerode's own https), and with an SSH engine's: an http.Agent too, whose
    // connections are SSH channels made by callback.
    expect(canRawGet(makeDocker(withTls, undefined))).toBe(false);
    const ssh = new HttpAgent();
    expect(canRawGet(makeDocker(tcp, ssh))).toBe(false);
    for (const each of [agent, tls, ssh]) each.destroy();
  });
});
