import {openSync} from 'node:fs';
import type {Duplex} from 'node:stream';
import {ReadStream} from 'node:tty';
import {ByteTail} from './byte-tail.js';
import {FRAME_STDERR, FRAME_SYSTEM, FrameSplitter} from '../frames.js';

// The terminal session shared by exec (exec.ts) and run (run-interactive.ts): a hijacked engine stream connected
// to a terminal. The caller owns the screen (see ui/handoff.ts); this module owns the bytes.

export type TerminalStreams = {
  stdin: NodeJS.ReadableStream & {isTTY?: boolean; isRaw?: boolean; setRawMode?: (mode: boolean) => unknown};
  stdout: NodeJS.WritableStream & {isTTY?: boolean; rows?: number; columns?: number};
  stderr: NodeJS.WritableStream;
};

export const processTerminal = (): TerminalStreams => ({
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
});

export type TerminalSize = {rows: number; columns: number};

export type SessionEnd = {
  // ended: the engine closed the stream (the process exited, or a detach key); closed/failed: the connection
  // dropped; interrupted: Ctrl-C in a cooked terminal, which detaches as it stops `docker exec` without -it.
  reason: 'ended' | 'closed' | 'failed' | 'interrupted';
  error?: Error;
  // The last bytes of output: a start failure (exit 126) arrives as text here.
  output: Buffer;
};

export type AttachOptions = {
  socket: Duplex;
  tty: boolean;
  interactive: boolean;
  terminal: TerminalStreams;
  resize?: (size: TerminalSize, signal: AbortSignal) => Promise<unknown>;
  // Ends the session as 'interrupted' (the process may keep running in the container).
  signal?: AbortSignal;
  // Keys typed after the one that opened the session, before it had the terminal (berth's input queue held them):
  // the process reads them first, then the terminal's own.
  typedAhead?: string;
};

// Connects the hijacked stream to the terminal until it ends, and undoes every change on every path: raw mode,
// listeners, pipes, pending resizes.
export function attachTerminal({
  socket,
  tty,
  interactive,
  terminal,
  resize,
  signal,
  typedAhead,
}: AttachOptions): Promise<SessionEnd> {
  return new Promise(resolve => {
    const tail = new ByteTail(4096);
    const undo: Array<() => void> = [];
    let settled = false;
    const finish = (reason: SessionEnd['reason'], error?: Error) => {
      if (settled) return;
      settled = true;
      for (const step of undo.reverse()) {
        try {
          step();
        } catch {
          // Restoring a terminal that has gone away must not hide the outcome.
        }
      }
      socket.destroy();
      resolve({reason, error, output: tail.bytes()});
    };
    socket.on('error', error => finish('failed', error));
    socket.once('end', () => finish('ended'));
    socket.once('close', (hadError: boolean) => finish(hadError ? 'failed' : 'closed'));

    const write = (target: NodeJS.WritableStream, chunk: Buffer) => {
      tail.push(chunk);
      // Respect a slow consumer (a pipe, an SSH channel) instead of buffering without bound.
      if (!target.write(chunk)) {
        socket.pause();
        target.once('drain', () => socket.resume());
      }
    };
    if (tty) socket.on('data', (chunk: Buffer) => write(terminal.stdout, chunk));
    else {
      // Payload slices are handed on as they arrive (no reassembly, no copying): the bytes go straight to the terminal.
      const frames = new FrameSplitter({
        payload: (type, piece) =>
          write(type === FRAME_STDERR || type === FRAME_SYSTEM ? terminal.stderr : terminal.stdout, piece),
      });
      socket.on('data', (chunk: Buffer) => frames.push(chunk));
    }

    // Raw only when keys go to a PTY in the container; otherwise the local terminal edits lines and echoes.
    const raw = interactive && tty;
    const {stdin} = terminal;
    if (stdin.isTTY && stdin.setRawMode) {
      const wasRaw = Boolean(stdin.isRaw);
      stdin.setRawMode(raw);
      undo.push(() => stdin.setRawMode?.(wasRaw));
    }
    const onInterrupt = () => finish('interrupted');
    if (signal?.aborted) return finish('interrupted');
    signal?.addEventListener('abort', onInterrupt, {once: true});
    undo.push(() => signal?.removeEventListener('abort', onInterrupt));
    if (!raw && stdin.isTTY) {
      process.on('SIGINT', onInterrupt);
      undo.push(() => process.off('SIGINT', onInterrupt));
    }
    if (interactive && typedAhead) socket.write(typedAhead);
    if (interactive) pipeInput(raw ? stdin : cookedInput(stdin, undo), socket, error => finish('failed', error), undo);
    if (tty && resize) forwardResizes(terminal.stdout, resize, undo);
  });
}

function pipeInput(
  input: NodeJS.ReadableStream,
  socket: Duplex,
  onError: (error: Error) => void,
  undo: Array<() => void>,
): void {
  // End of input (Ctrl-D in a cooked terminal, a closed pipe) becomes EOF for the process, like docker's CloseWrite.
  const onEnd = () => socket.end();
  input.on('end', onEnd);
  input.on('error', onError);
  input.pipe(socket, {end: false});
  undo.push(() => {
    input.unpipe(socket);
    input.off('end', onEnd);
    input.off('error', onError);
    input.pause();
  });
}

// A cooked terminal turns Ctrl-D into end-of-file, and a Node stream that has ended never reads again; on
// process.stdin that would leave the UI deaf afterwards. So cooked input comes from a second descriptor on the
// same terminal, closed after the session, and process.stdin stays paused and intact.
function cookedInput(stdin: TerminalStreams['stdin'], undo: Array<() => void>): NodeJS.ReadableStream {
  if (stdin !== process.stdin || !stdin.isTTY) return stdin;
  try {
    const own = new ReadStream(openSync('/dev/tty', 'r'));
    undo.push(() => own.destroy());
    return own;
  } catch {
    return stdin;
  }
}

function forwardResizes(
  stdout: TerminalStreams['stdout'],
  resize: NonNullable<AttachOptions['resize']>,
  undo: Array<() => void>,
): void {
  const stop = new AbortController();
  let queue: Promise<unknown> = Promise.resolve();
  const send = (attempts: number) => {
    const size = terminalSize(stdout);
    if (!size) return;
    queue = queue.then(() => retry(() => resize(size, stop.signal), attempts, stop.signal));
  };
  // The exec may not be ready right after start; the docker CLI retries 10 times with a growing delay.
  send(10);
  const onResize = () => send(3);
  stdout.on('resize', onResize);
  undo.push(() => {
    stdout.off('resize', onResize);
    stop.abort();
  });
}

async function retry(action: () => Promise<unknown>, attempts: number, signal: AbortSignal): Promise<void> {
  for (let attempt = 1; attempt <= attempts && !signal.aborted; attempt++) {
    if (
      await action().then(
        () => true,
        () => false,
      )
    )
      return;
    await new Promise(resolve => setTimeout(resolve, attempt * 10));
  }
}

export function terminalSize(stdout: TerminalStreams['stdout']): TerminalSize | undefined {
  if (!stdout.isTTY || !stdout.rows || !stdout.columns) return undefined;
  return {rows: stdout.rows, columns: stdout.columns};
}
