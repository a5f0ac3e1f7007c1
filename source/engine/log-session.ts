import type Docker from 'dockerode';
import {errorMessage} from '../errors.js';
import type {LogEntry, LogStream} from './logs/entry.js';
import {EntryFetch, type LogRequest} from './logs/entry-fetch.js';
import {LineAssembler, makeLine, type LogLine} from './logs/line-assembler.js';
import {LogBuffer} from './logs/log-buffer.js';
import {searchLines} from './logs/log-query.js';
import {planRequests, type LogWindow, type RequestPlan} from './logs/request-plan.js';
import {saveLines, type SaveOptions} from './logs/save-lines.js';
import {entryKey, KeyBag, RecentEntries} from './logs/seen-entries.js';
import {compareTimestamps, timestampToSince} from './logs/timestamp.js';

export type {LogLine} from './logs/line-assembler.js';
export type {LogWindow} from './logs/request-plan.js';
export type {LogStream} from './logs/entry.js';
export type {SaveOptions} from './logs/save-lines.js';
export {LogBuffer} from './logs/log-buffer.js';

export type LogStatus = 'loading' | 'streaming' | 'ended' | 'reconnecting' | 'error';

export type LogSessionOptions = {
  containerId: string;
  // Whether the container has a TTY (its log stream then has no frames); found out from the stream when not given.
  tty?: boolean;
  window: LogWindow;
  follow: boolean;
  bufferLines?: number;
  // Listeners hear about changes at most this often.
  publishMs?: number;
  // Waits before reconnecting after the 1st, 2nd, … failure in a row; the last one repeats.
  reconnectDelaysMs?: readonly number[];
};

export const RECONNECT_DELAYS_MS: readonly number[] = [1000, 2000, 5000, 10_000, 30_000];

type Part = 'head' | 'history';

// The lines of one container's log for the log pane: a bounded buffer filled from the engine's log stream.
//
// How the window is read (details in logs/request-plan.ts):
// 1. head: `tail=200` (with `since`, and `follow` when following) opens at once, so lines show in milliseconds;
// 2. history: when the head's first entry arrives, its timestamp T bounds a second, non-follow request
//    `tail=<window or buffer size>&until=T`. Its lines are collected aside (never more than the buffer holds)
//    and put in front of the buffer in one step when that request ends: the buffer stays ordered and bounded,
//    and a reader anchored to the bottom (the pane) sees nothing move. Entries at T that both requests return
//    are recognised by (stream, timestamp, bytes) and kept once.
// 3. resume: when a stream breaks, the session reconnects with backoff and asks again from just before what it
//    has (logs/seen-entries.ts), dropping what it already received: no duplicates, no gaps.
export class LogSession {
  readonly buffer: LogBuffer<LogLine>;
  status: LogStatus = 'loading';
  error?: string;
  // The older part of the window is still being read.
  historyLoading = false;

  private readonly options: Required<Omit<LogSessionOptions, 'tty'>> & {tty?: boolean};
  private readonly plan: RequestPlan;
  private readonly listeners = new Set<() => void>();
  private readonly recent = new RecentEntries();
  private assemblers = newAssemblers();
  private head: EntryFetch | undefined;
  private history: EntryFetch | undefined;
  // Entries received before a reconnect, dropped when the engine sends them again.
  private replay: KeyBag | undefined;
  // The head's first timestamp, and the head entries at or before it: the history request returns those too.
  private headTime: string | undefined;
  private readonly headOverlap: string[] = [];
  private historyOverlap: KeyBag | undefined;
  private headOverlapOldest: string | undefined;
  private historyDone = true;
  private headDone = false;
  private failures: Record<Part, number> = {head: 0, history: 0};
  private timers = new Set<NodeJS.Timeout>();
  private started = false;
  private stopped = false;
  private statusVersion = 0;
  private changed = false;
  private publishTimer: NodeJS.Timeout | undefined;
  private lastPublish = 0;
  private interrupted = false;

  constructor(
    private readonly docker: Docker,
    options: LogSessionOptions,
  ) {
    // `?? default` rather than spreading: callers pass `bufferLines: config.value` that may be undefined.
    this.options = {
      ...options,
      bufferLines: options.bufferLines ?? 10_000,
      publishMs: options.publishMs ?? 100,
      reconnectDelaysMs: options.reconnectDelaysMs?.length ? options.reconnectDelaysMs : RECONNECT_DELAYS_MS,
    };
    this.buffer = new LogBuffer<LogLine>(this.options.bufferLines);
    this.plan = planRequests(options.window, options.follow, this.options.bufferLines);
  }

  // Changes whenever the lines or the status change.
  get version(): number {
    return this.buffer.version + this.statusVersion;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.historyDone = !this.plan.history;
    this.openHead(this.plan.head);
  }

  stop(): void {
    if (this.stopped) return;
    this.stopped = true;
    this.head?.stop();
    this.history?.stop();
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    if (this.publishTimer) clearTimeout(this.publishTimer);
    this.publishTimer = undefined;
    this.listeners.clear();
  }

  // Empties the pane; new lines keep coming. History still on its way is dropped too: it would come back.
  clear(): void {
    if (this.history) {
      this.history.stop();
      this.history = undefined;
      this.historyDone = true;
      this.setHistoryLoading(false);
      this.settle();
    }
    this.buffer.clear();
    this.changed = true;
    this.schedulePublish();
  }

  // Follows again after the stream ended (the container stopped and started again), from where it stopped.
  resume(): void {
    if (!this.started || this.stopped || this.head || this.status === 'reconnecting') return;
    this.headDone = false;
    this.openHead(this.resumeRequest());
  }

  search(query: string): number[] {
    return searchLines(this.buffer, query);
  }

  // Writes what the buffer holds now; lines arriving during the write are not included.
  save(path: string, options: SaveOptions = {}): Promise<{lines: number}> {
    return saveLines(path, this.buffer.toArray(), options);
  }

  // -- head: the newest entries and the follow --------------------------------------------------------------

  private openHead(request: LogRequest): void {
    const fetch = new EntryFetch(this.docker, this.options.containerId, request, this.options.tty, {
      onOpen: () => {
        if (this.head !== fetch) return;
        this.failures.head = 0;
        if (this.interrupted) this.pushSystem('log stream resumed');
        this.interrupted = false;
        this.error = undefined;
        if (this.options.follow) this.setStatus('streaming');
      },
      onEntry: entry => this.takeHeadEntry(entry),
      onEnd: () => this.headEnded(fetch),
      onError: error => this.headFailed(fetch, error),
    });
    this.head = fetch;
    fetch.start();
  }

  private takeHeadEntry(entry: LogEntry): void {
    const key = entryKey(entry);
    if (key && this.replay?.take(key)) return;
    if (key && entry.time) {
      this.recent.record(key, entry.time);
      const first = !this.headTime;
      this.headTime ??= entry.time;
      if (!this.historyDone && compareTimestamps(entry.time, this.headTime) <= 0) {
        this.headOverlap.push(key);
        this.historyOverlap?.add(key);
        if (!this.headOverlapOldest || compareTimestamps(entry.time, this.headOverlapOldest) < 0) this.headOverlapOldest = entry.time;
      }
      if (first) this.openHistory();
    }
    this.addEntry(entry, this.assemblers, line => this.pushLine(line));
  }

  private headEnded(fetch: EntryFetch): void {
    if (this.head !== fetch) return;
    this.head = undefined;
    this.replay = undefined;
    this.flushAssemblers(this.assemblers, line => this.pushLine(line));
    this.headDone = true;
    // No entry came, so there is no older part of the window to read.
    if (!this.headTime) this.historyDone = true;
    if (!this.options.follow) {
      this.settle();
      return;
    }
    // A followed stream ends cleanly when the container stops, and when the engine shuts down politely:
    // only the container's state tells which.
    void this.checkContainerAfterEnd();
  }

  private async checkContainerAfterEnd(): Promise<void> {
    try {
      const info = await this.docker.getContainer(this.options.containerId).inspect();
      if (this.stopped || this.head) return;
      if (info.State?.Running) {
        this.scheduleHeadRetry('the log stream ended while the container still runs');
        return;
      }
      this.settle();
    } catch (error) {
      if (this.stopped || this.head) return;
      if (statusCode(error) === 404) this.fail('the container no longer exists');
      else this.scheduleHeadRetry(describeStreamError(error));
    }
  }

  private headFailed(fetch: EntryFetch, error: unknown): void {
    if (this.head !== fetch) return;
    this.head = undefined;
    this.replay = undefined;
    const code = statusCode(error);
    if (code === 404) return this.fail('the container no longer exists');
    if (code !== undefined && code < 500) return this.fail(describeStreamError(error));
    this.scheduleHeadRetry(describeStreamError(error));
  }

  private scheduleHeadRetry(reason: string): void {
    const delay = this.retryDelay('head');
    if (!this.interrupted) this.pushSystem(`log stream interrupted: ${reason}; reconnecting`);
    this.interrupted = true;
    this.error = `${reason}; retrying in ${Math.round(delay / 1000)} s`;
    this.setStatus('reconnecting');
    this.after(delay, () => {
      this.headDone = false;
      this.openHead(this.resumeRequest());
    });
  }

  // Everything from just before the newest entries received; what comes again is dropped by `replay`.
  private resumeRequest(): LogRequest {
    const point = this.recent.resumePoint();
    if (!point) return this.plan.head;
    this.replay = point.seen;
    return {since: point.since, follow: this.options.follow};
  }

  // -- history: the older part of the window ------------------------------------------------------------------

  private openHistory(): void {
    const plan = this.plan.history;
    if (!plan || !this.headTime || this.history || this.historyDone) return;
    this.setHistoryLoading(true);
    const until = timestampToSince(this.headTime);
    // Taken from as history entries match; refilled for a retry, and fed by head entries still arriving.
    const overlap = new KeyBag();
    for (const key of this.headOverlap) overlap.add(key);
    this.historyOverlap = overlap;
    const lines: LogLine[] = [];
    const assemblers = newAssemblers();
    const keep = (line: LogLine) => {
      lines.push(line);
      // Never more than the buffer could show; the engine's tail already bounds it, this is a second fence.
      if (lines.length > 2 * this.buffer.capacity) lines.splice(0, lines.length - this.buffer.capacity);
    };
    const fetch = new EntryFetch(this.docker, this.options.containerId, {tail: plan.tail, since: plan.since, until, follow: false}, this.options.tty, {
      onOpen: () => undefined,
      onEntry: entry => {
        // Only entries as new as the head's oldest can be among its entries; the rest are not keyed at all.
        const oldest = this.headOverlapOldest;
        if (entry.time && oldest && compareTimestamps(entry.time, oldest) >= 0) {
          const key = entryKey(entry);
          if (key && overlap.take(key)) return;
        }
        this.addEntry(entry, assemblers, keep);
      },
      onEnd: () => {
        if (this.history !== fetch) return;
        this.flushAssemblers(assemblers, keep);
        this.history = undefined;
        this.historyDone = true;
        this.headOverlap.length = 0;
        this.historyOverlap = undefined;
        if (this.buffer.prepend(lines) > 0) this.changed = true;
        this.setHistoryLoading(false);
        this.settle();
      },
      onError: error => {
        if (this.history !== fetch) return;
        this.history = undefined;
        const code = statusCode(error);
        if (code !== undefined && code < 500) {
          this.historyDone = true;
          this.setHistoryLoading(false);
          this.pushSystem(`older lines could not be read: ${describeStreamError(error)}`);
          this.settle();
          return;
        }
        this.after(this.retryDelay('history'), () => this.openHistory());
      },
    });
    this.history = fetch;
    fetch.start();
  }

  // -- lines ----------------------------------------------------------------------------------------------

  private addEntry(entry: LogEntry, assemblers: Record<LogStream, LineAssembler>, keep: (line: LogLine) => void): void {
    if (entry.stream === 'system') {
      // The engine's own error text: shown as is, one line per line.
      for (const text of entry.content.toString('utf8').split('\n')) if (text.trim()) keep(makeLine(text, 'system', entry.time, false));
      return;
    }
    const line = assemblers[entry.stream].add(entry);
    if (line) keep(line);
  }

  private flushAssemblers(assemblers: Record<LogStream, LineAssembler>, keep: (line: LogLine) => void): void {
    for (const assembler of Object.values(assemblers)) {
      const line = assembler.flush();
      if (line) keep(line);
    }
  }

  private pushLine(line: LogLine): void {
    this.buffer.push(line);
    this.changed = true;
    this.schedulePublish();
  }

  private pushSystem(text: string): void {
    this.pushLine(makeLine(text, 'system', undefined, false));
  }

  // -- status and publishing --------------------------------------------------------------------------------

  // When neither request has anything left to do: the window was read (no follow) or the container stopped.
  private settle(): void {
    if (this.stopped || !this.headDone || !this.historyDone || this.status === 'error') return;
    this.setStatus('ended');
  }

  private fail(reason: string): void {
    this.error = reason;
    this.pushSystem(`log stream stopped: ${reason}`);
    this.history?.stop();
    this.history = undefined;
    this.historyDone = true;
    this.setHistoryLoading(false);
    this.setStatus('error');
  }

  private setStatus(status: LogStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.statusVersion++;
    this.changed = true;
    this.schedulePublish();
  }

  private setHistoryLoading(loading: boolean): void {
    if (this.historyLoading === loading) return;
    this.historyLoading = loading;
    this.statusVersion++;
    this.changed = true;
    this.schedulePublish();
  }

  // At most one publish per publishMs, and none when nothing changed: a log writing 5,000 lines a second
  // costs the UI ten renders a second, not 5,000 (LD#202).
  private schedulePublish(): void {
    if (this.publishTimer || this.stopped || !this.changed) return;
    const wait = Math.max(0, this.lastPublish + this.options.publishMs - Date.now());
    this.publishTimer = setTimeout(() => this.publish(), wait);
  }

  private publish(): void {
    this.publishTimer = undefined;
    if (!this.changed || this.stopped) return;
    this.changed = false;
    this.lastPublish = Date.now();
    for (const listener of [...this.listeners]) listener();
  }

  private retryDelay(part: Part): number {
    const delays = this.options.reconnectDelaysMs;
    return delays[Math.min(this.failures[part]++, delays.length - 1)];
  }

  private after(ms: number, run: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.stopped) run();
    }, ms);
    this.timers.add(timer);
  }
}

function newAssemblers(): Record<LogStream, LineAssembler> {
  return {stdout: new LineAssembler('stdout'), stderr: new LineAssembler('stderr'), system: new LineAssembler('system')};
}

function statusCode(error: unknown): number | undefined {
  const code = (error as {statusCode?: unknown})?.statusCode;
  return typeof code === 'number' ? code : undefined;
}

function describeStreamError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException)?.code;
  const message = errorMessage(error).replace(/\s+$/, '');
  if (code === 'ECONNREFUSED') return 'the engine refused the connection';
  if (code === 'ECONNRESET' || message === 'aborted') return 'the connection was reset';
  if (code === 'ETIMEDOUT') return 'the connection timed out';
  return message;
}
