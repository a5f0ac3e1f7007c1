import {Transform, type TransformCallback} from 'node:stream';
import type {ArchiveWatch} from './archive-watch.js';

// Passes a tar stream through unchanged on its way to a stream (stdout) and fails it when the tar is broken; a file
// gets the same check from its sink (archive-file-sink.ts), without this stage.
export class TarCheckStream extends Transform {
  constructor(private readonly watch: ArchiveWatch) {
    // A megabyte between the engine's socket and the file (the file's own buffer is as large). With the default
    // 16 KiB a 300 MiB export took 3.7-4.0 s, berth idle for more than half of it; with 1 MiB 2.7-3.2 s
    // (`docker export -o` ~2 s on the same machine).
    super({highWaterMark: 1024 * 1024});
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const problem = this.watch.feed(chunk);
    if (problem) callback(problem);
    else callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    callback(this.watch.end() ?? null);
  }
}
