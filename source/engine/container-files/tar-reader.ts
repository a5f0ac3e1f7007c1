import {EntryHeaders} from '../tar/entry-headers.js';
import {BLOCK, dataSize, padding, TarFormatError, type TarEntry} from '../tar/header.js';
import {ByteSource} from './byte-source.js';

// A streaming tar reader for the engine's archives of a path (GET /containers/{id}/archive): the headers as
// source/engine/tar/entry-headers.ts reads them (ustar, PAX, GNU long names). Entry data is handed on in pieces as
// it arrives, and the next piece is read only once the handler is done with the last: constant memory, and the
// handler's own writes set the pace.

// What to do with an entry's data: nothing (skipped), stop reading the archive, or receive it.
export type EntryData = {write(piece: Buffer): Promise<void> | void; end?(): Promise<void> | void};
export type EntryVisit = EntryData | 'stop' | undefined;

// Reads entries until the end-of-archive marker (or `stop`). Returns false when it stopped early. A stream that
// ends inside an entry, a bad checksum or a bad number throws TarFormatError.
export async function readTar(
  source: AsyncIterable<Buffer | string>,
  visit: (entry: TarEntry) => Promise<EntryVisit> | EntryVisit,
  onBytes?: (consumed: number) => void,
): Promise<boolean> {
  const bytes = new ByteSource(source);
  const headers = new EntryHeaders();
  try {
    for (;;) {
      const header = await bytes.exact(BLOCK);
      onBytes?.(bytes.consumed);
      if (header.length === 0) throw new TarFormatError('the archive ends without its end-of-archive marker');
      if (header.length < BLOCK) throw new TarFormatError('the archive ends inside a header');
      const read = headers.read(header);
      if (read.kind === 'end') return true;
      if (read.kind === 'extension') {
        const data = await bytes.exact(read.size);
        if (data.length < read.size) throw new TarFormatError('the archive ends inside an extended header');
        // Read before the padding is skipped: `data` may be a view of a batch the source reuses after it.
        headers.extension(data);
        if (!(await bytes.skip(padding(read.size))))
          throw new TarFormatError('the archive ends inside an extended header');
        continue;
      }
      const {entry} = read;
      const visit_ = await visit(entry);
      if (visit_ === 'stop') return false;
      const size = dataSize(entry);
      if (visit_ === undefined) {
        if (!(await bytes.skip(size + padding(size))))
          throw new TarFormatError(`the archive ends inside "${entry.path}"`);
        continue;
      }
      let left = size;
      while (left > 0) {
        const piece = await bytes.piece(left);
        if (!piece) throw new TarFormatError(`the archive ends inside "${entry.path}"`);
        left -= piece.length;
        await visit_.write(piece);
        onBytes?.(bytes.consumed);
      }
      if (!(await bytes.skip(padding(size)))) throw new TarFormatError(`the archive ends inside "${entry.path}"`);
      await visit_.end?.();
    }
  } finally {
    await bytes.close();
  }
}
