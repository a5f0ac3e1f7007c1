// Small lexer for the RFC 7230 pieces that Link (RFC 8288) and WWW-Authenticate (RFC 7235)
// share: tokens, quoted strings with backslash escapes, and optional whitespace.

const TOKEN_CHAR = /[!#$%&'*+\-.^_`|~0-9A-Za-z]/;

export class HeaderCursor {
  pos = 0;
  constructor(readonly text: string) {}

  get done(): boolean {
    return this.pos >= this.text.length;
  }

  peek(): string {
    return this.text[this.pos] ?? '';
  }

  skipSpace(): void {
    while (this.pos < this.text.length && (this.text[this.pos] === ' ' || this.text[this.pos] === '\t')) this.pos++;
  }

  // Consumes `char` (after optional whitespace) when it is next; reports whether it was.
  accept(char: string): boolean {
    this.skipSpace();
    if (this.text[this.pos] === char) {
      this.pos++;
      return true;
    }
    return false;
  }

  token(): string {
    const start = this.pos;
    while (this.pos < this.text.length && TOKEN_CHAR.test(this.text.charAt(this.pos))) this.pos++;
    return this.text.slice(start, this.pos);
  }

  // A quoted-string starting at the cursor; an unterminated one runs to the end of the header.
  quoted(): string {
    let out = '';
    this.pos++; // opening quote
    while (this.pos < this.text.length) {
      const char = this.text[this.pos++];
      if (char === '\\' && this.pos < this.text.length) out += this.text[this.pos++];
      else if (char === '"') return out;
      else out += char;
    }
    return out;
  }

  tokenOrQuoted(): string {
    return this.peek() === '"' ? this.quoted() : this.token();
  }

  // Skips to just past the next top-level comma (one outside quotes), for error recovery.
  skipPastComma(): void {
    while (this.pos < this.text.length) {
      const char = this.text[this.pos];
      if (char === '"') this.quoted();
      else {
        this.pos++;
        if (char === ',') return;
      }
    }
  }
}
