import type Docker from 'dockerode';
import {dial} from '../client.js';
import type {LogOrigin} from './entry-fetch.js';
import {describeStreamError, statusCode} from './stream-errors.js';
import {compareTimestamps, timestampToSince} from './timestamp.js';

// What the engine says about a log's source when its stream ended or broke: follow it again, stop following
// (with a line saying how it ended), or give up. The session (log-session.ts) acts on the answer.
export type NextStep =
  {step: 'retry'; reason: string} | {step: 'settle'; note?: string} | {step: 'fail'; reason: string};

// A followed stream ends cleanly when the container stops, and when the engine shuts down politely: only the
// source's state tells which. A service's stream ends when the service goes (or the manager stops); a task's
// when its container stops.
export async function afterStreamEnd(docker: Docker, source: LogOrigin): Promise<NextStep> {
  try {
    if (source.kind === 'container') {
      const info = await docker.getContainer(source.id).inspect();
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

export type ReopenStep = {step: 'open'; restart?: {at: string; note: string}} | Exclude<NextStep, {step: 'settle'}>;

// Before following again after an interruption: a container is asked first (the engine may have restarted it,
// or be gone still); a swarm service or task has no container of its ID, and the manager was asked at the end.
export async function beforeReopen(
  docker: Docker,
  source: LogOrigin,
  lastEntryTime: string | undefined,
): Promise<ReopenStep> {
  if (source.kind !== 'container') return {step: 'open'};
  try {
    const info = await docker.getContainer(source.id).inspect();
    return {step: 'open', restart: restartNote(info.State, lastEntryTime)};
  } catch (error) {
    return unreachable(source, error);
  }
}

function unreachable(source: LogOrigin, error: unknown): Exclude<NextStep, {step: 'settle'}> {
  return statusCode(error) === 404
    ? {step: 'fail', reason: `the ${source.kind} no longer exists`}
    : {step: 'retry', reason: describeStreamError(error)};
}

// The old process finished after the last entry received and the container runs again: it was restarted
// while the stream was away (an engine restart stops containers; a restart policy starts them again).
type ContainerState = {Running?: boolean; StartedAt?: string; FinishedAt?: string; ExitCode?: number};
export function restartNote(
  state: ContainerState | undefined,
  lastEntryTime: string | undefined,
): {at: string; note: string} | undefined {
  const finished = validTime(state?.FinishedAt);
  const started = validTime(state?.StartedAt);
  if (!state?.Running || !finished || !started || !lastEntryTime) return undefined;
  if (compareTimestamps(finished, lastEntryTime) <= 0 || compareTimestamps(started, finished) < 0) return undefined;
  const code = typeof state.ExitCode === 'number' ? ` (exit code ${state.ExitCode})` : '';
  return {
    at: finished,
    note: `container restarted: stopped at ${shortTime(finished)}${code}, started again at ${shortTime(started)}`,
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
