import type {IncomingMessage} from 'node:http';
import type {Duplex} from 'node:stream';
import type Docker from 'dockerode';
import {compareApi} from '../client.js';
import {
  attachTerminal,
  processTerminal,
  terminalSize,
  type SessionEnd,
  type TerminalStreams,
} from './attach-terminal.js';
import {asError, engineMessage} from '../engine-error.js';
import {NEVER_RAN, UNKNOWN_EXIT} from './exec.js';

export type RunRequest = {
  image: string;
  cmd?: string[];
  name?: string;
  autoRemove?: boolean;
  env?: string[];
  // Bytes for the container's input before the terminal's (see attach-terminal.ts).
  typedAhead?: string;
};

// containerId/containerName are '' when nothing was created; exitCode follows ExecOutcome's conventions.
export type RunOutcome = {exitCode: number; containerId: string; containerName: string; error?: string};

type WaitResult = {StatusCode?: number; Error?: {Message?: string} | null};

// `docker run -it` through the API: create, attach and register the wait before start (so no output and no exit
// is missed), start, size the PTY. The container is kept afterwards, as docker run keeps it, unless autoRemove.
export async function runInteractive(
  docker: Docker,
  api: string,
  request: RunRequest,
  terminal: TerminalStreams = processTerminal(),
): Promise<RunOutcome> {
  const size = terminalSize(terminal.stdout);
  let container: Docker.Container;
  try {
    // _query/_body keep the body (Env may hold secrets) out of the URL, where modem would otherwise copy it.
    container = await docker.createContainer({
      _query: request.name ? {name: request.name} : {},
      _body: {
        Image: request.image,
        Cmd: request.cmd,
        Env: request.env,
        Tty: true,
        OpenStdin: true,
        StdinOnce: true,
        AttachStdin: true,
        AttachStdout: true,
        AttachStderr: true,
        HostConfig: {
          AutoRemove: Boolean(request.autoRemove),
          ...(size && compareApi(api, '1.42') >= 0 ? {ConsoleSize: [size.rows, size.columns]} : {}),
        },
      },
    } as unknown as Docker.ContainerCreateOptions);
  } catch (error) {
    return {exitCode: NEVER_RAN, containerId: '', containerName: '', error: describeCreateError(error, request.image)};
  }

  let name = request.name ?? container.id.slice(0, 12);
  const outcome = (exitCode: number, error?: string): RunOutcome => ({
    exitCode,
    containerId: container.id,
    containerName: name,
    ...(error ? {error} : {}),
  });
  const cancelWait = new AbortController();
  let socket: Duplex | undefined;
  let exited: Promise<WaitResult>;
  try {
    const [info, attached, waiting] = await Promise.all([
      container.inspect(),
      // The options double as the request body; an empty body would leave Node holding the headers back.
      container.attach({stream: true, stdin: true, stdout: true, stderr: true, hijack: true}) as Promise<Duplex>,
      registerWait(docker, container.id, request.autoRemove ? 'removed' : 'next-exit', cancelWait.signal),
    ]);
    name = info.Name.replace(/^\//, '');
    socket = attached;
    exited = waiting.exit;
    await container.start();
  } catch (error) {
    socket?.destroy();
    cancelWait.abort();
    return outcome(NEVER_RAN, `could not start ${name} from ${request.image}: ${engineMessage(error)}`);
  }

  const end = await attachTerminal({
    socket,
    tty: true,
    interactive: true,
    terminal,
    typedAhead: request.typedAhead,
    resize: (next, signal) => container.resize({_query: {h: next.rows, w: next.columns}, abortSignal: signal}),
  });
  const result = await settleWithin(exited, end.reason === 'ended' ? 5000 : 2000);
  cancelWait.abort();
  return describeExit(result, end, name, outcome);
}

function describeExit(
  result: WaitResult | Error | undefined,
  end: SessionEnd,
  name: string,
  outcome: (exitCode: number, error?: string) => RunOutcome,
): RunOutcome {
  if (result instanceof Error)
    return outcome(
      UNKNOWN_EXIT,
      `lost the connection to the engine while ${name} ran: ${engineMessage(end.error ?? result)}`,
    );
  if (!result) {
    const how = end.reason === 'ended' ? 'detached' : 'the connection to the engine closed';
    return outcome(UNKNOWN_EXIT, `${how}; ${name} is still running (docker attach ${name} to return to it)`);
  }
  if (result.Error?.Message) return outcome(result.StatusCode ?? UNKNOWN_EXIT, result.Error.Message);
  return outcome(result.StatusCode ?? UNKNOWN_EXIT);
}

// POST /wait answers its headers once the waiter is registered and the body when the container exits, so this
// resolves once the engine is listening for the exit. (The exit promise is boxed: a promise resolved with a
// promise would wait for it.)
function registerWait(
  docker: Docker,
  id: string,
  condition: 'next-exit' | 'removed',
  signal: AbortSignal,
): Promise<{exit: Promise<WaitResult>}> {
  return new Promise((resolve, reject) => {
    docker.modem.dial(
      {
        path: `/containers/${encodeURIComponent(id)}/wait?`,
        method: 'POST',
        options: {_query: {condition}, _body: {}},
        isStream: true,
        abortSignal: signal,
        statusCodes: {200: true, 400: 'bad parameter', 404: 'no such container', 500: 'server error'},
      },
      (error, response) => {
        if (error) return reject(asError(error));
        if (!response) return reject(new Error('the engine did not answer the wait request'));
        const exit = readJson(response as IncomingMessage);
        exit.catch(() => undefined); // Read later, or never when start fails; not an unhandled rejection.
        resolve({exit});
      },
    );
  });
}

function readJson(response: IncomingMessage): Promise<WaitResult> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('error', reject);
    response.on('aborted', () => reject(new Error('the engine closed the wait')));
    response.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as WaitResult);
      } catch {
        reject(new Error('the engine closed the wait without a result'));
      }
    });
  });
}

// undefined: no answer in time (still running); Error: the wait itself failed (engine gone).
function settleWithin<T>(promise: Promise<T>, ms: number): Promise<T | Error | undefined> {
  return new Promise(resolve => {
    const timer = setTimeout(() => resolve(undefined), ms);
    promise.then(
      value => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        resolve(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

function describeCreateError(error: unknown, image: string): string {
  const status = (error as {statusCode?: number}).statusCode;
  const message = engineMessage(error);
  if (status === 404 && /no such image/i.test(message))
    return `image ${image} is not in the engine: pull it first (docker pull ${image})`;
  if (status === 409) return `${message}: choose another name`;
  if (status === undefined) return `cannot reach the engine to run ${image}: ${message}`;
  return `could not create a container from ${image}: ${message}`;
}
