import {PassThrough} from 'node:stream';
import type Docker from 'dockerode';
import {describe, expect, test} from 'vitest';
import {EntryFetch, logQuery} from '../../../../source/engine/logs/entry-fetch.js';

const T = '2026-11-22T00:42:49.156271354Z';

function frame(text: string): Buffer {
  const body = Buffer.from(`${T} ${text}`);
  const header = Buffer.alloc(8);
  header[0] = 1;
  header.writeUInt32BE(body.length, 4);
  return Buffer.concat([header, body]);
}

function dockerAnswering(respond: (stream: PassThrough) => void): Docker {
  return {
    modem: {
      dial: (_request: unknown, callback: (error: unknown, result?: unknown) => void) => {
        const stream = new PassThrough();
        setImmediate(() => {
          callback(null, stream);
          respond(stream);
        });
      },
    },
  } as unknown as Docker;
}

describe('one log request', () => {
  test('the query: always timestamps, both streams; tail, since, until as the engine wants them', () => {
    expect(logQuery({follow: true, tail: 200})).toEqual({stdout: 1, stderr: 1, timestamps: 1, follow: 1, tail: '200'});
    expect(logQuery({follow: false, tail: 'all', since: '1.000000000', until: '2.5'})).toEqual({
      stdout: 1,
      stderr: 1,
      timestamps: 1,
      follow: 0,
      tail: 'all',
      since: '1.000000000',
      until: '2.5',
    });
  });

  test('a big answer is read in slices that leave the event loop turns, and nothing is lost at the end', async () => {
    const count = 50_000;
    const docker = dockerAnswering(stream => {
      const frames: Buffer[] = [];
      for (let i = 0; i < count; i++) frames.push(frame(`line ${i}\n`));
      stream.end(Buffer.concat(frames));
    });
    let entries = 0;
    let turns = 0;
    const ticker = setInterval(() => turns++, 0);
    const outcome = await new Promise<string>(resolve => {
      new EntryFetch(docker, 'c1', {follow: false}, undefined, {
        onOpen: () => undefined,
        onEntry: () => entries++,
        onEnd: () => resolve('end'),
        onError: error => resolve(`error: ${String(error)}`),
      }).start();
    });
    clearInterval(ticker);
    expect(outcome).toBe('end');
    expect(entries).toBe(count);
    // 50,000 entries take far longer than one slice: timers must have run in between.
    expect(turns).toBeGreaterThan(3);
  });

  test('a connection that closes without an end is an error; a stopped fetch reports nothing', async () => {
    const broken = dockerAnswering(stream => {
      stream.write(frame('partial'));
      stream.destroy();
    });
    const outcome = await new Promise<string>(resolve => {
      new EntryFetch(broken, 'c1', {follow: true}, undefined, {
        onOpen: () => undefined,
        onEntry: () => undefined,
        onEnd: () => resolve('end'),
        onError: error => resolve(`error: ${(error as Error).message}`),
      }).start();
    });
    expect(outcome).toBe('error: the connection closed before the log stream ended');

    const events: string[] = [];
    const fetch = new EntryFetch(broken, 'c1', {follow: true}, undefined, {
      onOpen: () => events.push('open'),
      onEntry: () => events.push('entry'),
      onEnd: () => events.push('end'),
      onError: () => events.push('error'),
    });
    fetch.start();
    fetch.stop();
    await new Promise(resolve => setTimeout(resolve, 20));
    expect(events).toEqual([]);
  });
});
