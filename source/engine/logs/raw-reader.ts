import {concatPieces, MAX_ENTRY_BYTES, type EntryReader, type LogEntry} from './entry.js';
import {isTimestamp, MAX_TIMESTAMP_LENGTH} from './timestamp.js';

const NEWLINE = 0x0a;
const SPACE = 0x20;
const PREFIX_LIMIT = MAX_TIMESTAMP_LENGTH + 1;
const ENGINE_ERROR = 'Error grabbing logs:';

// Reads a TTY container's log stream, which has no frames: entries are `<timestamp> <text>\n`. A line the engine
// cut into 16 KiB entries shows up as `<t> part1<t> part2<t> part3\n`, every piece with the *same* timestamp,
// so inside an entry that exact `<t> ` marks where the next piece starts. Without frames that is the only
// boundary there is, and it matters for recognising entries again when a follow resumes.
export class RawEntryReader implements EntryReader {
  private atEntryStart = true;
  private prefix: number[] = [];
  private time: string | undefined;
  private marker: Buffer | undefined;
  private pieces: Buffer[] = [];
  private pieceBytes = 0;
  // The end of the last chunk, held back because it could be the start of a marker cut by the chunk boundary.
  private carry: Buffer | undefined;

  constructor(private readonly onEntry: (entry: LogEntry) => void) {}

  push(chunk: Buffer): void {
    const data = this.carry ? Buffer.concat([this.carry, chunk]) : chunk;
    this.carry = undefined;
    let pos = 0;
    while (pos < data.length) {
      pos = this.atEntryStart ? this.readPrefix(data, pos) : this.readContent(data, pos);
    }
  }

  end(): void {
    if (this.carry) this.add(this.carry);
    if (!this.atEntryStart && (this.pieceBytes > 0 || this.time)) this.emit(true);
    else if (this.prefix.length > 0) {
      this.add(Buffer.from(this.prefix));
      this.emit(true);
    }
    this.reset();
  }

  reset(): void {
    this.atEntryStart = true;
    this.prefix = [];
    this.time = undefined;
    this.marker = undefined;
    this.pieces = [];
    this.pieceBytes = 0;
    this.carry = undefined;
  }

  private readPrefix(data: Buffer, pos: number): number {
    while (pos < data.length && this.prefix.length < PREFIX_LIMIT) {
      const byte = data.readUInt8(pos++);
      this.prefix.push(byte);
      if (byte === SPACE || byte === NEWLINE) break;
    }
    const last = this.prefix[this.prefix.length - 1];
    if (last !== SPACE && last !== NEWLINE && this.prefix.length < PREFIX_LIMIT) return pos;
    const candidate = Buffer.from(this.prefix);
    this.prefix = [];
    this.atEntryStart = false;
    const time = last === SPACE ? candidate.toString('latin1', 0, candidate.length - 1) : '';
    if (isTimestamp(time)) {
      this.time = time;
      this.marker = candidate;
      return pos;
    }
    // Not an entry of ours (the engine's own error text has no timestamp): keep the bytes as text.
    this.time = undefined;
    this.marker = undefined;
    this.add(candidate);
    if (last === NEWLINE) this.emit(true);
    return pos;
  }

  private readContent(data: Buffer, pos: number): number {
    const newline = data.indexOf(NEWLINE, pos);
    const end = newline < 0 ? data.length : newline;
    const marker = this.marker ? indexWithin(data, this.marker, pos, end) : -1;
    if (marker >= 0) {
      this.add(data.subarray(pos, marker));
      this.emit(false);
      return marker + this.marker!.length;
    }
    if (newline >= 0) {
      this.add(data.subarray(pos, newline + 1));
      this.emit(true);
      return newline + 1;
    }
    const held = this.marker ? heldBackLength(data, this.marker, pos) : 0;
    this.add(data.subarray(pos, data.length - held));
    if (held > 0) this.carry = Buffer.from(data.subarray(data.length - held));
    if (this.pieceBytes >= MAX_ENTRY_BYTES) this.emit(false);
    return data.length;
  }

  private add(piece: Buffer): void {
    if (piece.length === 0) return;
    this.pieces.push(piece);
    this.pieceBytes += piece.length;
  }

  private emit(complete: boolean): void {
    const content = concatPieces(this.pieces, this.pieceBytes);
    this.pieces = [];
    this.pieceBytes = 0;
    const stream =
      !this.time && content.toString('latin1', 0, ENGINE_ERROR.length) === ENGINE_ERROR ? 'system' : 'stdout';
    this.onEntry({stream, time: this.time, content, complete});
    if (complete) {
      this.atEntryStart = true;
      this.time = undefined;
      this.marker = undefined;
    }
  }
}

function indexWithin(data: Buffer, needle: Buffer, from: number, to: number): number {
  if (to - from < needle.length) return -1;
  const found = data.subarray(from, to).indexOf(needle);
  return found < 0 ? -1 : from + found;
}

// How many bytes at the end of data[from..] are a proper prefix of the marker.
function heldBackLength(data: Buffer, marker: Buffer, from: number): number {
  const available = data.length - from;
  for (let length = Math.min(marker.length - 1, available); length > 0; length--) {
    if (data.compare(marker, 0, length, data.length - length, data.length) === 0) return length;
  }
  return 0;
}
