import type Docker from 'dockerode';
import type {LogEntry} from './entry.js';
import {EntryFetch, type LogRequest, type LogOrigin} from './entry-fetch.js';
import {EntryLines} from './entry-lines.js';
import {HeadOverlap} from './head-overlap.js';
import {HeadReconnect} from './head-reconnect.js';
import {HeldEntries} from './held-entries.js';
import {fetchHistory} from './history-fetch.js';
import {makeLine, type LogLine} from './line-assembler.js';
import {LogBuffer} from './log-buffer.js';
import {searchLog, type LogSearch} from './log-query.js';
import {sessionSettings, type LogSessionOptions, type LogStatus, type SessionSettings} from './log-session-options.js';
import {Publisher} from './publisher.js';
import {planRequests, type RequestPlan} from './request-plan.js';
import {RestartWatch} from './restart-watch.js';
import {ResumeTracker} from './resume-tracker.js';
import {Retries} from './retries.js';
import {saveLines, type SaveOptions} from './save-lines.js';
import {afterStreamEnd, beforeReopen, type NextStep} from './source-state.js';
import type {TimedEntry} from './seen-entries.js';
import {describeStreamError, statusCode} from './stream-errors.js';

export type {LogLine} from './line-assembler.js';
export type {LogWindow} from './request-plan.js';
export type {LogSearch} from './log-query.js';
export type {LogEntry} from './entry.js';
export type {LogOrigin} from './entry-fetch.js';
export type {SaveOptions} from './save-lines.js';
export {LogBuffer} from './log-buffer.js';
export {type LogSessionOptions, type LogStatus} from './log-session-options.js';

// The lines of one container's log for the log pane: a bounded buffer filled from the engine's log stream.
//
// How the window is read (details in logs/request-plan.ts):
// 1. head: `tail=200` (with `since`, and `follow` when following) opens at once, so lines show in milliseconds;
// 2. history: when the head's first entry arrives, its timestamp T bounds a second, non-follow request
//    `tail=<window or buffer size>&until=T+2s` (the slack: entries are not filed in timestamp order). Its lines
//    are collected aside (never more than the buffer holds) and put in front of the buffer in one step when that
//    request ends: the buffer stays ordered and bounded, and a reader anchored to the bottom (the pane) sees
//    nothing move. Entries that both requests return are recognised by (stream, timestamp, length, a hash of the bytes) and kept once,
//    and what the history reads past the head's first entry is left to the head (logs/head-overlap.ts).
// 3. resume: when a stream breaks, the session reconnects with backoff (logs/head-reconnect.ts) and asks again
//    from just before what it has (logs/resume-tracker.ts), dropping what it already received: no duplicates,
//    no gaps; a container restarted meanwhile gets a note (logs/restart-watch.ts).
export class LogSession {
  readonly buffer: LogBuffer<LogLine>;
  status: LogStatus = 'loading';
  error?: string;
  // The older part of the window is still being read.
  historyLoading = false;

  private readonly options: SessionSettings;
  private readonly held: HeldEntries;
  private readonly source: LogOrigin;
  private readonly plan: RequestPlan;
  private readonly publisher: Publisher;
  private readonly retries: Retries;
  private readonly reconnect: HeadReconnect;
  private readonly resumeTracker = new ResumeTracker();
  private readonly overlap = new HeadOverlap();
  private readonly headLines = new EntryLines(line => this.pushLine(line));
  private head: EntryFetch | undefined;
  private history: EntryFetch | undefined;
  private historyDone = true;
  private headDone = false;
  private started = false;
  private stopped = false;
  private statusVersion = 0;
  private readonly restartWatch = new RestartWatch();
  // When the process the last "restarting" note was about stopped: one note per stop.
  private announcedStop?: string;

  constructor(
    private readonly docker: Docker,
    options: LogSessionOptions,
  ) {
    this.options = sessionSettings(options);
    this.source = options.source ?? {kind: 'container', id: options.containerId};
    this.buffer = new LogBuffer<LogLine>(this.options.bufferLines);
    // Service and task logs know no `until`: one request reads the whole window.
    this.plan = planRequests(
      options.window,
      options.follow,
      this.options.bufferLines,
      this.source.kind === 'container',
    );
    this.publisher = new Publisher(this.options.publishMs);
    this.retries = new Retries(this.options.reconnectDelaysMs);
    this.reconnect = new HeadReconnect(this.retries, {
      note: text => this.pushSystem(text),
      waiting: error => {
        this.error = error;
        this.setStatus('reconnecting');
      },
      reopen: () => void this.reopenHead(),
    });
    this.held = new HeldEntries(this.options.rewrite, this.options.resolve, this.options.bufferLines, entry =>
      this.headLines.add(entry),
    );
  }

  // Changes whenever the lines or the status change.
  get version(): number {
    return this.buffer.version + this.statusVersion;
  }

  subscribe(listener: () => void): () => void {
    return this.publisher.subscribe(listener);
  }

  get listenerCount(): number {
    return this.publisher.listenerCount;
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
    this.retries.stop();
    this.publisher.stop();
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
    this.publisher.changed();
  }

  // Follows again after the stream ended (the container stopped and started again), from where it stopped.
  resume(): void {
    if (!this.started || this.stopped || this.head || this.waiting()) return;
    this.headDone = false;
    this.openHead(this.resumeRequest());
  }

  // The engine is reachable again (its container list came back): a follow waiting to reconnect does it now
  // rather than at the end of its backoff.
  retryNow(): void {
    if (this.stopped || !this.waiting()) return;
    this.reconnect.now();
  }

  private waiting(): boolean {
    return this.status === 'reconnecting' || this.status === 'restarting';
  }

  search(query: string): LogSearch {
    return searchLog(this.buffer, query);
  }

  // Writes what the buffer holds now; lines arriving during the write are not included.
  save(path: string, options: SaveOptions = {}): Promise<{lines: number}> {
    return saveLines(path, this.buffer.toArray(), options);
  }

  // -- head: the newest entries and the follow --------------------------------------------------------------

  private openHead(request: LogRequest): void {
    const fetch = new EntryFetch(this.docker, this.source, request, this.options.tty, {
      onOpen: () => {
        if (this.head !== fetch) return;
        this.reconnect.opened();
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
    if (this.resumeTracker.isReplay(entry)) return;
    const restartNote = entry.time && this.restartWatch.noteBefore(entry.time);
    if (restartNote) {
      this.headLines.flush();
      this.pushSystem(restartNote);
    }
    if (hasTime(entry)) {
      this.resumeTracker.record(entry);
      if (this.overlap.headRepeats(entry)) return;
      if (this.overlap.noteHeadEntry(entry, !this.historyDone)) this.openHistory();
    }
    this.held.add(entry);
  }

  private headEnded(fetch: EntryFetch): void {
    if (this.head !== fetch) return;
    this.head = undefined;
    this.resumeTracker.streamClosed();
    this.held.release(true);
    this.headLines.flush();
    this.headDone = true;
    // No entry came, so there is no older part of the window to read.
    if (!this.overlap.time) this.historyDone = true;
    if (!this.options.follow) {
      this.settle();
      return;
    }
    void this.followAfterEnd();
  }

  private async followAfterEnd(): Promise<void> {
    const next = await afterStreamEnd(this.docker, this.source, this.restartWatch.lastEntryTime);
    if (this.stopped || this.head) return;
    if (next.step === 'retry') return this.reconnect.schedule(next.reason);
    if (next.step === 'fail') return this.fail(next.reason);
    if (next.step === 'restarting') return this.waitForRestart(next);
    if (next.step === 'reopen') return void this.reopenHead();
    if (next.note) this.pushSystem(next.note);
    this.settle();
  }

  private headFailed(fetch: EntryFetch, error: unknown): void {
    if (this.head !== fetch) return;
    this.head = undefined;
    this.resumeTracker.streamClosed();
    const code = statusCode(error);
    if (code === 404) return this.fail(`the ${this.source.kind} no longer exists`);
    if (code !== undefined && code < 500) return this.fail(describeStreamError(error));
    this.reconnect.schedule(describeStreamError(error));
  }

  // After an interruption: the source's state first (source-state.ts), then the log from where it broke.
  private async reopenHead(): Promise<void> {
    const next = await beforeReopen(this.docker, this.source, this.restartWatch.lastEntryTime, this.announcedStop);
    if (this.stopped || this.head) return;
    if (next.step === 'retry') return this.reconnect.schedule(next.reason);
    if (next.step === 'fail') return this.fail(next.reason);
    if (next.step === 'restarting') return this.waitForRestart(next);
    if (next.restart) this.restartWatch.found(next.restart);
    this.headDone = false;
    this.openHead(this.resumeRequest());
  }

  // The engine restarts the container (restart policy): say so once for each stop, with the exit code it still
  // has then, and wait quietly for it to run; the log goes on from where it stopped.
  private waitForRestart(next: Extract<NextStep, {step: 'restarting'}>): void {
    if (next.stop !== this.announcedStop) this.pushSystem(next.note);
    this.announcedStop = next.stop;
    this.setStatus('restarting');
    this.reconnect.restarting();
  }

  private resumeRequest(): LogRequest {
    return this.resumeTracker.request(this.plan.head, this.options.follow);
  }

  // -- history: the older part of the window ------------------------------------------------------------------

  private openHistory(): void {
    const plan = this.plan.history;
    const until = this.overlap.until;
    if (!plan || !until || this.history || this.historyDone) return;
    this.setHistoryLoading(true);
    const request = {tail: plan.tail, since: plan.since, until, follow: false};
    const fetch = fetchHistory(
      this.docker,
      this.source,
      request,
      this.options.tty,
      this.overlap,
      this.buffer.capacity,
      {
        onEnd: lines => {
          if (this.history !== fetch) return;
          this.history = undefined;
          this.historyDone = true;
          this.overlap.done();
          if (this.buffer.prepend(lines) > 0) this.publisher.markChanged();
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
          this.retries.after(this.retries.nextDelay('history'), () => this.openHistory());
        },
      },
    );
    this.history = fetch;
    fetch.start();
  }

  // -- lines and status -------------------------------------------------------------------------------------

  private pushLine(line: LogLine): void {
    this.buffer.push(line);
    this.options.onLine?.(line);
    this.publisher.changed();
  }

  private pushSystem(text: string): void {
    this.pushLine(makeLine(text, 'system', undefined, false));
  }

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
    this.publisher.changed();
  }

  private setHistoryLoading(loading: boolean): void {
    if (this.historyLoading === loading) return;
    this.historyLoading = loading;
    this.statusVersion++;
    this.publisher.changed();
  }
}

const hasTime = (entry: LogEntry): entry is TimedEntry => entry.time !== undefined && entry.time !== '';
