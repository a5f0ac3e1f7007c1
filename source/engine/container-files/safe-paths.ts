import {posix} from 'node:path';

// The checks that keep an archive from the engine inside the destination. Tar entry names and link targets are
// untrusted: a hostile or broken engine can send "../x", "/etc/x", or a link that points out of the copy and
// then an entry written through that link.

// Why an entry's name is refused, or undefined when it stays below the archive's root.
export function unsafeName(name: string): string | undefined {
  if (name.startsWith('/')) return 'an absolute path';
  if (name.split('/').includes('..')) return 'a ".." component';
  if (name.includes('\0')) return 'a NUL character';
  return undefined;
}

// Whether a symlink at `entry` (components below the copy's root, the root itself being []) whose target is
// `target` points inside the destination directory (the directory that receives the copy's root, named `root`).
export function linkStaysInside(entry: readonly string[], target: string): boolean {
  if (target === '' || target.startsWith('/')) return false;
  const from = posix.join('root', ...entry.slice(0, -1));
  // The link's own directory is `root/...`; a root-level link lives in the destination directory itself.
  const base = entry.length === 0 ? '.' : from;
  const resolved = posix.normalize(posix.join(base, target));
  return resolved !== '..' && !resolved.startsWith('../');
}
