import type {IncomingMessage} from 'node:http';
import type Docker from 'dockerode';
import {type RawStats, type Usage, usageOf} from './compute.js';

// A sample a second per container, only for the containers someone looks at: `want` says which (the rows on
// screen, the one whose pane is open); the others are not asked. Listeners hear at most once a second.
// From API 1.41 the engine answers `one-shot` requests at once: berth polls the wanted containers a second
// apart over a few pooled connections (a stream per container would hold a TLS connection, with its buffers,
// for every row on screen). Older engines get one stream per container.

const HISTORY = 300;
const PUBLISH_MS = 1000;
const POLL_MS = 1000;
// Requests in flight at once while polling: the agent keeps a few connections alive, so no handshakes.
const POLL_CONCURRENCY = 6;
const RETRY_MS = [2000, 5000, 10_000, 30_000];
// A stats line is a few kilobytes; anything far larger is not a stats sample.
const MAX_LINE_BYTES = 1024 * 1024;

type Stream = {response?: IncomingMessage; closed: boolean; failures: number; retry?: NodeJS.Timeout};

export class StatsSampler {
  private readonly streams = new Map<string, Stream>();
  private readonly histories = new Map<string, Usage[]>();
  private readonly listeners = new Set<() => void>();
  private publishTimer?: NodeJS.Timeout;
  private lastPublish = 0;
  private hostMemory?: number;
  private closed = false;
  version = 0;

  private readonly poll: boolean;
  private readonly wanted = new Set<string>();
  private readonly previousCpu = new Map<string, RawStats['cpu_stats']>();
  private pollTimer?: NodeJS.Timeout;
  private polling = false;

  constructor(
    private readonly docker: Docker,
    api = '1.41',
  ) {
    const [major, minor] = api.split('.').map(Number);
    this.poll = major > 1 || (major === 1 && minor >= 41);
    void docker.info().then(
      (info: {MemTotal?: number}) => {
        this.hostMemory = info.MemTotal;
      },
      () => {},
    );
  }

  // The containers to sample now; everything else stops.
  want(ids: Iterable<string>): void {
    if (this.closed) return;
    const wanted = new Set(ids);
    if (this.poll) {
      for (const id of this.wanted) if (!wanted.has(id)) this.forget(id);
      this.wanted.clear();
      for (const id of wanted) this.wanted.add(id);
      if (wanted.size && !this.pollTimer && !this.polling) this.pollTimer = setTimeout(() => void this.pollRound(), 0);
      return;
    }
    for (const [id, stream] of this.streams) {
      if (!wanted.has(id)) this.stop(id, stream);
    }
    for (const id of wanted) if (!this.streams.has(id)) this.start(id);
  }

  latest(id: string): Usage | undefined {
    return this.histories.get(id)?.at(-1);
  }

  history(id: string): readonly Usage[] {
    return this.histories.get(id) ?? [];
  }

  private forget(id: string): void {
    this.histories.delete(id);
    this.previousCpu.delete(id);
  }

  // One round: every wanted container once, a few at a time; the next round a second after this one began (or
  // right after it ends, when the engine is slower than that — a slow engine is asked less often).
  private async pollRound(): Promise<void> {
    this.pollTimer = undefined;
    if (this.closed || !this.wanted.size) return;
    this.polling = true;
    const started = Date.now();
    const queue = [...this.wanted];
    const worker = async () => {
      for (let id = queue.shift(); id; id = queue.shift()) {
        try {
          const raw = (await this.docker
            .getContainer(id)
            .stats({stream: false, 'one-shot': true} as {stream: false})) as RawStats;
          if (this.closed || !this.wanted.has(id)) continue;
          const previous = this.previousCpu.get(id);
          this.previousCpu.set(id, raw.cpu_stats);
          // one-shot leaves precpu empty: the previous answer is the previous sample.
          this.record(id, {...raw, precpu_stats: previous ?? raw.precpu_stats});
        } catch {
          // Stopped or removed meanwhile: the next list refresh takes it off the screen.
        }
      }
    };
    await Promise.all(Array.from({length: Math.min(POLL_CONCURRENCY, queue.length)}, worker));
    this.polling = false;
    if (!this.closed && this.wanted.size)
      this.pollTimer = setTimeout(() => void this.pollRound(), Math.max(0, started + POLL_MS - Date.now()));
  }

  openStreams(): number {
    let open = 0;
    for (const stream of this.streams.values()) if (stream.response && !stream.closed) open++;
    return open;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.publishTimer);
    clearTimeout(this.pollTimer);
    this.wanted.clear();
    for (const [id, stream] of this.streams) this.stop(id, stream);
    this.listeners.clear();
  }

  private stop(id: string, stream: Stream): void {
    stream.closed = true;
    clearTimeout(stream.retry);
    stream.response?.destroy();
    this.streams.delete(id);
    // A container that scrolls away keeps its history for a while only if it comes back soon: drop it.
    this.histories.delete(id);
  }

  private start(id: string): void {
    const stream: Stream = {closed: false, failures: 0};
    this.streams.set(id, stream);
    void this.open(id, stream);
  }

  private async open(id: string, stream: Stream): Promise<void> {
    let response: IncomingMessage;
    try {
      response = (await this.docker.getContainer(id).stats({stream: true})) as unknown as IncomingMessage;
    } catch {
      return this.retry(id, stream);
    }
    if (stream.closed) return void response.destroy();
    stream.response = response;
    let partial = '';
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      if (partial.length > MAX_LINE_BYTES) partial = '';
      for (const line of lines) if (line.trim()) this.sample(id, line);
    });
    const ended = () => {
      if (stream.response === response) stream.response = undefined;
      if (!stream.closed) this.retry(id, stream);
    };
    response.on('end', ended);
    response.on('error', ended);
  }

  // A stopped container ends its stream; a busy or lost engine fails it: try again, less and less often.
  private retry(id: string, stream: Stream): void {
    if (stream.closed || this.closed) return;
    const delay = RETRY_MS[Math.min(stream.failures, RETRY_MS.length - 1)];
    stream.failures += 1;
    stream.retry = setTimeout(() => void this.open(id, stream), delay);
  }

  private sample(id: string, line: string): void {
    // A line that is not a stats object is skipped: nothing from the engine may throw in a stream handler.
    try {
      const raw = JSON.parse(line) as unknown;
      if (!raw || typeof raw !== 'object') return;
      const stream = this.streams.get(id);
      if (stream) stream.failures = 0;
      this.record(id, raw);
    } catch {
      return;
    }
  }

  private record(id: string, raw: RawStats): void {
    const usage = usageOf(raw, this.hostMemory);
    const history = this.histories.get(id) ?? [];
    history.push(usage);
    if (history.length > HISTORY) history.splice(0, history.length - HISTORY);
    this.histories.set(id, history);
    this.schedulePublish();
  }

  private schedulePublish(): void {
    if (this.publishTimer) return;
    const wait = Math.max(0, this.lastPublish + PUBLISH_MS - Date.now());
    this.publishTimer = setTimeout(() => {
      this.publishTimer = undefined;
      this.lastPublish = Date.now();
      this.version++;
      for (const listener of this.listeners) listener();
    }, wait);
  }
}
