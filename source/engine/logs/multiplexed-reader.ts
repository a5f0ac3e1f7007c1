import {FrameSplitter, isFrameHeader} from '../frames.js';
import {concatPieces, MAX_ENTRY_BYTES, type EntryReader, type LogEntry, type LogStream} from './entry.js';
import {timestampPrefixLength} from './timestamp.js';
import {itemAt} from '../../util/item-at.js';

const NEWLINE = 0x0a;

// Frame type byte to stream; 0 (stdin) is "written on stdout" per the API spec, 3 is the engine's own error.
// By frame type (0 to 3).
const STREAMS: readonly LogStream[] = ['stdout', 'stdout', 'stderr', 'system'];

// Reads the engine's multiplexed stream (non-TTY containers, frames.ts), where each frame is exactly one log
// entry. Payload pieces are kept as views and joined once per frame, never re-concatenated per chunk
// (docker-modem's demuxer is quadratic there).
export class MultiplexedEntryReader implements EntryReader {
  private readonly frames = new FrameSplitter({
    header: (type, _size, header) => this.startFrame(type, header),
    payload: (_type, piece, last) => this.addPiece(piece, last),
  });
  private stream: LogStream = 'stdout';
  private pieces: Buffer[] = [];
  private pieceBytes = 0;
  // Set once the frame's first piece went out early (oversized frame): later pieces carry no timestamp.
  private frameTime: string | undefined;
  private frameStarted = false;

  constructor(private readonly onEntry: (entry: LogEntry) => void) {}

  push(chunk: Buffer): void {
    this.frames.push(chunk);
  }

  end(): void {
    if (this.pieceBytes > 0) this.emit(true);
    this.reset();
  }

  reset(): void {
    this.frames.reset();
    this.pieces = [];
    this.pieceBytes = 0;
    this.frameStarted = false;
    this.frameTime = undefined;
  }

  private startFrame(type: number, header: Buffer): void {
    if (!isFrameHeader(header)) {
      throw new Error(
        `the log stream is not in the engine's multiplexed format (frame header ${header.toString('hex')})`,
      );
    }
    // (isFrameHeader admits the four types only.)
    this.stream = itemAt(STREAMS, type);
    this.frameStarted = false;
    this.frameTime = undefined;
  }

  private addPiece(piece: Buffer, last: boolean): void {
    this.pieces.push(piece);
    this.pieceBytes += piece.length;
    if (last) this.emit(true);
    else if (this.pieceBytes >= MAX_ENTRY_BYTES) this.emit(false);
  }

  private emit(frameDone: boolean): void {
    const payload = concatPieces(this.pieces, this.pieceBytes);
    // Emptied in place: concatPieces returned a buffer, not the array (an array less per entry).
    this.pieces.length = 0;
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
