import {lstat, rename, rm, stat} from 'node:fs/promises';
import {basename, join, resolve} from 'node:path';
import type Docker from 'dockerode';
import {BerthError} from '../../errors.js';
import {contextWords, dockerCommand, logCommand} from '../../command-log.js';
import {ArchiveCancelledError, ArchiveExistsError, safeText, writeError} from '../archives/archive-errors.js';
import {ProgressMeter, type ProgressListener} from '../archives/progress.js';
import {moveWithoutReplacing} from '../files/partial-file.js';
import {containerArchive} from './archive-source.js';
import {extractArchive} from './extract.js';
import {components} from './list-directory.js';
import {mergeInto} from './merge.js';
import {statPath, type PathStat} from './path-stat.js';
import {TarFormatError} from '../tar/header.js';

// What `docker cp CONTAINER:SOURCE DEST` would do, worked out before a byte moves (the UI confirms it).
export type CopyOutPlan = {
  container: string;
  source: string;
  // The container path whose archive is read (a followed link's target with -L).
  archivePath: string;
  kind: PathStat['kind'];
  // The local path the copy's root becomes.
  target: string;
  // What is at `target` now: a file replaced only with overwrite; a directory receives the contents (merged,
  // files inside replaced only with overwrite).
  exists?: 'file' | 'directory';
  size?: number;
};

export type CopyOutOptions = {
  overwrite?: boolean;
  signal?: AbortSignal;
  onProgress?: ProgressListener;
  context?: string;
};

export type CopyOutResult = {target: string; bytes: number; entries: number; skipped: string[]};

// docker cp's naming rules (docs.docker.com/reference/cli/docker/container/cp): a file goes to DEST, or into DEST
// when it is a directory; a directory becomes DEST when DEST does not exist, else goes into it — or, with
// SOURCE ending in "/.", its contents go into it.
export async function planCopyOut(
  docker: Docker,
  container: string,
  source: string,
  dest: string,
  followLink = false,
): Promise<CopyOutPlan> {
  let found = await statPath(docker, container, source);
  if (!found)
    throw new BerthError(`${safeText(container)}:${safeText(source)}: no such file or directory in the container`);
  let archivePath = source.replace(/\/\.$/, '/') || '/';
  if (followLink && found.kind === 'symlink') {
    const target = found.linkTarget;
    const followed = await statPath(docker, container, target);
    if (!followed) throw new BerthError(`${safeText(source)} is a link to ${safeText(target)}, which does not exist`);
    found = followed;
    archivePath = target;
  }
  const contents = /\/\.$/.test(source) || components(source).length === 0;
  if (/\/\.?$/.test(source) && found.kind !== 'directory') throw new BerthError(`${safeText(source)}: not a directory`);
  const local = resolve(dest);
  const there = await kindAt(local, true);
  const name = components(source).at(-1) ?? 'root';
  let target: string;
  if (found.kind !== 'directory') {
    if (!there && /[/\\]$/.test(dest)) throw new BerthError(`the destination directory ${dest} does not exist`);
    target = there === 'directory' ? join(local, name) : local;
  } else {
    if (there === 'file') throw new BerthError(`cannot copy the directory ${safeText(source)} to the file ${dest}`);
    target = there === 'directory' && !contents ? join(local, name) : local;
  }
  const exists = await kindAt(target, false);
  if (exists === 'directory' && found.kind !== 'directory')
    throw new BerthError(`cannot replace the directory ${target} with a file`);
  if (exists === 'file' && found.kind === 'directory')
    throw new BerthError(`cannot copy the directory ${safeText(source)} to the file ${target}`);
  return {
    container,
    source,
    archivePath,
    kind: found.kind,
    target,
    exists,
    size: found.kind === 'file' ? found.size : undefined,
  };
}

async function kindAt(path: string, follow: boolean): Promise<'file' | 'directory' | undefined> {
  try {
    return (await (follow ? stat(path) : lstat(path))).isDirectory() ? 'directory' : 'file';
  } catch {
    return undefined;
  }
}

// Streams the archive into TARGET.partial, checked entry by entry (extract.ts), and gives it its name only when
// complete. A failure or a cancel removes the partial copy and leaves the destination as it was.
export async function runCopyOut(
  docker: Docker,
  plan: CopyOutPlan,
  options: CopyOutOptions = {},
): Promise<CopyOutResult> {
  if (plan.exists === 'file' && !options.overwrite) throw new ArchiveExistsError(plan.target);
  logCommand(dockerCommand([...contextWords(options.context), 'cp', `${plan.container}:${plan.source}`, plan.target]));
  const staging = `${plan.target}.partial`;
  if (await kindAt(staging, false))
    throw writeError(plan.target, Object.assign(new Error('EEXIST'), {code: 'EEXIST', path: staging}));
  const what = `${safeText(plan.container)}:${safeText(plan.source)}`;
  const controller = new AbortController();
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel, {once: true});
  const meter = new ProgressMeter(options.onProgress, plan.size);
  let counted = 0;
  try {
    if (options.signal?.aborted) throw new ArchiveCancelledError(`copying ${what}`);
    const response = await containerArchive(docker, plan.container, plan.archivePath, controller.signal);
    const result = await extractArchive(response, staging, consumed => {
      meter.add(consumed - counted);
      counted = consumed;
    });
    if ((result.rootKind === 'directory') !== (plan.kind === 'directory'))
      throw new BerthError(`${what} changed while it was copied (it is no longer a ${plan.kind})`);
    if (plan.exists === 'directory') await mergeInto(staging, plan.target, options.overwrite ?? false);
    else if (plan.kind === 'directory') await renameDirectory(staging, plan.target);
    else if (options.overwrite) await rename(staging, plan.target);
    else await moveWithoutReplacing(staging, plan.target);
    meter.report('done');
    return {target: plan.target, bytes: meter.bytes, entries: result.entries, skipped: result.skipped};
  } catch (error) {
    await rm(staging, {recursive: true, force: true}).catch(() => undefined);
    if (options.signal?.aborted) throw new ArchiveCancelledError(`copying ${what}`);
    if (error instanceof BerthError) throw error;
    if (error instanceof TarFormatError)
      throw new BerthError(`the engine's archive of ${what} is broken: ${error.message}; nothing was written`);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') throw new ArchiveExistsError((error as NodeJS.ErrnoException).path ?? plan.target);
    if (code) throw writeError(plan.target, error, meter.bytes);
    throw new BerthError(
      `copying ${what}: the connection to the engine broke (${(error as Error).message}); nothing was written`,
    );
  } finally {
    options.signal?.removeEventListener('abort', cancel);
    controller.abort();
  }
}

// rename() replaces an empty directory that appeared meanwhile; a directory is never silently replaced.
async function renameDirectory(from: string, to: string): Promise<void> {
  if (await kindAt(to, false)) throw new ArchiveExistsError(to);
  await rename(from, to);
}

export function describeTarget(plan: CopyOutPlan): string {
  const what = plan.kind === 'directory' ? 'directory' : plan.kind === 'symlink' ? 'link' : 'file';
  if (plan.exists === 'directory') return `the ${what}'s contents into the existing directory ${plan.target}`;
  if (plan.exists === 'file') return `the ${what} to ${plan.target}, replacing the file there`;
  return `the ${what} to ${plan.target} (${basename(plan.target)} is new)`;
}
