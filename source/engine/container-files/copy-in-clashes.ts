import {lstat, readdir} from 'node:fs/promises';
import {join} from 'node:path';
import type Docker from 'dockerode';
import {BerthError} from '../../errors.js';
import {safeText} from '../archives/archive-errors.js';
import {childPath, parentPath} from './file-entry.js';
import {statInContainer} from './path-stat.js';

// Paths asked about at once: enough to hide the round trips, few enough not to flood the engine.
const AT_ONCE = 16;

type Pair = {local: string; remote: string; directory: boolean};

// A directory where the copy would put a non-directory, or the reverse: the engine refuses that in the middle of
// unpacking (noOverwriteDirNonDir), after part of the archive is written, so it is found first and refused whole.
export function kindClash(remote: string, directoryThere: boolean, local: string, partly = false): BerthError {
  const [there, here] = directoryThere ? ['a directory', 'not one'] : ['not a directory', 'a directory'];
  const outcome = partly ? 'the copy stopped there, part of it written' : 'nothing was copied';
  return new BerthError(
    `cannot copy ${local}: ${safeText(remote)} is ${there} in the container and ${here} here; ${outcome} — ` +
      'remove or rename one of them (not even -f replaces a directory with a file or the reverse)',
  );
}

// The engine's words for the same clash found while unpacking (a tar from stdin, or a container that changed
// after the check): 'cannot overwrite directory "/a" with non-directory "/b"'.
export function engineKindClash(message: string, local: string): BerthError | undefined {
  const match = /cannot overwrite (non-)?directory "([^"]*)" with/.exec(message);
  if (!match) return undefined;
  return kindClash(match[2] ?? '', !match[1], local === '-' ? 'the tar from stdin' : local, true);
}

// The container paths that copying the local directory's entries into the container directory would replace
// (files and links of the same name), found before a byte moves; directories that exist on both sides are merged,
// so only their entries are looked at. One HEAD per local entry whose container directory exists.
export async function replacedBelow(
  docker: Docker,
  container: string,
  localDirectory: string,
  remoteDirectory: string,
): Promise<string[]> {
  const replaced: string[] = [];
  let level = await children(localDirectory, remoteDirectory);
  while (level.length) {
    const found = await lookUp(docker, container, level);
    replaced.push(...found.replaced);
    level = (await Promise.all(found.merged.map(pair => children(pair.local, pair.remote)))).flat();
  }
  return replaced.sort();
}

// The same for a tar's entries (from stdin) unpacked into the container directory, a level at a time: nothing
// below a directory the container does not have is asked about.
export async function replacedByTar(
  docker: Docker,
  container: string,
  directory: string,
  entries: readonly {path: string; directory: boolean}[],
): Promise<string[]> {
  const replaced: string[] = [];
  const absent = new Set<string>();
  const depth = (path: string) => path.split('/').length;
  const deepest = Math.max(0, ...entries.map(entry => depth(entry.path)));
  for (let level = 1; level <= deepest; level++) {
    const pairs = entries
      .filter(entry => depth(entry.path) === level)
      .map(entry => ({
        local: `${entry.path} of the tar from stdin`,
        remote: childPath(directory, entry.path),
        directory: entry.directory,
      }))
      .filter(pair => !absent.has(parentPath(pair.remote)));
    const found = await lookUp(docker, container, pairs);
    replaced.push(...found.replaced);
    for (const pair of found.absent) absent.add(pair.remote);
  }
  return replaced.sort();
}

// Which pairs exist in the container, a few requests at a time: a non-directory there is replaced, a directory on
// both sides merged; a directory meeting a non-directory refuses the copy.
async function lookUp(
  docker: Docker,
  container: string,
  pairs: readonly Pair[],
): Promise<{replaced: string[]; merged: Pair[]; absent: Pair[]}> {
  const found = {replaced: [] as string[], merged: [] as Pair[], absent: [] as Pair[]};
  for (let at = 0; at < pairs.length; at += AT_ONCE) {
    await Promise.all(
      pairs.slice(at, at + AT_ONCE).map(async pair => {
        const there = await statInContainer(docker, container, pair.remote);
        if (!there) return void found.absent.push(pair);
        if ((there.kind === 'directory') !== pair.directory)
          throw kindClash(pair.remote, there.kind === 'directory', pair.local);
        if (pair.directory) found.merged.push(pair);
        else found.replaced.push(pair.remote);
      }),
    );
  }
  return found;
}

async function children(local: string, remote: string): Promise<Pair[]> {
  const names = (await readdir(local)).sort();
  return Promise.all(
    names.map(async name => ({
      local: join(local, name),
      remote: childPath(remote, name),
      directory: (await lstat(join(local, name))).isDirectory(),
    })),
  );
}

// "/tmp/in.txt", or "3 files in /tmp/d2 (d/a, d/b, e)": what a copy would replace, for a question or a refusal.
export function replacedText(replaced: readonly string[], under: string): string {
  const [only] = replaced;
  if (replaced.length === 1 && only !== undefined) return safeText(only);
  const prefix = under.endsWith('/') ? under : `${under}/`;
  const shown = replaced.slice(0, 5).map(path => safeText(path.startsWith(prefix) ? path.slice(prefix.length) : path));
  const more = replaced.length > shown.length ? `, and ${replaced.length - shown.length} more` : '';
  return `${replaced.length} files in ${safeText(under)} (${shown.join(', ')}${more})`;
}
