import {spawn, type ChildProcess} from 'node:child_process';
import {shellQuote} from '../../command-log.js';
import {trace} from '../../trace.js';
import {makeLine, type LogLine} from '../logs/line-assembler.js';
import {LogBuffer} from '../logs/log-buffer.js';
import {searchLog, type LogSearch} from '../logs/log-query.js';
import type {LogSource} from '../logs/log-source.js';
import {Publisher} from '../logs/publisher.js';
import {saveLines} from '../logs/save-lines.js';
import {OutputLines, progressKey} from './output.js';

export type ComposeRunStatus = 'running' | 'interrupting' | 'ended' | 'failed';

export type ComposeRunOptions = {
  program: string;
  args: readonly string[];
  env: NodeJS.ProcessEnv;
  cwd?: string;
  // The command as shown (engine settings first, secrets masked).
  display: readonly string[];
  // Between SIGINT and SIGTERM, and between SIGTERM and SIGKILL.
  graceMs?: number;
  bufferLines?: number;
  publishMs?: number;
};

const SIGNAL_NUMBERS: Record<string, number> = {SIGINT: 2, SIGTERM: 15, SIGKILL: 9};

// One compose command and its output, for the log pane: stdout and stderr as they come, one line per object that
// compose rewrites (updated in place), then the exit code and the command. It runs in its own process group so
// ctrl-c reaches compose and what it started (v1 runs `docker build`), as a terminal's ctrl-c would.
export class ComposeRun implements LogSource {
  readonly buffer: LogBuffer<LogLine>;
  status: ComposeRunStatus = 'running';
  error?: string;
  exitCode?: number;
  signal?: string;
  interrupted = false;
  readonly startedAt = Date.now();
  endedAt?: number;
  // When the first line of output arrived (the bench's `u` → first line).
  firstOutputAt?: number;
  readonly command: string;

  private child?: ChildProcess;
  private readonly publisher: Publisher;
  private readonly keys = new Map<string, number>();
  private statusVersion = 0;
  private timers: NodeJS.Timeout[] = [];
  private readonly finished: Promise<void>;
  private finish!: () => void;
  private started = false;

  constructor(private readonly options: ComposeRunOptions) {
    this.buffer = new LogBuffer<LogLine>(options.bufferLines ?? 10_000);
    this.publisher = new Publisher(options.publishMs ?? 100);
    this.command = options.display.map(shellQuote).join(' ');
    this.finished = new Promise(resolve => (this.finish = resolve));
  }

  get version(): number {
    return this.buffer.version + this.statusVersion;
  }

  get running(): boolean {
    return this.status === 'running' || this.status === 'interrupting';
  }

  // Resolves once compose exited (or could not start).
  done(): Promise<void> {
    return this.finished;
  }

  subscribe(listener: () => void): () => void {
    return this.publisher.subscribe(listener);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    this.system(`$ ${this.command}`);
    let child: ChildProcess;
    try {
      child = spawn(this.options.program, [...this.options.args], {
        cwd: this.options.cwd,
        env: this.options.env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
    } catch (error) {
      this.startFailed(error as NodeJS.ErrnoException);
      return;
    }
    this.child = child;
    const out = new OutputLines((text, truncated) => this.line(text, 'stdout', truncated));
    const err = new OutputLines((text, truncated) => this.line(text, 'stderr', truncated));
    child.stdout?.on('data', (chunk: Buffer) => out.write(chunk));
    child.stderr?.on('data', (chunk: Buffer) => err.write(chunk));
    child.on('error', error => this.startFailed(error));
    child.on('close', (code, signal) => {
      out.end();
      err.end();
      this.exited(code, signal);
    });
  }

  // ctrl-c: SIGINT to compose's process group, SIGTERM after the grace period, SIGKILL after another.
  interrupt(): boolean {
    if (!this.child?.pid || !this.running) return false;
    const grace = this.options.graceMs ?? 5000;
    if (this.status === 'interrupting') {
      this.signalGroup('SIGTERM');
      this.system('ctrl-c again: SIGTERM sent to compose');
      return true;
    }
    this.interrupted = true;
    this.setStatus('interrupting');
    this.signalGroup('SIGINT');
    this.system(
      `interrupted: SIGINT sent to compose (SIGTERM in ${Math.round(grace / 1000)} s if it is still running)`,
    );
    this.timers.push(
      setTimeout(() => {
        if (!this.running) return;
        this.signalGroup('SIGTERM');
        this.system('compose still running: SIGTERM sent');
        this.timers.push(
          setTimeout(() => {
            if (!this.running) return;
            this.signalGroup('SIGKILL');
            this.system('compose still running: SIGKILL sent');
          }, grace),
        );
      }, grace),
    );
    return true;
  }

  // The pane stops listening; compose keeps running (esc, another log opened over it).
  stop(): void {}

  // On quit: compose must not run on unseen, so it is interrupted like ctrl-c.
  close(): void {
    if (this.running) this.signalGroup('SIGINT');
    for (const timer of this.timers) clearTimeout(timer);
    this.publisher.stop();
  }

  clear(): void {
    this.buffer.clear();
    this.keys.clear();
    this.publisher.changed();
  }

  search(query: string): LogSearch {
    return searchLog(this.buffer, query);
  }

  save(path: string): Promise<{lines: number}> {
    return saveLines(path, this.buffer.toArray());
  }

  // -- internals --------------------------------------------------------------------------------------------

  private signalGroup(signal: 'SIGINT' | 'SIGTERM' | 'SIGKILL'): void {
    const pid = this.child?.pid;
    if (!pid) return;
    try {
      process.kill(-pid, signal);
    } catch {
      try {
        this.child?.kill(signal);
      } catch {
        // Already gone.
      }
    }
  }

  private line(text: string, stream: 'stdout' | 'stderr', truncated: boolean): void {
    if (this.firstOutputAt === undefined) {
      this.firstOutputAt = Date.now();
      // The bench's `u` → first line: from here to the frame that shows it.
      trace.event({event: 'compose-output'});
    }
    const line = makeLine(text, stream, new Date().toISOString(), truncated);
    const key = progressKey(line.text);
    const at = key === undefined ? undefined : this.keys.get(key);
    const index = at === undefined ? -1 : at - this.buffer.dropped;
    if (key !== undefined && index >= 0 && index < this.buffer.length) this.buffer.set(index, line);
    else {
      this.buffer.push(line);
      if (key !== undefined) this.keys.set(key, this.buffer.dropped + this.buffer.length - 1);
    }
    this.publisher.changed();
  }

  private system(text: string): void {
    this.buffer.push(makeLine(text, 'system', new Date().toISOString(), false));
    this.publisher.changed();
  }

  private startFailed(error: NodeJS.ErrnoException): void {
    if (!this.running) return;
    this.error =
      error.code === 'ENOENT'
        ? `${this.options.program}: not found on PATH (${this.options.env.PATH ?? 'no PATH'})`
        : `${this.options.program}: ${error.message}`;
    this.system(`could not run compose: ${this.error}`);
    this.endedAt = Date.now();
    this.setStatus('failed');
    this.finish();
  }

  private exited(code: number | null, signal: NodeJS.Signals | null): void {
    if (!this.running) return;
    for (const timer of this.timers) clearTimeout(timer);
    this.endedAt = Date.now();
    this.exitCode = code ?? 128 + (SIGNAL_NUMBERS[signal ?? ''] ?? 0);
    this.signal = signal ?? undefined;
    const seconds = ((this.endedAt - this.startedAt) / 1000).toFixed(1);
    const how = signal ? `killed by ${signal} (exit ${this.exitCode})` : `exit ${this.exitCode}`;
    this.system(`${this.interrupted ? 'interrupted · ' : ''}${how} · ${seconds} s · ${this.command}`);
    this.setStatus(this.exitCode === 0 ? 'ended' : 'failed');
    this.finish();
  }

  private setStatus(status: ComposeRunStatus): void {
    if (this.status === status) return;
    this.status = status;
    this.statusVersion++;
    this.publisher.changed();
  }
}
