import { StringDecoder } from 'node:string_decoder';

// Our own reader for the engine's multiplexed stream (logs/attach/exec with Tty=false), because
// docker-modem's demuxStream concatenates buffers quadratically, treats type 3 as a switch to
// raw mode and writes stdin to stderr (engine.md §2).
//
// Frame: [type, 0, 0, 0, size as big-endian uint32] then `size` payload bytes. Payload bytes are
// decoded as they arrive (a 32 MiB frame is never held in memory) with one UTF-8 decoder per
// frame type, so a character split across frames or chunks decodes whole.

/** 'stdin' is part of the type for completeness but never reported: type 0 is shown as stdout. */
export type DemuxStreamName = 'stdout' | 'stderr' | 'stdin' | 'system';

export interface DemuxHandlers {
  onData(stream: DemuxStreamName, text: string): void;
  onEnd?(): void;
}

export interface StreamDecoder {
  push(chunk: Buffer | Uint8Array): void;
  /** Flushes partial characters, reports a cut-off frame, then calls onEnd once. */
  end(): void;
}

const HEADER_BYTES = 8;
const MAX_FRAME_TYPE = 3;
// Type 0 is stdin, which the API documents as "written on stdout"; type 3 is the daemon's own
// error (e.g. "Error grabbing logs: …").
const STREAM_OF_TYPE: readonly DemuxStreamName[] = ['stdout', 'stdout', 'stderr', 'system'];

function asBuffer(chunk: Buffer | Uint8Array): Buffer {
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

function describeHeader(header: Buffer): string {
  return [...header].map((byte) => byte.toString(16).padStart(2, '0')).join(' ');
}

// Consecutive text for the same stream within one push is reported in one onData call, so a
// chunk of many small frames (json-file sends one per line) costs one callback, not hundreds.
class OutputBatch {
  private stream: DemuxStreamName | undefined;
  private parts: string[] = [];

  constructor(private readonly onData: DemuxHandlers['onData']) {}

  add(stream: DemuxStreamName, text: string): void {
    if (text === '') return;
    if (stream !== this.stream) this.send();
    this.stream = stream;
    this.parts.push(text);
  }

  send(): void {
    if (this.stream !== undefined && this.parts.length > 0) {
      this.onData(this.stream, this.parts.length === 1 ? this.parts[0] : this.parts.join(''));
    }
    this.stream = undefined;
    this.parts = [];
  }
}

/**
 * Decoder for a multiplexed stream. Never throws on bad input: a malformed header (type above 3
 * or non-zero padding, typically a TTY stream read as multiplexed) is reported once on 'system'
 * and everything from that header on is passed through as raw stdout.
 */
export function createDemuxer(handlers: DemuxHandlers): StreamDecoder {
  const batch = new OutputBatch(handlers.onData);
  const decoders = STREAM_OF_TYPE.map(() => new StringDecoder('utf8'));
  const header = Buffer.alloc(HEADER_BYTES);
  let headerFill = 0;
  let frameType = 0;
  let frameRemaining = 0;
  let frameSize = 0;
  let raw: StringDecoder | undefined;
  let ended = false;

  const push = (input: Buffer | Uint8Array): void => {
    if (ended) return;
    const chunk = asBuffer(input);
    let at = 0;
    while (at < chunk.length) {
      if (raw) {
        batch.add('stdout', raw.write(at === 0 ? chunk : chunk.subarray(at)));
        break;
      }
      if (frameRemaining > 0) {
        const take = Math.min(frameRemaining, chunk.length - at);
        batch.add(STREAM_OF_TYPE[frameType], decoders[frameType].write(chunk.subarray(at, at + take)));
        frameRemaining -= take;
        at += take;
        continue;
      }
      const take = Math.min(HEADER_BYTES - headerFill, chunk.length - at);
      chunk.copy(header, headerFill, at, at + take);
      headerFill += take;
      at += take;
      if (headerFill < HEADER_BYTES) break;
      headerFill = 0;
      if (header[0] > MAX_FRAME_TYPE || header[1] !== 0 || header[2] !== 0 || header[3] !== 0) {
        decoders.forEach((decoder, type) => batch.add(STREAM_OF_TYPE[type], decoder.end()));
        batch.add('system', `malformed stream header (${describeHeader(header)}); showing the rest as raw output\n`);
        raw = new StringDecoder('utf8');
        batch.add('stdout', raw.write(header));
        continue;
      }
      frameType = header[0];
      frameSize = header.readUInt32BE(4);
      frameRemaining = frameSize;
    }
    batch.send();
  };

  const end = (): void => {
    if (ended) return;
    ended = true;
    decoders.forEach((decoder, type) => batch.add(STREAM_OF_TYPE[type], decoder.end()));
    if (raw) batch.add('stdout', raw.end());
    if (frameRemaining > 0) {
      batch.add('system', `stream ended inside a frame: ${frameRemaining} of ${frameSize} bytes missing\n`);
    } else if (headerFill > 0) {
      batch.add('system', `stream ended inside a frame header (${headerFill} of ${HEADER_BYTES} bytes)\n`);
    }
    batch.send();
    handlers.onEnd?.();
  };

  return { push, end };
}

/** Decoder for a TTY stream: raw bytes, no headers, everything is stdout. */
export function createRawDecoder(handlers: DemuxHandlers): StreamDecoder {
  const decoder = new StringDecoder('utf8');
  let ended = false;
  return {
    push(chunk) {
      if (ended) return;
      const text = decoder.write(asBuffer(chunk));
      if (text !== '') handlers.onData('stdout', text);
    },
    end() {
      if (ended) return;
      ended = true;
      const rest = decoder.end();
      if (rest !== '') handlers.onData('stdout', rest);
      handlers.onEnd?.();
    },
  };
}
