import type Docker from 'dockerode';
import {cellWidth} from '../../text/cells.js';
import {makeLine} from './line-assembler.js';
import {LogBuffer} from './log-buffer.js';
import {searchLog, type LogSearch} from './log-query.js';
import {LogSession, type LogLine, type LogWindow} from './log-session.js';
import type {LogSource} from './log-source.js';
import {byTime, MergeOrder, orderTime, placeInOrder, type MergeInput} from './merge-order.js';
import {Publisher} from './publisher.js';
import {HEAD_ENTRIES} from './request-plan.js';
import {saveLines} from './save-lines.js';
import {compareTimestamps, shiftTimestamp} from './timestamp.js';

// One container among the logs merged: its ID keys it; `tty` as for LogSession.
// `id` names the target in the merge; `containerId` is the engine's ID when they differ (several engines: the
// same ID may be on two). `docker` is the target's engine when not the merge's; `clockOffsetMs` how far that
// engine's clock is ahead of ours, taken off its timestamps to order lines across engines.
export type MergedTarget = {id: string; tty?: boolean; containerId?: string; docker?: Docker; clockOffsetMs?: number};

// How a container's lines are prefixed: `label` is already safe to draw (the caller sanitised it).
export type MergedLabel = {label: string; hue: number};

type Child<Target> = MergeInput & {
  target: Target;
  label: string;
  hue: number;
  session: LogSession;
  // The container buffer's length when last read (more means history was put in front).
  held: number;
  // Removed from the engine (gone() said so).
  gone?: boolean;
};

export type MergedLogsOptions<Target extends MergedTarget> = {
  targets: readonly Target[];
  window: LogWindow;
  follow: boolean;
  bufferLines?: number;
  publishMs?: number;
  // The prefix of a container's lines, given every container merged so far (the new one last).
  describe(target: Target, all: readonly Target[]): MergedLabel;
};

// Several containers' logs in one stream, keyed by container: one LogSession per container (berth's own log
// machinery: bounded, resumed after a drop without gaps or duplicates, sanitised), merged by the engine's
// timestamps within a small reorder window (merge-order.ts) into one bounded buffer, each line prefixed with its
// container's label, padded to a common width, in the label's colour. A compose project's logs
// (compose/project-logs.ts) and the marked containers of the containers view are both this.
export class MergedLogs<Target extends MergedTarget> implements LogSource {
  readonly buffer: LogBuffer<LogLine>;
  private readonly children: Child<Target>[] = [];
  private readonly publisher: Publisher;
  private readonly order: MergeOrder<LogLine>;
  private timer?: NodeJS.Timeout;
  private stopped = false;
  private statusVersion = 0;
  private labelWidth = 0;

  constructor(
    private readonly docker: Docker,
    private readonly options: MergedLogsOptions<Target>,
  ) {
    this.buffer = new LogBuffer<LogLine>(options.bufferLines ?? 10_000);
    // Never more lines waiting to be ordered than the pane keeps.
    this.order = new MergeOrder<LogLine>(this.buffer.capacity);
    this.publisher = new Publisher(options.publishMs ?? 100);
  }

  get version(): number {
    return this.buffer.version + this.statusVersion;
  }

  get status(): string {
    const statuses = this.children.map(child => (child.gone ? 'ended' : child.session.status));
    if (!statuses.length) return 'no containers';
    if (statuses.includes('reconnecting')) return 'reconnecting';
    if (statuses.includes('loading')) return 'loading';
    if (statuses.every(status => status === 'ended' || status === 'error')) return 'ended';
    return 'streaming';
  }

  get error(): string | undefined {
    return this.children.map(child => child.session.error).find(Boolean);
  }

  // How many of the containers no longer stream (stopped, removed) while others do.
  get notStreaming(): number {
    return this.children.filter(child => child.gone || !live(child.session)).length;
  }

  get listenerCount(): number {
    return this.publisher.listenerCount;
  }

  subscribe(listener: () => void): () => void {
    return this.publisher.subscribe(listener);
  }

  start(): void {
    for (const target of this.options.targets) this.add(target);
    this.publisher.changed();
  }

  // A container that joins after the logs opened (a compose up or scale): followed from its start.
  add(target: Target): void {
    if (this.stopped || this.has(target.id)) return;
    const all = [...this.children.map(child => child.target), target];
    const {label, hue} = this.options.describe(target, all);
    const session = new LogSession(target.docker ?? this.docker, {
      containerId: target.containerId ?? target.id,
      tty: target.tty,
      window: this.options.window,
      follow: this.options.follow,
      // Each container's lines wait here only until they are merged; a window with history (since, everything)
      // keeps more, for the rebuild when the older lines arrive.
      bufferLines: Math.min(this.options.bufferLines ?? 10_000, this.historyWanted() ? 5000 : 1000),
      publishMs: 100,
      // Called only once the session has started (below), when `child` exists.
      onLine: line => this.takeLine(child, line),
    });
    const child: Child<Target> = {
      target,
      label,
      hue,
      session,
      held: 0,
      delivered: false,
      live: true,
      addedAt: Date.now(),
    };
    this.children.push(child);
    this.labelWidth = Math.max(this.labelWidth, cellWidth(label));
    session.subscribe(() => this.changed(child));
    session.start();
  }

  private historyWanted(): boolean {
    const {tail, since} = this.options.window;
    return since !== undefined || tail === undefined || tail === 'all' || tail > HEAD_ENTRIES;
  }

  has(id: string): boolean {
    return this.children.some(child => child.target.id === id);
  }

  get ids(): string[] {
    return this.children.map(child => child.target.id);
  }

  resume(): void {
    for (const child of this.children) child.session.resume();
  }

  // Follows again a container that stopped and started again.
  resumeContainer(id: string): void {
    const child = this.children.find(c => c.target.id === id);
    if (child?.session.status === 'ended') child.session.resume();
  }

  // A container that is no longer on the engine (removed): the pane says so once, under its prefix; the others go on.
  gone(id: string, note: string): void {
    const child = this.children.find(c => c.target.id === id);
    if (!child || child.gone || this.stopped) return;
    child.gone = true;
    // Its own stream may have said so already (it ended on the removal and found the container gone).
    const told = child.session.status === 'error';
    child.session.stop();
    child.live = false;
    this.statusVersion++;
    if (told) return this.publisher.changed();
    this.order.add(this.prefixed(makeLine(note, 'system', undefined, false), child), Date.now());
    this.schedule();
  }

  // The engine answers again: every follow waiting to reconnect does it now.
  retryNow(): void {
    for (const child of this.children) child.session.retryNow();
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
      child.held = child.session.buffer.length;
    }
    this.order.clear();
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

  // A line of a container, as it arrives: prefixed once (the merged buffer holds the container buffer's own
  // objects) and held until it can be put in order. Every line is taken here, however many arrive between two
  // publications of the container's session.
  private takeLine(child: Child<Target>, line: LogLine): void {
    if (this.stopped) return;
    // Counted, not read: older lines put in front meanwhile must still show as more than expected (changed()).
    child.held = Math.min(child.session.buffer.capacity, child.held + 1);
    child.delivered = true;
    this.prefixed(line, child);
    const time = orderTime(line);
    if (time && (!child.newest || compareTimestamps(time, child.newest) > 0)) child.newest = time;
    this.order.add(line, Date.now());
    if (this.order.size > this.buffer.capacity) this.flush();
    else this.schedule();
  }

  // The container's session changed: its status, or older lines put in front of its buffer (the window's
  // history), after which the merged buffer is rebuilt from every container's.
  private changed(child: Child<Target>): void {
    child.live = !child.gone && live(child.session);
    const buffer = child.session.buffer;
    if (buffer.length > child.held) {
      child.held = buffer.length;
      this.rebuild();
      return;
    }
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
    for (const child of this.children) child.live = !child.gone && live(child.session);
    for (const line of this.order.take(this.children, Date.now())) placeInOrder(this.buffer, line);
    this.publisher.changed();
    if (this.order.size) this.schedule();
  }

  // In place: the line is the container buffer's own object, so no second copy of it lives anywhere.
  private prefixed(line: LogLine, child: Child<Target>): LogLine {
    if (line.prefix) return line;
    const offset = child.target.clockOffsetMs;
    if (offset && line.time) line.mergeTime = shiftTimestamp(line.time, -offset);
    const prefix = `${child.label}${' '.repeat(Math.max(0, this.labelWidth - cellWidth(child.label)))} | `;
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
    this.order.clear();
    this.buffer.clear();
    for (const line of all.slice(-this.buffer.capacity)) this.buffer.push(line);
    this.publisher.changed();
  }
}

function live(session: LogSession): boolean {
  return session.status !== 'ended' && session.status !== 'error';
}
