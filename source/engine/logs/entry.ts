import {itemAt} from '../../util/item-at.js';
export type LogStream = 'stdout' | 'stderr' | 'system';

// One log entry as the engine sends it, timestamp split off. The engine's copier cuts lines over 16 KiB into
// several entries that all carry the first one's timestamp; only the last one ends with a newline (`complete`).
export type LogEntry = {
  stream: LogStream;
  time?: string;
  content: Buffer;
  complete: boolean;
};

// Entries are never held whole beyond this: a frame or a TTY line that grows past it is handed on in pieces.
// The engine itself never sends more than 16 KiB per entry, so this only guards against other engines.
export const MAX_ENTRY_BYTES = 64 * 1024;

export interface EntryReader {
  push(chunk: Buffer): void;
  // The stream ended cleanly: hand on whatever is left.
  end(): void;
  // The connection broke: forget the entry that was cut off, the engine sends it again on resume.
  reset(): void;
}

export function concatPieces(pieces: Buffer[], length: number): Buffer {
  return pieces.length === 1 ? itemAt(pieces, 0) : Buffer.concat(pieces, length);
}
