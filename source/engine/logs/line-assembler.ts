import {StringDecoder} from 'node:string_decoder';
import {sanitizeLine} from '../../text/sanitize.js';
import type {LogEntry, LogStream} from './entry.js';

export type LogLine = {
  // Sanitised: colour (SGR) kept, every other escape removed, controls made visible, tabs expanded.
  text: string;
  stream: LogStream;
  // The engine's RFC3339Nano timestamp of the line's first entry.
  time?: string;
  // The line was longer than MAX_LINE_BYTES and was cut there.
  truncated?: boolean;
};

// Lines are cut at 64 KiB of UTF-8 (SPEC §7, as text/line-splitter.ts counts): a 90,000-character progress
// line froze lazydocker (LD#221).
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
  const line: LogLine = {text: sanitizeLine(afterCarriageReturns(raw)), stream};
  if (time) line.time = time;
  if (truncated) line.truncated = true;
  return line;
}

// Joins the entries of one stream into lines (entries already end at line ends, so there is nothing to
// split, only to join). One UTF-8 decoder per stream carries a character that the engine's 16 KiB cut split
// between two entries. Past the cap, bytes are dropped until the line ends without being decoded, so a 1 MB
// line costs no more than a 64 KiB one.
export class LineAssembler {
  private decoder = new StringDecoder('utf8');
  private parts: string[] = [];
  private bytes = 0;
  private time: string | undefined;
  private started = false;
  private truncated = false;

  constructor(private readonly stream: LogStream) {}

  get pending(): boolean {
    return this.started;
  }

  add(entry: LogEntry): LogLine | undefined {
    if (!this.started) {
      this.started = true;
      this.time = entry.time;
    }
    if (!this.truncated) {
      let content = entry.content;
      if (entry.complete && content[content.length - 1] === NEWLINE) content = content.subarray(0, content.length - 1);
      const room = MAX_LINE_BYTES - this.bytes;
      const overflow = content.length > room;
      if (overflow) content = content.subarray(0, room);
      this.bytes += content.length;
      const text = this.decoder.write(content);
      if (text.length > 0) this.parts.push(text);
      // The decoder holds back a character cut by the cap: dropping the decoder drops it, whole.
      if (overflow) {
        this.truncated = true;
        this.decoder = new StringDecoder('utf8');
      }
    }
    return entry.complete ? this.finish() : undefined;
  }

  // The stream ended in the middle of a line (a non-follow read, or a container killed mid-write).
  flush(): LogLine | undefined {
    return this.started ? this.finish() : undefined;
  }

  private finish(): LogLine {
    if (!this.truncated) this.parts.push(this.decoder.end());
    const line = makeLine(this.parts.join(''), this.stream, this.time, this.truncated);
    this.parts = [];
    this.bytes = 0;
    this.time = undefined;
    this.started = false;
    this.truncated = false;
    return line;
  }
}
