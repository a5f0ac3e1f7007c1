import type {LogEntry} from './entry.js';

// Entries on their way to the lines through a rewrite that may not know them yet (a task the service prefixer
// has not seen: LogSessionOptions.rewrite): such an entry and the ones after it wait, in order, until `resolve`
// settles, and are asked about again; never more than `limit` wait.
export class HeldEntries {
  private held: LogEntry[] = [];
  private holding = false;

  constructor(
    private readonly rewrite: ((entry: LogEntry) => LogEntry | undefined) | undefined,
    private readonly resolve: (() => Promise<void>) | undefined,
    private readonly limit: number,
    private readonly show: (entry: LogEntry) => void,
  ) {}

  add(entry: LogEntry): void {
    const rewrite = this.rewrite;
    if (!rewrite || entry.stream === 'system') return this.show(entry);
    if (this.holding) {
      this.held.push(entry);
      if (this.held.length > this.limit) this.release(true);
      return;
    }
    const shown = rewrite(entry);
    if (shown) return this.show(shown);
    this.holding = true;
    this.held.push(entry);
    const resolve = this.resolve ?? (() => Promise.resolve());
    void resolve()
      .catch(() => undefined)
      .then(() => this.release());
  }

  // Hands the held entries on in order (asking `rewrite` again); `force` takes them as they are.
  release(force = false): void {
    if (!this.holding) return;
    this.holding = false;
    const held = this.held;
    this.held = [];
    for (const entry of held) {
      if (force) this.show(this.rewrite?.(entry) ?? entry);
      else if (this.holding) this.held.push(entry);
      else this.add(entry);
    }
  }
}
