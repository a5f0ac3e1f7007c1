import {StringDecoder} from 'node:string_decoder';
import {afterCarriageReturns, MAX_LINE_BYTES} from '../logs/line-assembler.js';

// Bytes from compose's stdout/stderr to lines: UTF-8 kept across chunks, `\r`-rewritten lines reduced to what a
// terminal would show, lines over 64 KiB cut.
export class OutputLines {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';

  constructor(private readonly onLine: (text: string, truncated: boolean) => void) {}

  write(chunk: Buffer): void {
    this.pending += this.decoder.write(chunk);
    let newline = this.pending.indexOf('\n');
    while (newline >= 0) {
      this.emit(this.pending.slice(0, newline));
      this.pending = this.pending.slice(newline + 1);
      newline = this.pending.indexOf('\n');
    }
    if (Buffer.byteLength(this.pending) > MAX_LINE_BYTES) {
      this.emit(this.pending, true);
      this.pending = '';
    }
  }

  end(): void {
    this.pending += this.decoder.end();
    if (this.pending) this.emit(this.pending);
    this.pending = '';
  }

  private emit(raw: string, truncated = false): void {
    const shown = afterCarriageReturns(raw);
    const cut = Buffer.byteLength(shown) > MAX_LINE_BYTES;
    this.onLine(cut ? Buffer.from(shown).subarray(0, MAX_LINE_BYTES).toString('utf8') : shown, truncated || cut);
  }
}

// compose rewrites a line per object while it works on it ("Creating demo_web_1 ... " then "... done" in v1,
// " Container demo-web-1  Creating" then "Started" in v2). The key says which earlier line a new one replaces,
// so the pane keeps one line per service, updated in place; other lines have no key and are appended.
export function progressKey(text: string): string | undefined {
  // ✔ ✘ ✗ and the braille spinner (⠀-⣿) as escapes: the bundle is kept ASCII (scripts/build.mjs).
  const v2 = /^\s*(?:[\u2714\u2718\u2717\u2800-\u28ff]\s+)?(Network|Container|Volume|Image)\s+(\S+)\s+\S/.exec(text);
  if (v2) return `${v2[1]} ${v2[2]}`;
  const v1 = /^(?:[A-Z][a-z]+) (\S+?)\s+\.\.\.(?:\s|$)/.exec(text);
  if (v1) return v1[1];
  return undefined;
}
