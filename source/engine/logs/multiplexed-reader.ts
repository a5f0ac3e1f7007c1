import {concatPieces, MAX_ENTRY_BYTES, type EntryReader, type LogEntry, type LogStream} from './entry.js';
import {timestampPrefixLength} from './timestamp.js';

const HEADER_BYTES = 8;
const NEWLINE = 0x0a;

// Frame type byte to stream; 0 (stdin) is "written on stdout" per the API spec, 3 is the engine's own error.
const STREAMS: Record<number, LogStream> = {0: 'stdout', 1: 'stdout', 2: 'stderr', 3: 'system'};

// Reads the engine's multiplexed stream (non-TTY containers): [type, 0, 0, 0, size32be] + payload, where each
// frame is exactly one log entry. Headers and payloads straddle chunks; payload pieces are kept as views
// and joined once per frame, never re-concatenated per chunk (docker-modem's demuxer is quadratic there).
export class MultiplexedEntryReader implements EntryReader {
  private readonly header = Buffer.alloc(HEADER_BYTES);
  private headerFill = 0;
  private remaining = 0;
  private stream: LogStream = 'stdout';
  private pieces: Buffer[] = [];
  private pieceBytes = 0;
  // Set once the frame's first piece went out early (oversized frame): later pieces carry no timestamp.
  private frameTime: string | undefined;
  private frameStarted = false;

  constructor(private readonly onEntry: (entry: LogEntry) => void) {}

  push(chunk: Buffer): void {
    let pos = 0;
    while (pos < chunk.length) {
      if (this.remaining === 0) {
        const take = Math.min(HEADER_BYTES - this.headerFill, chunk.length - pos);
        chunk.copy(this.header, this.headerFill, pos, pos + take);
        this.headerFill += take;
        pos += take;
        if (this.headerFill < HEADER_BYTES) return;
        this.startFrame();
        continue;
      }
      const take = Math.min(this.remaining, chunk.length - pos);
      this.pieces.push(chunk.subarray(pos, pos + take));
      this.pieceBytes += take;
      this.remaining -= take;
      pos += take;
      if (this.remaining === 0) this.emit(true);
      else if (this.pieceBytes >= MAX_ENTRY_BYTES) this.emit(false);
    }
  }

  end(): void {
    if (this.pieceBytes > 0) this.emit(true);
    this.reset();
  }

  reset(): void {
    this.headerFill = 0;
    this.remaining = 0;
    this.pieces = [];
    this.pieceBytes = 0;
    this.frameStarted = false;
    this.frameTime = undefined;
  }

  private startFrame(): void {
    const type = this.header[0];
    const stream = STREAMS[type];
    if (!stream || this.header[1] !== 0 || this.header[2] !== 0 || this.header[3] !== 0) {
      throw new Error(`the log stream is not in the engine's multiplexed format (frame header ${this.header.toString('hex')})`);
    }
    this.stream = stream;
    this.remaining = this.header.readUInt32BE(4);
    this.headerFill = 0;
    this.frameStarted = false;
    this.frameTime = undefined;
  }

  private emit(frameDone: boolean): void {
    const payload = concatPieces(this.pieces, this.pieceBytes);
    this.pieces = [];
    this.pieceBytes = 0;
    let content = payload;
    if (!this.frameStarted) {
      this.frameStarted = true;
      // The engine's own errors (type 3) are plain text without a timestamp.
      if (this.stream !== 'system') {
        const prefix = timestampPrefixLength(payload);
        this.frameTime = prefix.time;
        content = payload.subarray(prefix.length);
      }
    }
    const complete = frameDone && (this.stream === 'system' || content[content.length - 1] === NEWLINE);
    this.onEntry({stream: this.stream, time: this.frameTime, content, complete});
  }
}
