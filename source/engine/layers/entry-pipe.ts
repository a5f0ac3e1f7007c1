import {once} from 'node:events';
import type {Gunzip} from 'node:zlib';
import {drained} from '../../util/drained.js';
import type {EntryData} from '../container-files/tar-reader.js';
import type {LayerFile} from './layer-files.js';
import {TarIndexer} from './tar-indexer.js';
import {zlib} from '../../util/lazy-builtins.js';

// Indexes one layer as its bytes go by — an entry of `docker save`'s tar, or a registry blob — gunzipped on the
// way when it starts with gzip's magic. Plain tar is indexed in the same call that hands it over; gzip waits
// only when zlib says it is full.
export function layerSink(): {data: Required<EntryData>; done: () => LayerFile[]} {
  const indexer = new TarIndexer();
  let gunzip: Gunzip | undefined;
  let plain = false;
  let failure: Error | undefined;
  const fail = (error: unknown) => (failure ??= error instanceof Error ? error : new Error(String(error)));
  return {
    data: {
      async write(piece) {
        if (!gunzip && !plain) {
          if (piece[0] === 0x1f && piece[1] === 0x8b) {
            gunzip = zlib().createGunzip();
            gunzip.on('data', (chunk: Buffer) => {
              // A broken layer stops the reading at the next write rather than inside zlib's callback.
              if (!failure)
                try {
                  indexer.feed(chunk);
                } catch (error) {
                  fail(error);
                }
            });
            gunzip.on('error', fail);
          } else plain = true;
        }
        if (failure) throw failure;
        if (!gunzip) return indexer.feed(piece);
        // zlib reads the piece later, on its own thread: a copy, since the piece may be a view of a batch the
        // source reuses once this write returns.
        if (!gunzip.write(Buffer.from(piece))) await drained(gunzip);
      },
      async end() {
        if (gunzip) {
          gunzip.end();
          await once(gunzip, 'end').catch(() => undefined);
        }
        if (failure) throw failure;
      },
    },
    done: () => indexer.end(),
  };
}
