import type {LogLine} from './line-assembler.js';
import type {LogBuffer} from './log-buffer.js';
import type {LogSearch} from './log-query.js';

// What the log pane shows: one container's log (LogSession), several containers' logs interleaved (merged-logs.ts:
// marked containers, a compose project's) or a compose command's output (compose/compose-run.ts).
export interface LogSource {
  readonly buffer: LogBuffer<LogLine>;
  readonly status: string;
  readonly error?: string;
  readonly version: number;
  subscribe(listener: () => void): () => void;
  start(): void;
  // Stops showing: the pane no longer listens (a compose command keeps running; see ComposeRun.interrupt).
  stop(): void;
  clear(): void;
  resume?(): void;
  // Reconnect a follow that waits to retry, now (the engine answers again).
  retryNow?(): void;
  // Listeners on it (the resources trace counts them to find leaks).
  readonly listenerCount?: number;
  search(query: string): LogSearch;
  save(path: string): Promise<{lines: number}>;
}
