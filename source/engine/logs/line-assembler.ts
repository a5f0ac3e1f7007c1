import {StringDecoder} from 'node:string_decoder';
import {sanitizeLine} from '../../text/sanitize.js';
import type {LogEntry, LogStream} from './entry.js';

export type LogLine = {
  // Sanitised: colour (SGR) kept, every other escape removed, controls made visible, tabs expanded.
  text: string;
  stream: LogStream;
  // The engine's RFC3339Nano timestamp of the line's first entry.
  time?: string;
  // The line was longer than MAX_LINE_LENGTH and was cut there.
  truncated?: boolean;
};

// Lines are cut at 64 Ki characters (SPEC §7): a 90,000-character progress line froze lazydocker (LD#221).
export const MAX_LINE_LENGTH = 64 * 1024;
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

// Joins the entries of one stream into lines. One UTF-8 decoder per stream carries a character that the
// engine's 16 KiB cut split between two entries. Past the cap, bytes are dropped until the line ends, without
// being decoded, so a 1 MB line costs no more than a 64 KiB one.
export class LineAssembler {
  private decoder = new StringDecoder('utf8');
  private parts: string[] = [];
  private length = 0;
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
      // A UTF-8 character is at most 4 bytes: more than 4 bytes per missing character cannot be needed.
      const room = (MAX_LINE_LENGTH - this.length) * 4;
      const overflow = content.length > room;
      if (overflow) content = content.subarray(0, room);
      this.append(this.decoder.write(content));
      if (overflow || this.length > MAX_LINE_LENGTH) this.cut();
    }
    return entry.complete ? this.finish() : undefined;
  }

  // The stream ended in the middle of a line (a non-follow read, or a container killed mid-write).
  flush(): LogLine | undefined {
    return this.started ? this.finish() : undefined;
  }

  private append(text: string): void {
    if (text.length === 0) return;
    this.parts.push(text);
    this.length += text.length;
  }

  private cut(): void {
    let text = this.parts.join('');
    let end = Math.min(MAX_LINE_LENGTH, text.length);
    // Never leave half a surrogate pair at the cut.
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff) end--;
    text = text.slice(0, end);
    this.parts = [text];
    this.length = text.length;
    this.truncated = true;
    this.decoder = new StringDecoder('utf8');
  }

  private finish(): LogLine {
    if (!this.truncated) this.append(this.decoder.end());
    else this.decoder = new StringDecoder('utf8');
    const line = makeLine(this.parts.join(''), this.stream, this.time, this.truncated);
    this.parts = [];
    this.length = 0;
    this.time = undefined;
    this.started = false;
    this.truncated = false;
    return line;
  }
}
