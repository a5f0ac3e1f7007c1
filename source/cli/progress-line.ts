import type {Writable} from 'node:stream';
import {ArchiveCancelledError} from '../engine/archives/archive-errors.js';
import {describeProgress, type ArchiveProgress} from '../engine/archives/progress.js';

// One line on stderr redrawn in place, only when stderr is a terminal; a script's stderr stays clean.
export function progressLine(
  stderr: Writable & {isTTY?: boolean},
  verb: string,
): {update: (p: ArchiveProgress) => void; end: () => void} {
  if (!stderr.isTTY) return {update: () => undefined, end: () => undefined};
  let shown = false;
  let last: ArchiveProgress | undefined;
  return {
    update(p) {
      last = p;
      stderr.write(`\r\x1b[K${verb} ${describeProgress(p)}`);
      shown = true;
    },
    end() {
      if (shown) stderr.write(last?.phase === 'done' ? '\n' : '\r\x1b[K');
      shown = false;
    },
  };
}

// A transfer that ctrl-c (or SIGTERM) cancels cleanly: `run` gets the signal and the progress line; a cancel is
// said in one line and exits 130, as a shell reports an interrupted command.
export async function interruptible(
  stderr: Writable & {isTTY?: boolean},
  verb: string,
  run: (signal: AbortSignal, progress: ReturnType<typeof progressLine>) => Promise<number>,
): Promise<number> {
  const controller = new AbortController();
  const interrupt = () => controller.abort();
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  const progress = progressLine(stderr, verb);
  try {
    const code = await run(controller.signal, progress);
    progress.end();
    return code;
  } catch (error) {
    progress.end();
    if (error instanceof ArchiveCancelledError) {
      stderr.write(`berth: ${error.message}\n`);
      return 130;
    }
    throw error;
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
  }
}
