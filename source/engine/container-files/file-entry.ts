// One entry of a container's directory, however it was read (an exec listing or the engine's archive).
export type FileKind = 'file' | 'directory' | 'symlink' | 'char' | 'block' | 'fifo' | 'socket' | 'other';

export type FileEntry = {
  name: string;
  kind: FileKind;
  size: number;
  // Permission bits with setuid/setgid/sticky (07777).
  mode: number;
  // A name when the container knows one, else the number.
  owner: string;
  group: string;
  // Seconds since the epoch.
  mtime: number;
  linkTarget?: string;
};

// The most entries one listing returns: the first ones in the directory's own order. A directory of 200,000
// files is listed in well under the 300 ms a keypress may take, and no pane shows more rows than this anyway.
export const LIST_LIMIT = 2000;

// Joins a container path and a name the POSIX way, whatever the host's separator.
export function childPath(directory: string, name: string): string {
  return directory.endsWith('/') ? `${directory}${name}` : `${directory}/${name}`;
}

export function parentPath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const cut = trimmed.lastIndexOf('/');
  return cut <= 0 ? '/' : trimmed.slice(0, cut);
}
