// At most one publish per publishMs, and none when nothing changed: a log writing 5,000 lines a second
// costs the UI ten renders a second, not 5,000 (https://github.com/jesseduffield/lazydocker/issues/202).
export class Publisher {
  private readonly listeners = new Set<() => void>();
  private pending = false;
  private timer: NodeJS.Timeout | undefined;
  private lastPublish = 0;
  private stopped = false;

  constructor(private readonly publishMs: number) {}

  get listenerCount(): number {
    return this.listeners.size;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  changed(): void {
    this.pending = true;
    this.schedule();
  }

  // For a change that is followed at once by one that schedules: a single timer carries both.
  markChanged(): void {
    this.pending = true;
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.listeners.clear();
  }

  private schedule(): void {
    if (this.timer || this.stopped || !this.pending) return;
    const wait = Math.max(0, this.lastPublish + this.publishMs - Date.now());
    this.timer = setTimeout(() => this.publish(), wait);
  }

  private publish(): void {
    this.timer = undefined;
    if (!this.pending || this.stopped) return;
    this.pending = false;
    this.lastPublish = Date.now();
    for (const listener of [...this.listeners]) listener();
  }
}
