import type Docker from 'dockerode';
import {LogBuffer} from '../logs/log-buffer.js';
import {searchLog, type LogSearch} from '../logs/log-query.js';
import {LogSession, type LogLine, type LogWindow} from '../logs/log-session.js';
import {HEAD_ENTRIES} from '../logs/request-plan.js';
import type {LogSource} from '../logs/log-source.js';
import {Publisher} from '../logs/publisher.js';
import {saveLines} from '../logs/save-lines.js';
import {compareTimestamps} from '../logs/timestamp.js';
import {prefixHue} from '../logs/prefix-hue.js';

export type ProjectLogTarget = {id: string; service: string; name: string; tty?: boolean};

// Lines are merged in timestamp order: a line goes out once every container still streaming has sent a line at
// least as new (their streams arrive in separate reads, one may lag), or after HOLD_MS whatever the others do (a
// quiet service must not hold the rest back for long).
const HOLD_MS = 600;

// `delivered`: its first lines (the tail) came; until every container's did (or FIRST_WAIT_MS passed), nothing is
// merged, so the tails interleave in order however late one of them arrives.
type Child = {
  target: ProjectLogTarget;
  label: string;
  hue: number;
  session: LogSession;
  seen: number;
  held: number;
  delivered: boolean;
  addedAt: number;
  newest?: string;
};
const FIRST_WAIT_MS = 2000;

// A compose project's logs, interleaved like `docker compose logs -f`: one LogSession per container (berth's own
// log machinery: bounded, resumable, sanitised), merged in timestamp order into one bounded buffer, each line
// prefixed with its service (`web-2` when a service has several containers) in the service's colour (`prefixHue`).
export class ProjectLogs implements LogSource {
  readonly buffer: LogBuffer<LogLine>;
  private readonly children: Child[] = [];
  private readonly publisher: Publisher;
  // Lines read from the containers, not merged yet, and when each arrived (parallel arrays: no object per line).
  private pending: LogLine[] = [];
  private arrived: number[] = [];
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private statusVersion = 0;
  private labelWidth = 0;

  constructor(
    private readonly docker: Docker,
    private readonly options: {
      targets: readonly ProjectLogTarget[];
      window: LogWindow;
      follow: boolean;
      bufferLines?: number;
      publishMs?: number;
    },
  ) {
    this.buffer = new LogBuffer<LogLine>(options.bufferLines ?? 10_000);
    this.publisher = new Publisher(options.publishMs ?? 100);
  }

  get version(): number {
    return this.buffer.version + this.statusVersion;
  }

  get status(): string {
    const statuses = this.children.map(child => child.session.status);
    if (!statuses.length) return 'no containers';
    if (statuses.includes('reconnecting')) return 'reconnecting';
    if (statuses.includes('loading')) return 'loading';
    if (statuses.every(status => status === 'ended' || status === 'error')) return 'ended';
    return 'streaming';
  }

  get error(): string | undefined {
    return this.children.map(child => child.session.error).find(Boolean);
  }

  subscribe(listener: () => void): () => void {
    return this.publisher.subscribe(listener);
  }

  start(): void {
    for (const target of this.options.targets) this.add(target);
    this.publisher.changed();
  }

  // A container of the project that appeared after the logs opened (up, scale): followed from its start.
  add(target: ProjectLogTarget): void {
    if (this.stopped || this.children.some(child => child.target.id === target.id)) return;
    const services = new Map<string, number>();
    for (const t of [...this.children.map(child => child.target), target])
      services.set(t.service, (services.get(t.service) ?? 0) + 1);
    const several = (services.get(target.service) ?? 0) > 1;
    const label = several ? target.name : target.service;
    const session = new LogSession(this.docker, {
      containerId: target.id,
      tty: target.tty,
      window: this.options.window,
      follow: this.options.follow,
      // Each container's lines wait here only until they are merged; a window with history (since, everything)
      // keeps more, for the rebuild when the older lines arrive.
      bufferLines: Math.min(this.options.bufferLines ?? 10_000, this.historyWanted() ? 5000 : 1000),
      publishMs: 100,
    });
    const child: Child = {
      target,
      label,
      hue: prefixHue(target.service),
      session,
      seen: 0,
      held: 0,
      delivered: false,
      addedAt: Date.now(),
    };
    this.children.push(child);
    this.labelWidth = Math.max(this.labelWidth, ...this.children.map(c => c.label.length));
    session.subscribe(() => this.take(child));
    session.start();
  }

  private historyWanted(): boolean {
    const {tail, since} = this.options.window;
    return since !== undefined || tail === undefined || tail === 'all' || tail > HEAD_ENTRIES;
  }

  has(id: string): boolean {
    return this.children.some(child => child.target.id === id);
  }

  resume(): void {
    for (const child of this.children) child.session.resume();
  }

  // Follows again a container that stopped and started again.
  resumeContainer(id: string): void {
    const child = this.children.find(c => c.target.id === id);
    if (child?.session.status === 'ended') child.session.resume();
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.timer);
    for (const child of this.children) child.session.stop();
    this.publisher.stop();
  }

  clear(): void {
    for (const child of this.children) {
      child.session.clear();
      child.seen = child.session.buffer.totalPushed;
      child.held = child.session.buffer.length;
    }
    this.pending = [];
    this.arrived = [];
    this.buffer.clear();
    this.publisher.changed();
  }

  search(query: string): LogSearch {
    return searchLog(this.buffer, query);
  }

  save(path: string): Promise<{lines: number}> {
    return saveLines(path, this.buffer.toArray());
  }

  // -- merging ------------------------------------------------------------------------------------------------

  // New lines of a container: prefixed once (the merged buffer holds the container buffer's own objects), and held
  // until they can be put in order.
  private take(child: Child): void {
    const buffer = child.session.buffer;
    const fresh = buffer.totalPushed - child.seen;
    const expected = Math.min(buffer.capacity, child.held + fresh);
    // Older lines put in front (the window's history): the merged buffer is rebuilt from every container's.
    if (buffer.length > expected) {
      child.seen = buffer.totalPushed;
      child.held = buffer.length;
      this.rebuild();
      return;
    }
    const now = Date.now();
    if (fresh > 0) child.delivered = true;
    for (let i = Math.max(0, buffer.length - fresh); i < buffer.length; i++) {
      const line = this.prefixed(buffer.get(i), child);
      if (line.time && (!child.newest || compareTimestamps(line.time, child.newest) > 0)) child.newest = line.time;
      this.pending.push(line);
      this.arrived.push(now);
    }
    child.seen = buffer.totalPushed;
    child.held = buffer.length;
    this.statusVersion++;
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.stopped) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, 100);
  }

  private flush(): void {
    const now = Date.now();
    const waiting = this.children.some(
      c =>
        !c.delivered && c.session.status !== 'ended' && c.session.status !== 'error' && now - c.addedAt < FIRST_WAIT_MS,
    );
    const cutoff = now - (waiting ? FIRST_WAIT_MS : HOLD_MS);
    // The newest time every streaming container has reached: lines up to it can be ordered for good.
    let watermark: string | undefined;
    if (!waiting) {
      for (const child of this.children) {
        if (child.session.status === 'ended' || child.session.status === 'error') continue;
        if (!child.newest) {
          watermark = undefined;
          break;
        }
        if (watermark === undefined || compareTimestamps(child.newest, watermark) < 0) watermark = child.newest;
      }
    }
    const ready: LogLine[] = [];
    const keep: LogLine[] = [];
    const keepArrived: number[] = [];
    for (let i = 0; i < this.pending.length; i++) {
      const line = this.pending[i];
      const arrived = this.arrived[i];
      if (
        arrived <= cutoff ||
        (watermark !== undefined && line.time !== undefined && compareTimestamps(line.time, watermark) <= 0)
      )
        ready.push(line);
      else {
        keep.push(line);
        keepArrived.push(arrived);
      }
    }
    if (ready.length) {
      this.pending = keep;
      this.arrived = keepArrived;
      // A stable sort: lines of one container with the same timestamp keep their order.
      ready.sort(byTime);
      for (const line of ready) this.buffer.push(line);
    }
    this.publisher.changed();
    if (this.pending.length) this.schedule();
  }

  // In place: the line is the container buffer's own object, so no second copy of it lives anywhere.
  private prefixed(line: LogLine, child: Child): LogLine {
    if (line.prefix) return line;
    const prefix = `${child.label.padEnd(this.labelWidth)} | `;
    line.text = prefix + line.text;
    if (line.raw !== undefined) line.raw = prefix + line.raw;
    line.prefix = {length: prefix.length, hue: child.hue};
    return line;
  }

  private rebuild(): void {
    const all: LogLine[] = [];
    for (const child of this.children) {
      const buffer = child.session.buffer;
      for (const line of buffer) all.push(this.prefixed(line, child));
    }
    all.sort(byTime);
    this.pending = [];
    this.arrived = [];
    this.buffer.clear();
    for (const line of all.slice(-this.buffer.capacity)) this.buffer.push(line);
    this.publisher.changed();
  }
}

function byTime(a: LogLine, b: LogLine): number {
  return a.time && b.time ? compareTimestamps(a.time, b.time) : 0;
}
