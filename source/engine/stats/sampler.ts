import type Docker from 'dockerode';
import {type RawStats, type Usage, usageOf} from './compute.js';
import {statsReader, type StatsReader} from './stats-reader.js';

// Samples only the containers someone looks at: `want` says which (the rows on screen, the one whose pane is
// open); the others are not asked. Listeners hear at most once a second.
//
// The engine answers a stats read from its collector, which samples every subscribed container once a second:
// a read waits for the collector's next pass (a `one-shot` read) or the one after (a plain `stream=false` read,
// which then carries the previous pass as `precpu_stats`, so it has a CPU figure on its own). Reads on one
// connection therefore come one a second at most: every container is read at once, each on its own pooled
// connection, and the answers arrive together — the first CPU figures one or two engine passes after `u`.
// A container's first read is a plain one (CPU at once); later reads are one-shot (API 1.41 and up; cheaper,
// the CPU figure taken from the previous answer): every second for a few rows, and for a screenful in the UI a
// slice a second of the rows read longest ago (UI_ROUND_MS_PER_CONTAINER), a few connections at a time.
// Measured on a TLS engine, 52 containers (docs/benchmarks.md): a stream per container 0.6 ms of
// berth's CPU a sample, a one-shot read 1.1 ms, a plain read 1.8 ms; a stream is paced by the engine (every
// second, for every row), reads by berth.

const HISTORY = 300;
const PUBLISH_MS = 1000;
// Never more often than the engine's own collector samples.
const MIN_ROUND_MS = 1000;
// The UI's pace after the first read (roundMsPerContainer): each of N containers read every max(1 s, N × 240 ms) —
// ~4 reads a second, 51 rows on screen each every 12 s, 4 rows every second. A read costs berth ~1 ms of CPU (TLS,
// HTTP, JSON) and is most of the columns' idle cost: at N × 160 ms (~6 reads a second) 51 idle rows measured 1.1-1.3×
// this pace's CPU side by side (docs/benchmarks.md). `berth stats` reads every container every second, as docker
// stats does. Rows whose figures do not move are read at half this pace (STEADY_SLOWDOWN).
export const UI_ROUND_MS_PER_CONTAINER = 240;
// Connections at once: a screenful is read in one pass of the engine's collector; a CPU sort over hundreds of
// containers waits for a few passes instead of opening hundreds of connections.
const CONCURRENCY = 64;
const GATHER_MS = 100;
// A read answers within one or two of the engine's 1 s sampling passes; one that has not in 10 s is stalled (an
// engine or a proxy that stopped answering) and would hold its row, and a slot of the pool, for ever.
const READ_DEADLINE_MS = 10_000;
// A row whose figures did not move between its last two reads (an idle container: 0 % and the same memory) is
// read at half the pace; one that moves, at the full pace. Most containers on a server are idle, so this halves
// most of the reads, while a container that starts working is back at the full pace after one read.
const STEADY_SLOWDOWN = 2;
const steadyBetween = (a: Usage, b: Usage): boolean =>
  Math.abs((a.cpuPercent ?? 0) - (b.cpuPercent ?? 0)) < 0.1 &&
  Math.abs((a.memory ?? 0) - (b.memory ?? 0)) <= 0.01 * Math.max(a.memory ?? 0, b.memory ?? 0);

export class StatsSampler {
  private readonly histories = new Map<string, Usage[]>();
  private readonly listeners = new Set<() => void>();
  private publishTimer?: NodeJS.Timeout;
  private lastPublish = 0;
  private hostMemory?: number;
  private closed = false;
  version = 0;

  private readonly oneShot: boolean;
  private readonly wanted = new Set<string>();
  private readonly previousCpu = new Map<string, RawStats['cpu_stats']>();
  private readonly inFlight = new Set<string>();
  // When each container's last read was sent.
  private readonly lastRead = new Map<string, number>();
  private readonly queue: string[] = [];
  // Reads under way, by container: one that leaves the screen is dropped with its connection.
  private readonly reading = new Map<string, AbortController>();
  private readonly reader: StatsReader;
  private roundTimer?: NodeJS.Timeout;

  constructor(
    private readonly docker: Docker,
    api = '1.41',
    private readonly roundMsPerContainer = 0,
    private readonly readDeadlineMs = READ_DEADLINE_MS,
  ) {
    const [major = 0, minor = 0] = api.split('.').map(Number);
    this.oneShot = major > 1 || (major === 1 && minor >= 41);
    // Its own pool of kept-alive connections: the engine client's keeps only a few idle ones, so every round
    // would open (and TLS-handshake) most of its connections again.
    this.reader = statsReader(docker, CONCURRENCY);
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
    for (const id of this.wanted) if (!wanted.has(id)) this.forget(id);
    const fresh: string[] = [];
    for (const id of wanted) if (!this.wanted.has(id) && !this.previousCpu.has(id)) fresh.push(id);
    this.wanted.clear();
    for (const id of wanted) this.wanted.add(id);
    // A row that just came on screen is read at once, not at the next round.
    this.enqueue(fresh);
    if (!wanted.size) {
      clearTimeout(this.roundTimer);
      this.roundTimer = undefined;
      // Columns off: no connection is kept for them.
      this.reader.release();
    } else if (!this.roundTimer) this.scheduleRound();
  }

  latest(id: string): Usage | undefined {
    return this.histories.get(id)?.at(-1);
  }

  history(id: string): readonly Usage[] {
    return this.histories.get(id) ?? [];
  }

  // Connections the sampler holds open to the engine (busy and idle).
  connections(): number {
    return this.reader.connections();
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.publishTimer);
    clearTimeout(this.roundTimer);
    this.wanted.clear();
    this.queue.length = 0;
    for (const read of this.reading.values()) read.abort();
    this.reader.release();
    this.listeners.clear();
  }

  private forget(id: string): void {
    // A container that scrolls away keeps no history: if it comes back, it starts again.
    this.histories.delete(id);
    this.previousCpu.delete(id);
    this.lastRead.delete(id);
    this.reading.get(id)?.abort();
  }

  // Every second, the containers read longest ago: all of them when few are wanted, else a slice, so that each
  // is read every N × roundMsPerContainer and the reads (and the rows they change) are spread evenly.
  private scheduleRound(): void {
    this.roundTimer = setTimeout(() => {
      this.roundTimer = undefined;
      if (this.closed || !this.wanted.size) return;
      const period = Math.max(MIN_ROUND_MS, this.wanted.size * this.roundMsPerContainer);
      const count = Math.ceil((this.wanted.size * MIN_ROUND_MS) / period);
      // A container still waiting for its previous answer (a slow engine) is not asked twice; one read less than a
      // period ago (two for a steady one, in the UI) waits: the slice of a second holds only the rows that are due.
      const now = Date.now();
      const due = [...this.wanted]
        .filter(id => !this.inFlight.has(id))
        .filter(
          id =>
            now - (this.lastRead.get(id) ?? 0) >=
            (this.roundMsPerContainer && this.steady(id) ? STEADY_SLOWDOWN : 1) * period - MIN_ROUND_MS / 2,
        )
        .sort((a, b) => (this.lastRead.get(a) ?? 0) - (this.lastRead.get(b) ?? 0))
        .slice(0, count);
      this.enqueue(due);
      this.scheduleRound();
    }, MIN_ROUND_MS);
  }

  private enqueue(ids: Iterable<string>): void {
    for (const id of ids) {
      if (this.inFlight.has(id)) continue;
      this.inFlight.add(id);
      this.queue.push(id);
    }
    // In flight = reading + queued.
    while (this.queue.length && this.inFlight.size - this.queue.length < CONCURRENCY) {
      const id = this.queue.shift()!;
      void this.read(id).finally(() => {
        this.inFlight.delete(id);
        this.enqueue([]);
      });
    }
  }

  private async read(id: string): Promise<void> {
    if (this.closed || !this.wanted.has(id)) return;
    const previous = this.previousCpu.get(id);
    const oneShot = this.oneShot && previous !== undefined;
    const abort = new AbortController();
    this.reading.set(id, abort);
    this.lastRead.set(id, Date.now());
    const deadline = setTimeout(() => abort.abort(), this.readDeadlineMs);
    try {
      const raw = await this.reader.read(id, oneShot, abort.signal);
      if (this.closed || !this.wanted.has(id) || !raw || typeof raw !== 'object') return;
      this.previousCpu.set(id, raw.cpu_stats);
      // A one-shot answer leaves precpu empty: the previous answer is the previous sample.
      this.record(id, oneShot ? {...raw, precpu_stats: previous} : raw);
    } catch {
      // Stopped or removed meanwhile (the next list refresh takes it off the screen), or stalled: read again in
      // the row's next turn.
    } finally {
      clearTimeout(deadline);
      this.reading.delete(id);
    }
  }

  // Whether a row's last two figures were the same (see STEADY_SLOWDOWN).
  private steady(id: string): boolean {
    const history = this.histories.get(id);
    return !!history && history.length >= 2 && steadyBetween(history.at(-1)!, history.at(-2)!);
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
    // A round's answers come within a moment of each other: one frame for all of them.
    const wait = Math.max(GATHER_MS, this.lastPublish + PUBLISH_MS - Date.now());
    this.publishTimer = setTimeout(() => {
      this.publishTimer = undefined;
      this.lastPublish = Date.now();
      this.version++;
      for (const listener of this.listeners) listener();
    }, wait);
  }
}
