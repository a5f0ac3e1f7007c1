import type {LogEntry} from './entry.js';
import type {LogOrigin} from './entry-fetch.js';
import type {LogLine} from './line-assembler.js';
import type {LogWindow} from './request-plan.js';

// restarting: the container exited and its restart policy starts it again; the log waits for it.
export type LogStatus = 'loading' | 'streaming' | 'ended' | 'reconnecting' | 'restarting' | 'error';

export type LogSessionOptions = {
  containerId: string;
  // A swarm service's or task's log instead of the container's (containerId is then ignored).
  source?: LogOrigin;
  // Turns an entry into the one shown (a service's lines get their service.slot@node prefix), after the
  // session has recognised it by its raw bytes: resume and de-duplication never depend on it.
  // It may answer undefined when it cannot tell yet (a task the prefixer does not know): the session then holds
  // that entry and the ones after it, in order, until `resolve` settles, and asks again.
  rewrite?: (entry: LogEntry) => LogEntry | undefined;
  resolve?: () => Promise<void>;
  // Whether the container has a TTY (its log stream then has no frames); found out from the stream when not given.
  tty?: boolean;
  window: LogWindow;
  follow: boolean;
  bufferLines?: number;
  // Listeners hear about changes at most this often.
  publishMs?: number;
  // Waits before reconnecting after the 1st, 2nd, … failure in a row; the last one repeats.
  reconnectDelaysMs?: readonly number[];
  // Hears every line added at the end, as it is added (merged logs take them all, however many come between two
  // publications; the buffer may hold fewer).
  onLine?: (line: LogLine) => void;
};

export const RECONNECT_DELAYS_MS: readonly number[] = [1000, 2000, 5000, 10_000, 30_000];

// The options with their defaults filled in.
export type SessionSettings = Required<Omit<LogSessionOptions, 'tty' | 'source' | 'rewrite' | 'resolve' | 'onLine'>> &
  Pick<LogSessionOptions, 'tty' | 'rewrite' | 'resolve' | 'onLine'>;

export function sessionSettings(options: LogSessionOptions): SessionSettings {
  // `?? default` rather than spreading: callers pass `bufferLines: config.value` that may be undefined.
  return {
    ...options,
    bufferLines: options.bufferLines ?? 10_000,
    publishMs: options.publishMs ?? 100,
    reconnectDelaysMs: options.reconnectDelaysMs?.length ? options.reconnectDelaysMs : RECONNECT_DELAYS_MS,
  };
}
