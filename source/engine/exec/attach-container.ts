import {PassThrough, type Duplex} from 'node:stream';
import type Docker from 'dockerode';
import {attachTerminal, processTerminal, type SessionEnd, type TerminalStreams} from './attach-terminal.js';
import {DEFAULT_DETACH_KEYS, DetachWatcher, describeDetachKeys, parseDetachKeys} from './detach-keys.js';
import {engineMessage} from '../engine-error.js';
import {NEVER_RAN, UNKNOWN_EXIT} from './exec.js';

// `docker attach` through the Engine API: the terminal joins the container's main process (POST
// /containers/{id}/attach, hijacked), on the same terminal session as exec and run (attach-terminal.ts).
//
// - TTY container: the terminal is raw and every byte, ctrl-c included, goes to the process's PTY. The engine
//   knows the detach keys (detachKeys=…) and ends the stream when they are typed; the container keeps running.
// - Without a TTY: berth reads the keys itself (raw mode). The detach keys detach; ctrl-c is sent to the process
//   as SIGINT (the docker CLI's --sig-proxy); with an open stdin, typed lines go to it (echoed and edited
//   locally, enter sends the line, ctrl-d ends the input), else keys only detach or interrupt.

export type AttachRequest = {
  containerId: string;
  containerName?: string;
  // The docker CLI's --detach-keys format; default ctrl-p,ctrl-q.
  detachKeys?: string;
};

export type AttachOutcome = {
  // detached: the detach keys (the container runs on); exited: the process ended (exitCode); closed: the
  // connection dropped; refused: the engine would not attach (error says why).
  how: 'detached' | 'exited' | 'closed' | 'refused';
  exitCode: number;
  running: boolean;
  tty: boolean;
  // ctrl-c presses sent as SIGINT (non-TTY).
  interrupts: number;
  error?: string;
};

type Inspect = {
  Config?: {Tty?: boolean; OpenStdin?: boolean};
  State?: {Running?: boolean; Paused?: boolean; ExitCode?: number; Status?: string};
  Name?: string;
};

export async function attachContainer(
  docker: Docker,
  request: AttachRequest,
  terminal: TerminalStreams = processTerminal(),
): Promise<AttachOutcome> {
  const label = request.containerName ?? request.containerId.slice(0, 12);
  const keysText = request.detachKeys ?? DEFAULT_DETACH_KEYS;
  const refused = (error: string, tty = false): AttachOutcome => ({
    how: 'refused',
    exitCode: NEVER_RAN,
    running: false,
    tty,
    interrupts: 0,
    error,
  });
  let sequence: Buffer;
  try {
    sequence = parseDetachKeys(keysText);
  } catch (error) {
    return refused((error as Error).message);
  }
  const container = docker.getContainer(request.containerId);
  let info: Inspect;
  try {
    info = await container.inspect();
  } catch (error) {
    const status = (error as {statusCode?: number}).statusCode;
    return refused(
      status === 404
        ? `container ${label} no longer exists`
        : `cannot reach the engine to attach to ${label}: ${engineMessage(error)}`,
    );
  }
  const tty = Boolean(info.Config?.Tty);
  const stdin = Boolean(info.Config?.OpenStdin);
  if (!info.State?.Running)
    return refused(
      `container ${label} is ${info.State?.Status ?? 'not running'}: start it first (S), then attach`,
      tty,
    );
  if (info.State.Paused)
    return refused(`container ${label} is paused: unpause it (docker unpause ${label}), then attach`, tty);

  let socket: Duplex;
  try {
    socket = (await container.attach({
      stream: true,
      stdin,
      stdout: true,
      stderr: true,
      hijack: true,
      detachKeys: keysText,
    })) as Duplex;
  } catch (error) {
    return refused(`attach to ${label}: ${engineMessage(error)}`, tty);
  }

  // Keys: for a TTY with stdin, straight to the engine (it watches for the detach keys). Otherwise berth reads them.
  const detach = new AbortController();
  let interrupts = 0;
  let input: PassThrough | undefined;
  const undo: Array<() => void> = [];
  const source = terminal.stdin;
  if (!(tty && stdin)) {
    const watcher = new DetachWatcher(sequence);
    input = stdin ? new PassThrough() : undefined;
    let line = '';
    const echo = (text: string) => terminal.stdout.write(text);
    const onData = (chunk: Buffer | string) => {
      const {pass, detach: detached} = watcher.feed(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
      for (const byte of pass) {
        if (byte === 3) {
          interrupts += 1;
          echo('^C\r\n');
          void container.kill({signal: 'SIGINT'}).catch(() => undefined);
        } else if (!input) continue;
        else if (byte === 13 || byte === 10) {
          echo('\r\n');
          input.write(`${line}\n`);
          line = '';
        } else if (byte === 127 || byte === 8) {
          if (line) {
            line = line.slice(0, -1);
            echo('\b \b');
          }
        } else if (byte === 4) {
          if (!line) input.end();
        } else if (byte === 21) {
          echo('\b \b'.repeat(line.length));
          line = '';
        } else if (byte >= 32) {
          const char = String.fromCharCode(byte);
          line += char;
          echo(char);
        }
      }
      if (detached) detach.abort();
    };
    source.on('data', onData);
    source.resume();
    undo.push(() => {
      source.off('data', onData);
      source.pause();
    });
  }

  let end: SessionEnd;
  try {
    end = await attachTerminal({
      socket,
      tty,
      interactive: stdin,
      // A TTY reads the real terminal (raw); otherwise berth's own reader feeds the process's stdin.
      terminal:
        tty && stdin ? terminal : {stdin: input ?? new PassThrough(), stdout: terminal.stdout, stderr: terminal.stderr},
      resize: tty
        ? (size, signal) => container.resize({_query: {h: size.rows, w: size.columns}, abortSignal: signal})
        : undefined,
      signal: detach.signal,
    });
  } finally {
    for (const step of undo.reverse()) step();
  }
  return settle(container, end, {
    tty,
    interrupts,
    detachedLocally: detach.signal.aborted,
    keys: describeDetachKeys(keysText),
  });
}

// How it ended: the container's state after the stream closed tells a detach (still running) from an exit.
async function settle(
  container: Docker.Container,
  end: SessionEnd,
  facts: {tty: boolean; interrupts: number; detachedLocally: boolean; keys: string},
): Promise<AttachOutcome> {
  const base = {tty: facts.tty, interrupts: facts.interrupts};
  // The process may take a moment to be reported as exited after the stream ends; a detach by the engine also
  // ends the stream, so a container still running a little after is a detach.
  const deadline = Date.now() + (facts.detachedLocally ? 0 : end.reason === 'ended' ? 300 : 1500);
  for (;;) {
    let state: Inspect['State'];
    try {
      state = ((await container.inspect({abortSignal: AbortSignal.timeout(5000)})) as Inspect).State;
    } catch (error) {
      return {
        ...base,
        how: 'closed',
        exitCode: UNKNOWN_EXIT,
        running: false,
        error: `lost the engine: ${engineMessage(end.error ?? error)}`,
      };
    }
    if (!state?.Running) return {...base, how: 'exited', exitCode: state?.ExitCode ?? UNKNOWN_EXIT, running: false};
    if (Date.now() >= deadline) {
      if (end.reason === 'failed' || (end.reason === 'closed' && !facts.detachedLocally && !facts.tty)) {
        return {
          ...base,
          how: 'closed',
          exitCode: UNKNOWN_EXIT,
          running: true,
          error: end.error ? engineMessage(end.error) : 'the connection to the engine closed',
        };
      }
      return {...base, how: 'detached', exitCode: UNKNOWN_EXIT, running: true};
    }
    await new Promise(resolve => setTimeout(resolve, 50));
  }
}
