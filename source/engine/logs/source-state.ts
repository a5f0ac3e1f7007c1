import type Docker from 'dockerode';
import {dial} from '../client.js';
import {readEvents} from '../events/read-events.js';
import type {LogOrigin} from './entry-fetch.js';
import {describeStreamError, statusCode} from './stream-errors.js';
import {compareTimestamps, timestampToSince} from './timestamp.js';

// What the engine says about a log's source when its stream ended or broke: follow it again, stop following
// (with a line saying how it ended), or give up. The session (log-session.ts) acts on the answer.
// `restarting`: the container exited and its restart policy starts it again (`stop` is when it exited: one note
// per stop); `reopen`: it was restarted already, follow the new process at once.
export type NextStep =
  | {step: 'retry'; reason: string}
  | {step: 'settle'; note?: string}
  | {step: 'fail'; reason: string}
  | Restarting
  | {step: 'reopen'};

type Restarting = {step: 'restarting'; stop: string; note: string};

// A followed stream ends cleanly when the container stops, and when the engine shuts down politely: only the
// source's state tells which. A service's stream ends when the service goes (or the manager stops); a task's
// when its container stops. A container the engine restarts (restart policy) says Running while it waits to:
// Restarting tells it apart, and its exit code is still the old process's then (the restart resets it).
export async function afterStreamEnd(docker: Docker, source: LogOrigin, lastEntryTime?: string): Promise<NextStep> {
  try {
    if (source.kind === 'container') {
      const info = await docker.getContainer(source.id).inspect();
      const restarting = restartingStep(info.State);
      if (restarting) return restarting;
      if (info.State?.Running && restartedSince(info.State, lastEntryTime)) return {step: 'reopen'};
      if (info.State?.Running) return {step: 'retry', reason: 'the log stream ended while the container still runs'};
      const finished = validTime(info.State?.FinishedAt);
      const code = info.State?.ExitCode;
      return {
        step: 'settle',
        note:
          finished && typeof code === 'number'
            ? `container exited with code ${code} at ${shortTime(finished)}`
            : undefined,
      };
    }
    const {kind, id} = source;
    const info = (await dial(docker, {
      path: `/${kind}s/${encodeURIComponent(id)}`,
      method: 'GET',
      timeoutMs: 15_000,
    })) as {Status?: {State?: string}};
    if (kind === 'task' && info.Status?.State !== 'running') return {step: 'settle'};
    return {
      step: 'retry',
      reason: `the log stream ended while the ${kind} still ${kind === 'task' ? 'runs' : 'exists'}`,
    };
  } catch (error) {
    return unreachable(source, error);
  }
}

export type ReopenStep =
  {step: 'open'; restart?: {at: string; note: string}} | Exclude<NextStep, {step: 'settle'} | {step: 'reopen'}>;

// Before following again after an interruption: a container is asked first (the engine may have restarted it,
// be restarting it still, or be gone still); a swarm service or task has no container of its ID, and the
// manager was asked at the end. `announced`: the stop a note said already (no second note for it).
export async function beforeReopen(
  docker: Docker,
  source: LogOrigin,
  lastEntryTime: string | undefined,
  announced?: string,
): Promise<ReopenStep> {
  if (source.kind !== 'container') return {step: 'open'};
  try {
    const info = await docker.getContainer(source.id).inspect();
    const restarting = restartingStep(info.State);
    if (restarting) return restarting;
    const finished = validTime(info.State?.FinishedAt);
    if (!restartedSince(info.State, lastEntryTime) || !finished || finished === announced) return {step: 'open'};
    return {step: 'open', restart: restartNote(info.State, await exitCodeAt(docker, source.id, finished))};
  } catch (error) {
    return unreachable(source, error);
  }
}

function restartingStep(state: ContainerState | undefined): Restarting | undefined {
  const stop = validTime(state?.FinishedAt);
  if (!state?.Restarting || !stop) return undefined;
  const code = typeof state.ExitCode === 'number' ? ` with code ${state.ExitCode}` : '';
  return {step: 'restarting', stop, note: `container exited${code} at ${shortTime(stop)}; restarting (restart policy)`};
}

// The exit code of the process that stopped at `finished`: inspect says 0 once the container runs again, so
// it is read from the engine's `die` event then. Unknown (undefined) when the engine no longer has the event.
async function exitCodeAt(docker: Docker, id: string, finished: string): Promise<number | undefined> {
  const at = Number(timestampToSince(finished));
  if (!Number.isFinite(at)) return undefined;
  let code: number | undefined;
  try {
    await readEvents(
      docker,
      {
        since: (at - 1).toFixed(3),
        until: (at + 1).toFixed(3),
        filters: {type: ['container'], container: [id], event: ['die']},
      },
      event => {
        const value = Number(event.Actor?.Attributes?.exitCode);
        if (event.Action === 'die' && Number.isInteger(value)) code = value;
      },
      AbortSignal.timeout(3000),
    );
  } catch {
    // The note goes without the code.
  }
  return code;
}

function unreachable(source: LogOrigin, error: unknown): Extract<NextStep, {step: 'retry' | 'fail'}> {
  return statusCode(error) === 404
    ? {step: 'fail', reason: `the ${source.kind} no longer exists`}
    : {step: 'retry', reason: describeStreamError(error)};
}

// The old process finished after the last entry received and the container runs again: it was restarted
// while the stream was away (an engine restart stops containers; a restart policy starts them again).
type ContainerState = {
  Running?: boolean;
  Restarting?: boolean;
  StartedAt?: string;
  FinishedAt?: string;
  ExitCode?: number;
};
function restartedSince(state: ContainerState | undefined, lastEntryTime: string | undefined): boolean {
  const finished = validTime(state?.FinishedAt);
  const started = validTime(state?.StartedAt);
  if (!state?.Running || state.Restarting || !finished || !started || !lastEntryTime) return false;
  return compareTimestamps(finished, lastEntryTime) > 0 && compareTimestamps(started, finished) >= 0;
}

// The note in front of the new process's first line; `code` is the old process's (inspect no longer has it).
function restartNote(state: ContainerState, code: number | undefined): {at: string; note: string} {
  const finished = validTime(state.FinishedAt) ?? '';
  const started = validTime(state.StartedAt) ?? '';
  const exit = code === undefined ? '' : ` (exit code ${code})`;
  return {
    at: finished,
    note: `container restarted: stopped at ${shortTime(finished)}${exit}, started again at ${shortTime(started)}`,
  };
}

// The engine reports "0001-01-01T00:00:00Z" for a time that never happened.
function validTime(time: string | undefined): string | undefined {
  return time && !time.startsWith('0001-') && timestampToSince(time) ? time : undefined;
}

// 2026-11-25T12:39:34.551504835Z → 2026-11-25T12:39:34Z
function shortTime(time: string): string {
  return time.replace(/\.\d+(?=Z|[+-]\d\d:\d\d$)/, '');
}
