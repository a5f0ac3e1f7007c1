import {lstat, stat} from 'node:fs/promises';
import {basename, resolve} from 'node:path';
import {Readable} from 'node:stream';
import type Docker from 'dockerode';
import {BerthError} from '../../errors.js';
import {contextWords, dockerCommand, logCommand} from '../../command-log.js';
import {ArchiveCancelledError, readError, safeText} from '../archives/archive-errors.js';
import {engineStream} from '../archives/engine-stream.js';
import {ProgressMeter, type ProgressListener} from '../archives/progress.js';
import {refusal} from './archive-source.js';
import {childPath, parentPath} from './file-entry.js';
import {engineKindClash, kindClash, replacedBelow, replacedText} from './copy-in-clashes.js';
import {components} from './list-directory.js';
import {statPath} from './path-stat.js';
import {tarOf} from './tar-writer.js';

// What `docker cp SOURCE CONTAINER:DEST` would do, worked out before a byte moves (the UI confirms it).
export type CopyInPlan = {
  container: string;
  // The local path (absolute), or '-' for a tar on stdin.
  source: string;
  dest: string;
  // The container directory the archive is unpacked into, and the name the source's root gets there.
  directory: string;
  rootName: string;
  contentsOnly: boolean;
  followLink: boolean;
  kind: 'file' | 'directory';
  // The container path the copy lands at, and what is there now (replaced, or merged into for a directory).
  target: string;
  replaces?: 'file' | 'directory';
  // The container paths the copy would replace (files and links of the same name; directories are merged), looked
  // up before a byte moves. Not known for a tar from stdin.
  replaced: string[];
  size?: number;
};

export async function planCopyIn(
  docker: Docker,
  container: string,
  source: string,
  dest: string,
  followLink = false,
): Promise<CopyInPlan> {
  const there = await statPath(docker, container, dest);
  if (source === '-') {
    // docker cp - CONTAINER:DIR: a tar from stdin, unpacked into an existing directory.
    if (there?.kind !== 'directory')
      throw new BerthError(`${safeText(dest)}: the destination must be an existing directory for a tar from stdin`);
    return {
      container,
      source,
      dest,
      directory: dest,
      rootName: '',
      contentsOnly: true,
      followLink,
      kind: 'directory',
      target: dest,
      replaced: [],
    };
  }
  const local = resolve(source);
  let info;
  try {
    info = followLink ? await stat(local) : await lstat(local);
  } catch (error) {
    throw readError(source, error);
  }
  const kind = info.isDirectory() ? 'directory' : 'file';
  const contentsOnly = kind === 'directory' && /[/\\]\.$/.test(source);
  if (/[/\\]\.?$/.test(source) && kind !== 'directory') throw new BerthError(`${source}: not a directory`);
  const name = basename(local);
  const base = {
    container,
    source: local,
    dest,
    contentsOnly,
    followLink,
    kind,
    size: kind === 'file' ? info.size : undefined,
  } as const;
  if (there?.kind === 'directory') {
    if (contentsOnly) {
      const replaced = await replacedBelow(docker, container, local, dest);
      return {...base, directory: dest, rootName: name, target: dest, replaces: 'directory', replaced};
    }
    const target = childPath(dest, name);
    const inside = await statPath(docker, container, target);
    if (inside && (inside.kind === 'directory') !== (kind === 'directory'))
      throw kindClash(target, inside.kind === 'directory', source);
    const replaced =
      inside?.kind === 'directory' ? await replacedBelow(docker, container, local, target) : inside ? [target] : [];
    return {
      ...base,
      directory: dest,
      rootName: name,
      target,
      replaces: inside ? (inside.kind === 'directory' ? 'directory' : 'file') : undefined,
      replaced,
    };
  }
  if (there && kind === 'directory')
    throw new BerthError(`cannot copy the directory ${source} to the file ${safeText(dest)}`);
  if (!there && /\/$/.test(dest)) throw new BerthError(`${safeText(dest)}: no such directory in the container`);
  const directory = parentPath(dest);
  const parent = await statPath(docker, container, directory);
  if (parent?.kind !== 'directory') throw new BerthError(`${safeText(directory)}: no such directory in the container`);
  return {
    ...base,
    directory,
    rootName: components(dest).at(-1) ?? name,
    target: dest,
    replaces: there ? 'file' : undefined,
    replaced: there ? [dest] : [],
  };
}

export type CopyInOptions = {
  signal?: AbortSignal;
  onProgress?: ProgressListener;
  context?: string;
  // The tar for source '-'.
  stdin?: Readable;
  // docker cp -a: the files keep their owners (from the tar) instead of becoming the container's root's.
  keepOwners?: boolean;
};

// PUT /containers/{id}/archive: the engine unpacks the archive in `directory`; it refuses to replace a
// directory by a file or the reverse (noOverwriteDirNonDir, as docker cp asks).
export async function runCopyIn(
  docker: Docker,
  plan: CopyInPlan,
  options: CopyInOptions = {},
): Promise<{bytes: number}> {
  logCommand(dockerCommand([...contextWords(options.context), 'cp', plan.source, `${plan.container}:${plan.dest}`]));
  const controller = new AbortController();
  const cancel = () => controller.abort();
  options.signal?.addEventListener('abort', cancel, {once: true});
  const meter = new ProgressMeter(options.onProgress, plan.size);
  const body =
    plan.source === '-'
      ? options.stdin!
      : Readable.from(
          tarOf(plan.source, {rootName: plan.rootName, contentsOnly: plan.contentsOnly, followLink: plan.followLink}),
        );
  body.on('data', (chunk: Buffer) => meter.add(chunk.length));
  const what = `${safeText(plan.container)}:${safeText(plan.dest)}`;
  try {
    const response = await engineStream(docker, {
      path: `/containers/${encodeURIComponent(plan.container)}/archive?`,
      method: 'PUT',
      options: {
        path: plan.directory,
        noOverwriteDirNonDir: 'true',
        ...(options.keepOwners ? {copyUIDGID: 'true'} : {}),
      },
      body,
      signal: controller.signal,
      refused: (status, message) =>
        engineKindClash(message, plan.source) ?? refusal(plan.container, plan.dest, status, message),
    });
    response.resume();
    await new Promise<void>((done, fail) => {
      response.once('end', done);
      response.once('error', fail);
    });
    meter.report('done');
    return {bytes: meter.bytes};
  } catch (error) {
    if (options.signal?.aborted) throw new ArchiveCancelledError(`copying to ${what}`);
    if (error instanceof BerthError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code && plan.source !== '-') throw readError(plan.source, error);
    throw new BerthError(`copying to ${what}: ${safeText((error as Error).message)}`);
  } finally {
    options.signal?.removeEventListener('abort', cancel);
    controller.abort();
    body.destroy();
  }
}

export function describeCopyIn(plan: CopyInPlan): string {
  const what =
    plan.kind === 'directory' ? (plan.contentsOnly ? "the directory's contents" : 'the directory') : 'the file';
  const target = `${plan.container}:${plan.target}`;
  if (plan.replaces === 'file') return `${what} to ${target}, replacing the file there`;
  if (plan.replaces === 'directory' && plan.source === '-')
    return `${what} into ${target}, merging with the directory there (files of the same name are replaced)`;
  if (plan.replaces === 'directory')
    return plan.replaced.length
      ? `${what} into ${target}, merging with the directory there and replacing ${replacedText(plan.replaced, plan.target)}`
      : `${what} into ${target}, merging with the directory there (no file there is replaced)`;
  return `${what} to ${target} (new)`;
}
