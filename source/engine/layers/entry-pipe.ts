import {PassThrough, type Transform} from 'node:stream';
import {createGunzip} from 'node:zlib';
import type {EntryData} from '../container-files/tar-reader.js';

// Hands the data of one entry of an outer tar (a layer inside `docker save`) to a reader of its own as a stream,
// gunzipped on the way when it starts with gzip's magic: the outer reader waits while the inner one is behind,
// so nothing piles up. What the inner reader leaves unread (the padding after a tar's end marker) is dropped.
export function entryPipe<T>(
  consume: (input: AsyncIterable<Buffer>) => Promise<T>,
  empty: T,
): {data: EntryData; done: () => Promise<T>} {
  let pipe: Transform | undefined;
  let result: Promise<T> | undefined;
  let settled = false;
  const start = (first: Buffer) => {
    pipe = first[0] === 0x1f && first[1] === 0x8b ? createGunzip() : new PassThrough();
    // The inner reader stops at its end marker and lets go of the pipe; later writes go nowhere.
    pipe.on('error', () => {});
    const started = pipe;
    result = consume(pipe).finally(() => {
      settled = true;
      // Whoever waits for a drain hears the close instead.
      started.destroy();
    });
    // Awaited by done(); an outer failure before that must not leave it unhandled.
    result.catch(() => {});
    return pipe;
  };
  return {
    data: {
      async write(piece) {
        const target = pipe ?? start(piece);
        if (settled || target.destroyed) return;
        if (!target.write(piece)) await drained(target);
      },
      end() {
        if (pipe && !settled && !pipe.destroyed) pipe.end();
      },
    },
    done: () => result ?? Promise.resolve(empty),
  };
}

// Until the reader has taken what was written, or has stopped reading; the listeners go either way (a layer of a
// gigabyte waits some thousands of times).
function drained(stream: Transform): Promise<void> {
  return new Promise(resolve => {
    const done = () => {
      stream.off('drain', done);
      stream.off('close', done);
      resolve();
    };
    stream.on('drain', done);
    stream.on('close', done);
  });
}
