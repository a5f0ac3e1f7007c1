import {Readable, Writable, type Duplex} from 'node:stream';
import type Docker from 'dockerode';
import {
  attachTerminal,
  processTerminal,
  terminalSize,
  type SessionEnd,
  type TerminalStreams,
} from './attach-terminal.js';
import {ByteTail} from './byte-tail.js';
import {compareApi, dial} from '../client.js';
import {engineMessage} from '../engine-error.js';
import {itemAt} from '../../util/item-at.js';

// Exec and run through the Engine API (never the docker CLI), so they work wherever berth's connection works:
// TLS, contexts, ssh. This module makes the exec calls; the terminal session that carries the bytes, shared with
// run (run-interactive.ts), is attach-terminal.ts. The caller owns the screen (see ui/handoff.ts).

export type ExecRequest = {
  containerId: string;
  // Only for messages; the id is shortened when it is missing.
  containerName?: string;
  cmd: string[];
  user?: string;
  tty: boolean;
  interactive: boolean;
  // Docker's form, KEY=value.
  env?: string[];
  workingDir?: string;
  // Bytes for the session's input before the terminal's (see attach-terminal.ts); only a tty reads them as keys.
  typedAhead?: string;
};

// exitCode is the command's own status. When there is none, `error` says why and exitCode is
// NEVER_RAN (the engine refused, as docker run reports 125) or UNKNOWN_EXIT (detached, or the engine was lost).
export type ExecOutcome = {exitCode: number; error?: string};
export const NEVER_RAN = 125;
export const UNKNOWN_EXIT = -1;

export async function execInteractive(
  docker: Docker,
  api: string,
  request: ExecRequest,
  terminal: TerminalStreams = processTerminal(),
): Promise<ExecOutcome> {
  const label = request.containerName ?? request.containerId.slice(0, 12);
  const size = request.tty ? terminalSize(terminal.stdout) : undefined;
  // API 1.42+ sizes the PTY at creation, so the first prompt is drawn at the right width.
  const consoleSize: {ConsoleSize?: [number, number]} =
    size && compareApi(api, '1.42') >= 0 ? {ConsoleSize: [size.rows, size.columns]} : {};
  let started: StartedExec;
  try {
    started = await startExec(docker, request, consoleSize);
  } catch (error) {
    return {exitCode: NEVER_RAN, error: describeExecError(error, label)};
  }
  const {exec, socket} = started;
  const end = await attachTerminal({
    socket,
    tty: request.tty,
    interactive: request.interactive,
    terminal,
    typedAhead: request.tty ? request.typedAhead : undefined,
    resize: (next, signal) => exec.resize({_query: {h: next.rows, w: next.columns}, abortSignal: signal}),
  });
  return readExecExit(exec, end, `${request.cmd.join(' ')} in ${label}`);
}

export type CaptureRequest = {
  containerId: string;
  containerName?: string;
  cmd: string[];
  user?: string;
  env?: string[];
  workingDir?: string;
  // Each stream keeps its last limitBytes (default 1 MiB); the rest is read and dropped.
  limitBytes?: number;
  signal?: AbortSignal;
};

export type CaptureResult = ExecOutcome & {stdout: string; stderr: string; truncated: boolean};

// For the E form's non-interactive mode: no terminal involved, the output goes to a pane.
export async function execCapture(docker: Docker, api: string, request: CaptureRequest): Promise<CaptureResult> {
  void api; // Same call on every supported API version; kept for symmetry with execInteractive.
  const label = request.containerName ?? request.containerId.slice(0, 12);
  const limit = request.limitBytes ?? 1024 * 1024;
  const out = new ByteTail(limit);
  const err = new ByteTail(limit);
  const text = () => ({stdout: out.text(), stderr: err.text(), truncated: out.truncated || err.truncated});
  let started: StartedExec;
  try {
    started = await startExec(docker, {...request, tty: false, interactive: false}, {}, request.signal);
  } catch (error) {
    if (request.signal?.aborted) return {exitCode: UNKNOWN_EXIT, error: 'cancelled', ...text()};
    return {exitCode: NEVER_RAN, error: describeExecError(error, label), ...text()};
  }
  const {exec, socket} = started;
  const into = (tail: ByteTail) =>
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        tail.push(chunk);
        done();
      },
    });
  const terminal = {stdin: Readable.from([]), stdout: into(out), stderr: into(err)};
  const end = await attachTerminal({socket, tty: false, interactive: false, terminal, signal: request.signal});
  if (end.reason === 'interrupted') return {exitCode: UNKNOWN_EXIT, error: 'cancelled', ...text()};
  return {...(await readExecExit(exec, end, `${request.cmd.join(' ')} in ${label}`)), ...text()};
}

type StartedExec = {exec: Docker.Exec; socket: Duplex};

async function startExec(
  docker: Docker,
  request: ExecRequest,
  consoleSize: {ConsoleSize?: [number, number]},
  signal?: AbortSignal,
): Promise<StartedExec> {
  const exec = await docker.getContainer(request.containerId).exec({
    Cmd: request.cmd,
    User: request.user,
    Env: request.env,
    WorkingDir: request.workingDir,
    Tty: request.tty,
    AttachStdin: request.interactive,
    AttachStdout: true,
    AttachStderr: true,
    ...consoleSize,
  });
  // Framing follows the start body's Tty, not the create call's: both must say the same.
  const socket = await exec.start({
    hijack: true,
    stdin: request.interactive,
    Tty: request.tty,
    ...consoleSize,
    abortSignal: signal,
  });
  return {exec, socket};
}

// The configured shell wins (a string may carry arguments, e.g. "bash -l"; a list is tried in order), then
// /bin/bash, then /bin/sh. Presence is checked with HEAD /containers/{id}/archive: one round trip that needs no
// binary in the container (a `test -x` exec needs `test` and costs three calls). A dangling symlink would pass,
// which then fails visibly as "executable file not found".
export async function quickShellCommand(
  docker: Docker,
  containerId: string,
  configuredShell?: string | readonly string[],
): Promise<string[]> {
  if (typeof configuredShell === 'string' && configuredShell.trim()) return configuredShell.trim().split(/\s+/);
  // (typeof, not Array.isArray: that narrows a readonly string[] to any[].)
  const configured: readonly string[] = typeof configuredShell === 'object' ? configuredShell : [];
  const candidates = [...configured, '/bin/bash', '/bin/sh'];
  for (const candidate of candidates.slice(0, -1)) {
    const words = candidate.trim().split(/\s+/);
    const [program = ''] = words; // (split gives at least one word)
    if (await pathExists(docker, containerId, program)) return words;
  }
  // The last resort is not checked: if even /bin/sh is missing, the exec says so.
  return itemAt(candidates, -1).trim().split(/\s+/);
}

async function pathExists(docker: Docker, containerId: string, path: string): Promise<boolean> {
  if (!path.startsWith('/')) return true; // A bare name is looked up in PATH by the engine; let the exec decide.
  try {
    await dial(docker, {
      path: `/containers/${encodeURIComponent(containerId)}/archive?`,
      method: 'HEAD',
      options: {path},
      statusCodes: {200: true, 404: 'not found'},
      timeoutMs: 5000,
    });
    return true;
  } catch {
    return false;
  }
}

// ---- exit status and errors ---------------------------------------------------------------------------------

type ExecInspect = {Running: boolean; ExitCode: number | null; Pid?: number};

// The exit code is in exec inspect once the stream ends; it can lag a moment, so poll briefly while Running.
async function readExecExit(exec: Docker.Exec, end: SessionEnd, what: string): Promise<ExecOutcome> {
  const deadline = Date.now() + (end.reason === 'interrupted' ? 0 : 2000);
  let info: ExecInspect;
  for (;;) {
    try {
      info = await exec.inspect({abortSignal: AbortSignal.timeout(5000)});
    } catch (error) {
      return {
        exitCode: UNKNOWN_EXIT,
        error: `lost the connection to the engine during ${what} (${engineMessage(end.error ?? error)}): the engine stopped or restarted, and the session ended with it`,
      };
    }
    if (!info.Running || Date.now() >= deadline) break;
    await new Promise(resolve => setTimeout(resolve, 50));
  }
  if (info.Running) {
    const how = end.reason === 'closed' || end.reason === 'failed' ? 'the connection to the engine closed' : 'detached';
    return {exitCode: UNKNOWN_EXIT, error: `${how}; ${what} is still running in the container`};
  }
  const exitCode = info.ExitCode ?? UNKNOWN_EXIT;
  // The engine reports a failed start (unknown user, missing binary) as text on the stream and exit 126 with
  // no process; a command that itself exits 126 has a pid.
  if (exitCode === 126 && !info.Pid) {
    return {exitCode, error: printable(end.output.toString('utf8')) || `the engine could not start ${what}`};
  }
  return {exitCode};
}

function describeExecError(error: unknown, label: string): string {
  const status = (error as {statusCode?: number}).statusCode;
  const message = engineMessage(error);
  if (status === 409 && /paused/i.test(message))
    return `container ${label} is paused: unpause it (docker unpause ${label}), then exec again`;
  if (status === 409 || /is not running/i.test(message)) {
    return `container ${label} is not running: start it (S in the containers view, or docker start ${label}), then exec again`;
  }
  if (status === 404) return `container ${label} no longer exists (${message})`;
  if (status === undefined) return `cannot reach the engine to exec in ${label}: ${message}`;
  return `exec in ${label} failed: ${message}`;
}

// Engine text shown in the UI: drop escape sequences and control characters, keep it on one line.
function printable(text: string): string {
  return text
    .replace(/\x1b\[[0-?]*[ -/]*[@-~]|\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)?|\x1b./g, '')
    .replace(/[\x00-\x1f\x7f-\x9f]+/g, ' ')
    .trim();
}
