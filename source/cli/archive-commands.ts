import {resolve} from 'node:path';
import type {Readable, Writable} from 'node:stream';
import {UsageError} from '../errors.js';
import {connectEngine} from '../engine/client.js';
import type {EngineTarget} from '../engine/target.js';
import {ArchiveCancelledError} from '../engine/archives/archive-errors.js';
import {exportContainer} from '../engine/archives/export.js';
import {loadImages} from '../engine/archives/load.js';
import {describeProgress, type ArchiveProgress} from '../engine/archives/progress.js';
import {saveImages} from '../engine/archives/save.js';
import type {ArchiveDestination} from '../engine/archives/write-archive.js';

export type ArchiveIo = {
  stdin: Readable & {isTTY?: boolean};
  stdout: Writable & {isTTY?: boolean};
  stderr: Writable & {isTTY?: boolean};
};

export type ArchiveFlags = {output?: string; input?: string; force: boolean};

// berth save IMAGE... [-o FILE], berth load [-i FILE], berth export CONTAINER [-o FILE]: tar streams on
// stdout/stdin without -o/-i (so `berth save a | berth load` works), never to or from a terminal.
export async function archiveCommand(
  name: 'save' | 'load' | 'export',
  args: string[],
  flags: ArchiveFlags,
  target: EngineTarget,
  io: ArchiveIo,
): Promise<number> {
  checkUsage(name, args, flags, io);
  const client = await connectEngine(target);
  const controller = new AbortController();
  const interrupt = () => controller.abort();
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  const progress = progressLine(io.stderr, name === 'save' ? 'saving' : name === 'load' ? 'loading' : 'exporting');
  const options = {signal: controller.signal, onProgress: progress.update};
  try {
    if (name === 'load') {
      const source =
        flags.input && flags.input !== '-'
          ? {kind: 'file' as const, path: resolve(flags.input)}
          : {kind: 'stream' as const, stream: io.stdin, name: 'stdin'};
      const result = await loadImages(client.docker, source, options);
      progress.end();
      for (const line of result.loaded) io.stdout.write(`${line}\n`);
      return 0;
    }
    const destination: ArchiveDestination =
      flags.output && flags.output !== '-'
        ? {kind: 'file', path: resolve(flags.output), overwrite: flags.force}
        : {kind: 'stream', stream: io.stdout, name: 'stdout'};
    if (name === 'save') await saveImages(client.docker, args, destination, options);
    else {
      // checkUsage lets export through with exactly one container.
      const [container = ''] = args;
      await exportContainer(client.docker, container, destination, options);
    }
    progress.end();
    return 0;
  } catch (error) {
    progress.end();
    if (error instanceof ArchiveCancelledError) {
      io.stderr.write(`berth: ${error.message}\n`);
      return 130;
    }
    throw error;
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    client.close();
  }
}

function checkUsage(name: 'save' | 'load' | 'export', args: string[], flags: ArchiveFlags, io: ArchiveIo): void {
  if (name === 'save' && args.length === 0)
    throw new UsageError('berth save needs at least one image: berth save IMAGE... [-o FILE]');
  if (name === 'export' && args.length !== 1)
    throw new UsageError('berth export takes one container: berth export CONTAINER [-o FILE]');
  if (name === 'load' && args.length > 0)
    throw new UsageError(`berth load takes no arguments (got "${args.join(' ')}"); use berth load -i FILE`);
  if (name === 'load' && flags.output) throw new UsageError('berth load reads an archive: use -i FILE, not -o');
  if (name !== 'load' && flags.input) throw new UsageError(`berth ${name} writes an archive: use -o FILE, not -i`);
  if (name === 'load') {
    if ((!flags.input || flags.input === '-') && io.stdin.isTTY) {
      throw new UsageError(
        'refusing to read an archive from a terminal; use -i FILE or redirect stdin (berth load < FILE)',
      );
    }
  } else if ((!flags.output || flags.output === '-') && io.stdout.isTTY) {
    throw new UsageError(
      `refusing to write an archive to a terminal; use -o FILE or redirect stdout (berth ${name} … > FILE)`,
    );
  }
}

// One line on stderr redrawn in place, only when stderr is a terminal; a script's stderr stays clean.
function progressLine(
  stderr: ArchiveIo['stderr'],
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
