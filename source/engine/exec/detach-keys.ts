// The detach sequence, in the docker CLI's --detach-keys / detachKeys format: comma-separated keys, each a single
// character or ctrl-<a-z, @, [, \, ], ^, _> (moby pkg/term ToBytes). Default ctrl-p,ctrl-q.
export const DEFAULT_DETACH_KEYS = 'ctrl-p,ctrl-q';

export function parseDetachKeys(text: string): Buffer {
  const bytes: number[] = [];
  for (const raw of text.split(',')) {
    const key = raw.trim();
    const lower = key.toLowerCase();
    const char = lower.startsWith('ctrl-') && key.length === 6 ? lower[5] : undefined;
    if (char !== undefined) {
      if (char >= 'a' && char <= 'z') bytes.push(char.charCodeAt(0) - 96);
      else if (char === '@') bytes.push(0);
      else if ('[\\]^_'.includes(char)) bytes.push(char.charCodeAt(0) - 64);
      else throw new Error(`detach key "${key}": ctrl- takes a letter or one of @ [ \\ ] ^ _`);
    } else if (key.length === 1) bytes.push(key.charCodeAt(0));
    else
      throw new Error(
        `detach key "${key}": give a single character or ctrl-<letter>, comma-separated (e.g. ${DEFAULT_DETACH_KEYS})`,
      );
  }
  if (!bytes.length) throw new Error(`give detach keys such as ${DEFAULT_DETACH_KEYS}`);
  return Buffer.from(bytes);
}

// Watches keystrokes for the detach sequence. Bytes that may start it are held back until it is decided, as the
// engine does (a ctrl-p not followed by ctrl-q goes on, late); `feed` returns what to pass on and whether the
// whole sequence was typed.
export class DetachWatcher {
  private held = 0;

  constructor(readonly sequence: Buffer) {}

  feed(chunk: Buffer): {pass: Buffer; detach: boolean} {
    const out: number[] = [];
    for (const byte of chunk) {
      if (byte === this.sequence[this.held]) {
        this.held += 1;
        if (this.held === this.sequence.length) {
          this.held = 0;
          return {pass: Buffer.from(out), detach: true};
        }
        continue;
      }
      // Not the sequence after all: what was held goes on, and this byte may start it again.
      out.push(...this.sequence.subarray(0, this.held));
      this.held = 0;
      if (byte === this.sequence[0]) {
        this.held = 1;
        if (this.sequence.length === 1) return {pass: Buffer.from(out), detach: true};
      } else out.push(byte);
    }
    return {pass: Buffer.from(out), detach: false};
  }
}

export const describeDetachKeys = (text: string) =>
  text
    .split(',')
    .map(key => key.trim())
    .join(' ');
