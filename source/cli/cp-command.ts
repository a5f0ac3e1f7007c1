import {createReadStream} from 'node:fs';
import type {Readable} from 'node:stream';
import type Docker from 'dockerode';
import {BerthError, UsageError} from '../errors.js';
import {connectEngine} from '../engine/client.js';
import type {EngineTarget} from '../engine/target.js';
import {safeText} from '../engine/archives/archive-errors.js';
import {writeArchive} from '../engine/archives/write-archive.js';
import {containerArchive} from '../engine/container-files/archive-source.js';
import {planCopyIn, runCopyIn} from '../engine/container-files/copy-in.js';
import {replacedByTar, replacedText} from '../engine/container-files/copy-in-clashes.js';
import {spoolTar} from '../engine/container-files/stdin-tar.js';
import type {ProgressListener} from '../engine/archives/progress.js';
import {planCopyOut, runCopyOut} from '../engine/container-files/copy-out.js';
import {statPath} from '../engine/container-files/path-stat.js';
import {bytes} from '../text/format.js';
import type {ArchiveIo} from './archive-commands.js';
import type {CommandFlags} from './args.js';
import {refuseFlags} from './image-commands.js';
import {interruptible} from './progress-line.js';
import {parseOperand} from '../engine/container-files/operand.js';

// berth cp [-L] [-a] [-f] [-q] CONTAINER:SRC DEST|-   and   berth cp [-L] [-a] SRC|- CONTAINER:DEST
// Exit status: 0 done, 1 failed (or something refused, said on stderr), 2 wrong arguments, 130 interrupted.
export async function cpCommand(
  args: string[],
  given: CommandFlags,
  target: EngineTarget,
  io: ArchiveIo,
): Promise<number> {
  refuseFlags('cp', given, ['followLink', 'archive', 'all', 'force', 'quiet']);
  const flags = {
    followLink: given.followLink ?? false,
    archive: (given.archive ?? false) || (given.all ?? false),
    force: given.force,
    quiet: given.quiet ?? false,
  };
  const [source, destination] = args;
  if (args.length !== 2 || source === undefined || destination === undefined)
    throw new UsageError('berth cp takes two arguments: berth cp CONTAINER:SRC DEST, or berth cp SRC CONTAINER:DEST');
  const [from, to] = [parseOperand(source), parseOperand(destination)];
  if ('container' in from && 'container' in to)
    throw new UsageError('berth cp copies between a container and this machine, not between two containers');
  if (!('container' in from) && !('container' in to))
    throw new UsageError('berth cp needs one side as CONTAINER:PATH (a local path with a colon: ./a:b)');
  if ('container' in from && 'local' in to && to.local === '-' && io.stdout.isTTY)
    throw new UsageError('refusing to write a tar archive to a terminal; redirect stdout (berth cp … - > FILE)');
  if ('local' in from && from.local === '-' && io.stdin.isTTY)
    throw new UsageError('refusing to read a tar archive from a terminal; redirect stdin (berth cp - … < FILE)');
  const client = await connectEngine(target);
  try {
    return await interruptible(io.stderr, 'copying', async (signal, shown) => {
      const progress = flags.quiet ? {update: () => undefined, end: () => undefined} : shown;
      const options = {signal, onProgress: progress.update};
      if ('container' in from && 'local' in to) {
        if (to.local === '-') {
          if (!(await statPath(client.docker, from.container, from.path)))
            throw new BerthError(
              `${safeText(from.container)}:${safeText(from.path)}: no such file or directory in the container`,
            );
          const result = await writeArchive(
            `${safeText(from.container)}:${safeText(from.path)}`,
            request => containerArchive(client.docker, from.container, from.path, request),
            {kind: 'stream', stream: io.stdout, name: 'stdout'},
            options,
          );
          progress.end();
          if (!flags.quiet) say(io, `copied ${bytes(result.bytes)} (tar) to stdout`);
          return 0;
        }
        const plan = await planCopyOut(client.docker, from.container, from.path, to.local, flags.followLink);
        const result = await runCopyOut(client.docker, plan, {...options, overwrite: flags.force});
        progress.end();
        if (!flags.quiet) say(io, `copied ${bytes(result.bytes)} to ${result.target}`);
        for (const line of result.skipped) io.stderr.write(`berth: not copied: ${line}\n`);
        return result.skipped.length ? 1 : 0;
      }
      if ('local' in from && 'container' in to) {
        const target = await copyIn(client.docker, from.local, to, flags, {...options, stdin: io.stdin});
        progress.end();
        if (!flags.quiet) say(io, `copied ${bytes(target.bytes)} to ${to.container}:${target.path}`);
        return 0;
      }
      return 2;
    });
  } finally {
    client.close();
  }
}

// Like docker cp's "Successfully copied …", on stderr, so stdout carries only a tar when asked for one.
function say(io: ArchiveIo, line: string): void {
  if (io.stderr.isTTY) io.stderr.write(`${line}\n`);
}

// berth cp SRC|- CONTAINER:DEST: nothing that exists is replaced without -f; a tar from stdin is kept in a temporary
// file to be looked into first (with -f it goes to the engine as it comes).
async function copyIn(
  docker: Docker,
  source: string,
  to: {container: string; path: string},
  flags: {followLink: boolean; archive: boolean; force?: boolean},
  options: {signal: AbortSignal; onProgress: ProgressListener; stdin: Readable},
): Promise<{bytes: number; path: string}> {
  const plan = await planCopyIn(docker, to.container, source, to.path, flags.followLink);
  const spooled = source === '-' && !flags.force ? await spoolTar(options.stdin, options.signal) : undefined;
  try {
    const replaced = spooled
      ? await replacedByTar(docker, to.container, plan.directory, spooled.entries)
      : plan.replaced;
    if (replaced.length && !flags.force) {
      const one = replaced.length === 1;
      throw new BerthError(
        `${replacedText(replaced, plan.target)} already ${one ? 'exists' : 'exist'} in ${safeText(to.container)}; ` +
          `nothing was copied — add -f to replace ${one ? 'it' : 'them'}`,
      );
    }
    const stdin = spooled ? createReadStream(spooled.path) : options.stdin;
    const result = await runCopyIn(docker, plan, {...options, stdin, keepOwners: flags.archive});
    return {bytes: result.bytes, path: plan.target};
  } finally {
    await spooled?.remove();
  }
}
