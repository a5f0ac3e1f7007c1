import {spawn} from 'node:child_process';
import {ByteTail} from '../exec/byte-tail.js';

// A user-defined command as a subprocess: argv as given (no shell), the engine's environment from engine-env.ts.

export type CommandResult = {exitCode: number; signal?: string; error?: string; output: string; truncated: boolean};

const LIMIT = 1024 * 1024;

// A command with no words is refused as spawn would refuse it, in words.
const NO_PROGRAM = 'no command to run';

function describeSpawnError(error: NodeJS.ErrnoException, program: string): string {
  if (error.code === 'ENOENT') return `${program}: not found (is it installed and on PATH?)`;
  if (error.code === 'EACCES') return `${program}: permission denied`;
  return `${program}: ${error.message}`;
}

// Output to a pane (or nowhere): stdout and stderr interleaved as they come, the last MiB kept; `onOutput` hears
// each piece, to show it live.
export function runCaptured(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  options: {onOutput?: (text: string) => void; signal?: AbortSignal} = {},
): Promise<CommandResult> {
  return new Promise(resolve => {
    const tail = new ByteTail(LIMIT);
    const [program, ...args] = argv;
    if (program === undefined) {
      resolve({exitCode: 127, error: NO_PROGRAM, output: '', truncated: false});
      return;
    }
    let child;
    try {
      child = spawn(program, args, {
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
        shell: false,
        signal: options.signal,
      });
    } catch (error) {
      resolve({
        exitCode: 127,
        error: describeSpawnError(error as NodeJS.ErrnoException, program),
        output: '',
        truncated: false,
      });
      return;
    }
    const take = (chunk: Buffer) => {
      tail.push(chunk);
      options.onOutput?.(chunk.toString('utf8'));
    };
    child.stdout.on('data', take);
    child.stderr.on('data', take);
    let failed: string | undefined;
    child.on('error', error => {
      failed =
        (error as NodeJS.ErrnoException).name === 'AbortError' ? 'cancelled' : describeSpawnError(error, program);
    });
    child.on('close', (code, signal) => {
      resolve({
        exitCode: failed ? 127 : (code ?? 128),
        signal: signal ?? undefined,
        error: failed,
        output: tail.text(),
        truncated: tail.truncated,
      });
    });
  });
}

// On the real terminal (the caller has handed it over): the command owns it until it exits.
export function runInTerminal(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): Promise<{exitCode: number; signal?: string; error?: string}> {
  return new Promise(resolve => {
    const [program, ...args] = argv;
    if (program === undefined) {
      resolve({exitCode: 127, error: NO_PROGRAM});
      return;
    }
    let child;
    try {
      child = spawn(program, args, {env, stdio: 'inherit', shell: false});
    } catch (error) {
      resolve({exitCode: 127, error: describeSpawnError(error as NodeJS.ErrnoException, program)});
      return;
    }
    let failed: string | undefined;
    child.on('error', error => {
      failed = describeSpawnError(error, program);
    });
    child.on('close', (code, signal) =>
      resolve({exitCode: failed ? 127 : (code ?? 128), signal: signal ?? undefined, error: failed}),
    );
  });
}
