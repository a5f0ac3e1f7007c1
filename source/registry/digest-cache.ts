// Content addressed by digest never changes, so manifests and config blobs fetched by digest can
// be kept; the bound keeps a long browsing session from growing without limit.
export class DigestCache<T> {
  private readonly entries = new Map<string, T>();

  constructor(private readonly limit = 500) {}

  get(digest: string): T | undefined {
    const value = this.entries.get(digest);
    if (value !== undefined) {
      this.entries.delete(digest);
      this.entries.set(digest, value);
    }
    return value;
  }

  set(digest: string, value: T): void {
    this.entries.delete(digest);
    this.entries.set(digest, value);
    if (this.entries.size > this.limit) this.entries.delete(this.entries.keys().next().value as string);
  }
}
