// Splits the bytes of a JSON array, as they arrive, into the texts of its elements: each is parsed on its own and
// its garbage dies young, where JSON.parse of the whole answer held the text, the tree of every element and the
// rows made from them at once (a 100,000-container list is ~70 MB of JSON). Only the array's own brackets and
// commas are read here; what is inside an element is JSON.parse's to judge. UTF-8 is safe to scan byte by byte:
// every byte of a multi-byte character is ≥ 0x80, never a quote, a backslash or a bracket.
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;
const isSpace = (byte: number) => byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;

export class JsonArrayElements {
  // 0: before the array; 1: between its elements; more: inside one.
  private depth = 0;
  private inString = false;
  private escaped = false;
  // The element being read: its bytes from earlier chunks, and where it began in this one.
  private parts: Buffer[] = [];
  private inElement = false;
  private closed = false;
  // Not an array (an error object, a proxy's page): kept whole for the caller to judge.
  notArray?: Buffer[];

  constructor(private readonly each: (text: string) => void) {}

  push(chunk: Buffer): void {
    if (this.notArray) return void this.notArray.push(chunk);
    let start = this.inElement ? 0 : -1;
    for (let i = 0; i < chunk.length; i++) {
      if (this.inString) {
        // Inside a string only a quote not escaped matters: found by indexOf (native), not byte by byte.
        if (this.escaped) {
          this.escaped = false;
          continue;
        }
        const quote = chunk.indexOf(QUOTE, i);
        const until = quote < 0 ? chunk.length : quote;
        let backslashes = 0;
        for (let j = until - 1; j >= i && chunk[j] === BACKSLASH; j--) backslashes++;
        if (quote < 0) {
          // The chunk ends inside the string: an odd run of backslashes at its end escapes the next chunk's first byte.
          this.escaped = backslashes % 2 === 1;
          break;
        }
        i = quote;
        if (backslashes % 2 === 1) continue;
        this.inString = false;
        if (this.depth === 1) start = this.emit(chunk, start, i + 1);
        continue;
      }
      const byte = chunk[i] ?? 0;
      if (this.depth === 0) {
        if (isSpace(byte)) continue;
        if (byte !== OPEN_ARRAY || this.closed) {
          this.notArray = [chunk.subarray(i)];
          return;
        }
        this.depth = 1;
        continue;
      }
      if (this.depth === 1 && !this.inElement) {
        if (isSpace(byte) || byte === COMMA) continue;
        if (byte === CLOSE_ARRAY) {
          this.depth = 0;
          this.closed = true;
          continue;
        }
        this.inElement = true;
        start = i;
      }
      switch (byte) {
        case QUOTE:
          this.inString = true;
          break;
        case OPEN_ARRAY:
        case OPEN_OBJECT:
          this.depth += 1;
          break;
        case CLOSE_ARRAY:
        case CLOSE_OBJECT:
          if (this.depth === 1) {
            // A bare element (a number, true) ends at the array's end.
            start = this.emit(chunk, start, i);
            this.depth = 0;
            this.closed = true;
            break;
          }
          this.depth -= 1;
          if (this.depth === 1) start = this.emit(chunk, start, i + 1);
          break;
        default:
          if (this.depth === 1 && (byte === COMMA || isSpace(byte))) start = this.emit(chunk, start, i);
      }
    }
    if (this.inElement && start >= 0) this.parts.push(chunk.subarray(start));
  }

  // Whether the array was read to its closing bracket.
  get complete(): boolean {
    return this.closed && !this.notArray;
  }

  private emit(chunk: Buffer, start: number, end: number): number {
    if (!this.inElement) return -1;
    const piece = chunk.subarray(Math.max(0, start), end);
    const text = this.parts.length ? Buffer.concat([...this.parts, piece]).toString('utf8') : piece.toString('utf8');
    this.parts = [];
    this.inElement = false;
    this.each(text);
    return -1;
  }
}
