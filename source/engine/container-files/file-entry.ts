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

// "drwxr-xr-x", as ls prints it.
export function modeString(kind: FileKind, mode: number): string {
  const type = {directory: 'd', symlink: 'l', char: 'c', block: 'b', fifo: 'p', socket: 's', file: '-', other: '?'}[
    kind
  ];
  const triple = (shift: number, special: boolean, lower: string, upper: string) => {
    const bits = (mode >> shift) & 7;
    const exec = bits & 1;
    const last = special ? (exec ? lower : upper) : exec ? 'x' : '-';
    return `${bits & 4 ? 'r' : '-'}${bits & 2 ? 'w' : '-'}${last}`;
  };
  return (
    type +
    triple(6, (mode & 0o4000) !== 0, 's', 'S') +
    triple(3, (mode & 0o2000) !== 0, 's', 'S') +
    triple(0, (mode & 0o1000) !== 0, 't', 'T')
  );
}

// Joins a container path and a name the POSIX way, whatever the host's separator.
export function childPath(directory: string, name: string): string {
  return directory.endsWith('/') ? `${directory}${name}` : `${directory}/${name}`;
}

export function parentPath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const cut = trimmed.lastIndexOf('/');
  return cut <= 0 ? '/' : trimmed.slice(0, cut);
}
