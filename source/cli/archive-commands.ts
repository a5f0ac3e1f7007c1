import {resolve} from 'node:path';
import type {Readable, Writable} from 'node:stream';
import {UsageError} from '../errors.js';
import {connectEngine} from '../engine/client.js';
import type {EngineTarget} from '../engine/target.js';
import {exportContainer} from '../engine/archives/export.js';
import {loadImages} from '../engine/archives/load.js';
import {saveImages} from '../engine/archives/save.js';
import type {ArchiveDestination} from '../engine/archives/write-archive.js';
import {interruptible} from './progress-line.js';
import {trace} from '../trace.js';

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
  trace.event({event: 'archive-command', sinceStart: Math.round(performance.now())});
  const client = await connectEngine(target);
  trace.event({event: 'engine-connected', sinceStart: Math.round(performance.now())});
  const verb = name === 'save' ? 'saving' : name === 'load' ? 'loading' : 'exporting';
  try {
    return await interruptible(io.stderr, verb, async (signal, progress) => {
      // Progress only where it is shown: without a listener nothing is asked of the engine for it (export's size).
      const options = {signal, onProgress: io.stderr.isTTY ? progress.update : undefined};
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
      return 0;
    });
  } finally {
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
