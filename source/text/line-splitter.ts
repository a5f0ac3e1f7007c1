export interface SplitLine {
  text: string;
  /** The line was longer than the cap: `text` is its first maxLineBytes bytes, the rest was dropped. */
  truncated: boolean;
}

export interface LineSplitterOptions {
  /** Cap in UTF-8 bytes (what the engine and json-file count in); at least 4. Default 64 KiB. */
  maxLineBytes?: number;
}

export const DEFAULT_MAX_LINE_BYTES = 64 * 1024;

const LF = 0x0a;
const CR = 0x0d;

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * Turns a stream of decoded text chunks into lines (one splitter per stream: stdout and stderr
 * interleave at frame boundaries, not line boundaries).
 *
 * - `\n` ends a line; a `\r` right before it is dropped (TTY output is `\r\n`).
 * - A lone `\r` returns to column 0: only the text after the last one is kept, which draws
 *   progress bars as their final state. A line that ends in `\r` (`done\r` then flush) keeps the
 *   text before it, because that is what a terminal would still be showing.
 * - A line over `maxLineBytes` UTF-8 bytes is emitted as soon as the cap is reached, cut on a
 *   code point boundary and marked truncated; everything up to the next `\n` is dropped. A high
 *   surrogate is counted as the 4 bytes of its pair, so a pair is never split.
 * - Work is linear in the input: text is kept as a list of slices and joined once per line.
 */
export class LineSplitter {
  private readonly maxLineBytes: number;
  private parts: string[] = [];
  private partBytes = 0;
  // Text before the last lone `\r`, kept in case nothing follows it on the line.
  private overwritten: string | undefined;
  private pendingCr = false;
  private discarding = false;
  private previousWasHighSurrogate = false;

  constructor(options: LineSplitterOptions = {}) {
    const max = options.maxLineBytes ?? DEFAULT_MAX_LINE_BYTES;
    if (!Number.isSafeInteger(max) || max < 4) {
      throw new RangeError(`maxLineBytes must be an integer of at least 4, got ${String(max)}`);
    }
    this.maxLineBytes = max;
  }

  /** Feeds one chunk; returns the lines it completed (and any cut at the cap), oldest first. */
  push(chunk: string): SplitLine[] {
    const lines: SplitLine[] = [];
    let runStart = 0;
    for (let i = 0; i < chunk.length; i++) {
      const code = chunk.charCodeAt(i);
      if (this.pendingCr) {
        this.pendingCr = false;
        if (code !== LF) this.returnToColumnZero();
      }
      if (code === LF || code === CR) {
        this.keepRun(chunk, runStart, i);
        runStart = i + 1;
        this.previousWasHighSurrogate = false;
        if (code === CR) {
          if (!this.discarding) this.pendingCr = true;
        } else if (this.discarding) {
          this.discarding = false;
        } else {
          lines.push(this.takeLine(false));
        }
        continue;
      }
      if (this.discarding) continue;
      const bytes = this.utf8Bytes(code);
      if (this.partBytes + bytes > this.maxLineBytes) {
        this.keepRun(chunk, runStart, i);
        lines.push(this.takeLine(true));
        this.discarding = true;
        continue;
      }
      this.partBytes += bytes;
    }
    this.keepRun(chunk, runStart, chunk.length);
    return lines;
  }

  /** Ends the input: returns the last line if it had no `\n`, and resets the splitter. */
  flush(): SplitLine[] {
    if (this.pendingCr) {
      this.pendingCr = false;
      this.returnToColumnZero();
    }
    const hasText = !this.discarding && (this.parts.length > 0 || this.overwritten !== undefined);
    const lines = hasText ? [this.takeLine(false)] : [];
    this.discarding = false;
    this.previousWasHighSurrogate = false;
    return lines;
  }

  private utf8Bytes(code: number): number {
    const previousWasHigh = this.previousWasHighSurrogate;
    this.previousWasHighSurrogate = isHighSurrogate(code);
    if (code < 0x80) return 1;
    if (code < 0x800) return 2;
    if (this.previousWasHighSurrogate) return 4;
    if (isLowSurrogate(code) && previousWasHigh) return 0;
    return 3;
  }

  private keepRun(chunk: string, start: number, end: number): void {
    if (end > start && !this.discarding) this.parts.push(chunk.slice(start, end));
  }

  private returnToColumnZero(): void {
    if (this.discarding || this.parts.length === 0) return;
    this.overwritten = this.parts.join('');
    this.parts = [];
    this.partBytes = 0;
  }

  private takeLine(truncated: boolean): SplitLine {
    let text: string;
    if (this.parts.length > 0) text = this.parts.length === 1 ? this.parts[0] : this.parts.join('');
    else text = this.overwritten ?? '';
    this.parts = [];
    this.partBytes = 0;
    this.overwritten = undefined;
    return { text, truncated };
  }
}
