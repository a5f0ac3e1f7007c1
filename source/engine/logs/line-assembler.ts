import {StringDecoder} from 'node:string_decoder';
import {sanitizeLine} from '../../text/sanitize.js';
import type {LogEntry, LogStream} from './entry.js';

export type LogLine = {
  // Sanitised: colour (SGR) kept, every other escape removed, controls and format characters made visible,
  // tabs expanded.
  text: string;
  // What the container wrote, when sanitising changed it: saving writes the container's output, not the screen.
  raw?: string;
  stream: LogStream;
  // The engine's RFC3339Nano timestamp of the line's first entry.
  time?: string;
  // In merged logs of several engines: `time` on berth's clock (each engine's clock offset taken off), which is
  // what orders the line among the others' (merged-logs.ts).
  mergeTime?: string;
  // The line was longer than MAX_LINE_BYTES and was cut there.
  truncated?: boolean;
  // Interleaved logs (merged-logs.ts): the text starts with `length` characters naming where the line came
  // from ("web    | "), drawn in the colour of the theme's log prefix palette that `hue` picks (prefix-hue.ts).
  prefix?: {length: number; hue: number};
};

// Lines are cut at 64 KiB of UTF-8: a 90,000-character progress line froze lazydocker
// (https://github.com/jesseduffield/lazydocker/issues/221). The cap
// counts what is shown, the text after the last lone `\r`, not what a progress bar overwrote.
export const MAX_LINE_BYTES = 64 * 1024;
const NEWLINE = 0x0a;
const CR = 0x0d;

// `\r` alone returns to column 0, so what a terminal would finally show is the text after the last one
// (progress bars); `\r\n` from TTY containers is only a line end.
export function afterCarriageReturns(text: string): string {
  let end = text.length;
  while (end > 0 && text.charCodeAt(end - 1) === CR) end--;
  const body = end === text.length ? text : text.slice(0, end);
  const cr = body.lastIndexOf('\r');
  return cr < 0 ? body : body.slice(cr + 1);
}

export function makeLine(raw: string, stream: LogStream, time: string | undefined, truncated: boolean): LogLine {
  return lineOf(afterCarriageReturns(raw), stream, time, truncated);
}

// For text that is already what a terminal would show (no carriage returns left).
function lineOf(shown: string, stream: LogStream, time: string | undefined, truncated: boolean): LogLine {
  const text = sanitizeLine(shown);
  // Made whole, with its time: a property added to an object literal later takes a second object (the
  // out-of-object property store), and every line is kept (the buffer's 10,000), so the collector copies both.
  const line: LogLine = time ? {text, stream, time} : {text, stream};
  // Most lines come back as the same string; a changed one keeps its original (at most 64 KiB) for saving.
  if (text !== shown) line.raw = shown;
  if (truncated) line.truncated = true;
  return line;
}

// Joins the entries of one stream into lines (entries already end at line ends, so there is nothing to
// split, only to join). One UTF-8 decoder per stream carries a character that the engine's 16 KiB cut split
// between two entries. Text before a lone `\r` is dropped as soon as something follows the `\r`, so the cap
// applies to the stretch a terminal would finally show. Past the cap, bytes are dropped until the line ends
// without being decoded, so a 1 MB line costs no more than a 64 KiB one.
export class LineAssembler {
  private decoder = new StringDecoder('utf8');
  private parts: string[] = [];
  // UTF-8 bytes of the current stretch (since the last return to column 0).
  private bytes = 0;
  // The last piece ended in `\r`: text after it returns to column 0, a line end keeps what is there.
  private pendingCr = false;
  private time: string | undefined;
  private started = false;
  private truncated = false;
  private readonly maxLineBytes: number;

  constructor(
    private readonly stream: LogStream,
    maxLineBytes = MAX_LINE_BYTES,
  ) {
    if (!Number.isSafeInteger(maxLineBytes) || maxLineBytes < 4) {
      throw new RangeError(`maxLineBytes must be an integer of at least 4 (one character), not ${maxLineBytes}`);
    }
    this.maxLineBytes = maxLineBytes;
  }

  get pending(): boolean {
    return this.started;
  }

  add(entry: LogEntry): LogLine | undefined {
    // Most entries are one whole line without a `\r`: decoded straight from the bytes (no decoder, parts or view).
    if (!this.started && entry.complete) {
      const content = entry.content;
      const end = content.length > 0 && content[content.length - 1] === NEWLINE ? content.length - 1 : content.length;
      if (end <= this.maxLineBytes && content.indexOf(CR) < 0)
        return lineOf(content.toString('utf8', 0, end), this.stream, entry.time, false);
    }
    if (!this.started) {
      this.started = true;
      this.time = entry.time;
    }
    if (!this.truncated) {
      let content = entry.content;
      if (entry.complete && content[content.length - 1] === NEWLINE) content = content.subarray(0, content.length - 1);
      this.take(content);
    }
    return entry.complete ? this.finish() : undefined;
  }

  // The stream ended in the middle of a line (a non-follow read, or a container killed mid-write).
  flush(): LogLine | undefined {
    return this.started ? this.finish() : undefined;
  }

  // Splits at carriage returns: text after a `\r` starts the line again, a `\r` at the end waits for what follows.
  private take(content: Buffer): void {
    let pos = 0;
    for (;;) {
      const cr = content.indexOf(CR, pos);
      const end = cr < 0 ? content.length : cr;
      if (end > pos) {
        if (this.pendingCr) this.returnToColumnZero();
        // Most entries hold no `\r` at all: the content itself, no view made.
        this.append(end - pos === content.length ? content : content.subarray(pos, end));
        if (this.truncated) return;
      }
      if (cr < 0) return;
      this.pendingCr = true;
      pos = cr + 1;
    }
  }

  private append(stretch: Buffer): void {
    this.pendingCr = false;
    const room = this.maxLineBytes - this.bytes;
    const overflow = stretch.length > room;
    const kept = overflow ? stretch.subarray(0, room) : stretch;
    this.bytes += kept.length;
    const text = this.decoder.write(kept);
    if (text.length > 0) this.parts.push(text);
    // The decoder holds back a character cut by the cap: dropping the decoder drops it, whole.
    if (overflow) {
      this.truncated = true;
      this.decoder = new StringDecoder('utf8');
    }
  }

  private returnToColumnZero(): void {
    this.parts = [];
    this.bytes = 0;
    // A character cut by the `\r` is overwritten with the rest of the stretch: end() drops it and resets.
    this.decoder.end();
  }

  private finish(): LogLine {
    if (!this.truncated) this.parts.push(this.decoder.end());
    // The parts hold no `\r`: take() keeps only what follows the last one.
    const line = lineOf(this.parts.join(''), this.stream, this.time, this.truncated);
    this.parts = [];
    this.bytes = 0;
    this.pendingCr = false;
    this.time = undefined;
    this.started = false;
    this.truncated = false;
    return line;
  }
}
