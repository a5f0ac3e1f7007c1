import type {FileEntry, FileKind} from './file-entry.js';
import {LIST_LIMIT} from './file-entry.js';

// The shell script that lists one directory level inside a running container, and the parser of what it prints.
// GNU find has -printf (one process, NUL-separated fields, any name); busybox find has not, so there the names
// go through `stat -c`. Both stop after the first entries (head), so a huge directory costs no more than a small
// one and nothing below the directory is ever walked (-maxdepth 1).

// Busybox: the names are newline-separated on their way to xargs, so a name holding a newline is lost (it does
// not stat); every other name, spaces and quotes included, survives -0.
const GNU_FORMAT = '%y\\0%m\\0%s\\0%u\\0%g\\0%T@\\0%l\\0%f\\0';
// Numbers, not names: busybox stat's %U and %G read /etc/passwd and /etc/group again for every file (90 ms of a
// 2,000-entry listing's 110); the script sends both files once instead and the names are looked up here.
const STAT_FORMAT = '%f|%s|%u|%g|%Y|%n|%N';
// Enough bytes for LIST_LIMIT entries with long names.
export const GNU_BYTES = 512 * 1024;

export const LIST_SCRIPT = [
  'd=$1',
  '[ -d "$d" ] || { [ -e "$d" ] && echo "not a directory" >&2 || echo "no such directory" >&2; exit 2; }',
  `if find "$d" -maxdepth 0 -printf '' 2>/dev/null; then`,
  `  printf 'G\\0'; find -H "$d" -mindepth 1 -maxdepth 1 -printf '${GNU_FORMAT}' | head -c ${GNU_BYTES}`,
  'else',
  `  printf 'B\\n'; cat /etc/passwd 2>/dev/null; printf '\\0'; cat /etc/group 2>/dev/null; printf '\\0'`,
  `  find -H "$d" -mindepth 1 -maxdepth 1 | head -n ${LIST_LIMIT + 1} | tr '\\n' '\\0' | xargs -0 -r stat -c '${STAT_FORMAT}'`,
  'fi',
].join('\n');

export type ParsedListing = {entries: FileEntry[]; truncated: boolean};

export function parseListing(output: string): ParsedListing | undefined {
  if (output.startsWith('G\0')) return parseGnu(output.slice(2));
  if (output.startsWith('B\n')) return parseBusybox(output.slice(2));
  return undefined;
}

const GNU_KINDS: Record<string, FileKind> = {
  f: 'file',
  d: 'directory',
  l: 'symlink',
  c: 'char',
  b: 'block',
  p: 'fifo',
  s: 'socket',
};

function parseGnu(text: string): ParsedListing {
  const fields = text.split('\0');
  const entries: FileEntry[] = [];
  // The last record may be cut by head -c: only whole records (8 fields and their terminator) count.
  const whole = Math.floor((fields.length - 1) / 8);
  for (let i = 0; i < whole && entries.length < LIST_LIMIT; i++) {
    // A whole record has its 8 fields (counted above).
    const [type = '', mode = '', size = '', owner = '', group = '', mtime = '', link = '', name = ''] = fields.slice(
      i * 8,
      i * 8 + 8,
    );
    const kind = GNU_KINDS[type] ?? 'other';
    entries.push({
      name,
      kind,
      size: Number(size) || 0,
      mode: parseInt(mode, 8) || 0,
      owner,
      group,
      mtime: Number(mtime) || 0,
      ...(kind === 'symlink' ? {linkTarget: link} : {}),
    });
  }
  const cut = Buffer.byteLength(text) + 2 >= GNU_BYTES;
  return {entries, truncated: cut || whole > LIST_LIMIT};
}

// st_mode's type bits, from stat's %f (hex).
const MODE_KINDS: Record<number, FileKind> = {
  0o140000: 'socket',
  0o120000: 'symlink',
  0o100000: 'file',
  0o060000: 'block',
  0o040000: 'directory',
  0o020000: 'char',
  0o010000: 'fifo',
};

// "name:x:id:…" lines (/etc/passwd, /etc/group): the name of each id, the first line winning as getpwuid's does.
function namesById(file: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const line of file.split('\n')) {
    const [name, , id] = line.split(':');
    if (name && id !== undefined && !names.has(id)) names.set(id, name);
  }
  return names;
}

function parseBusybox(text: string): ParsedListing {
  const [passwd = '', groups = '', ...stats] = text.split('\0');
  const users = namesById(passwd);
  const groupNames = namesById(groups);
  const entries: FileEntry[] = [];
  for (const line of stats.join('\0').split('\n')) {
    const parts = line.split('|');
    if (parts.length < 7) continue;
    // At least 7 parts (checked above).
    const [rawMode = '', size = '', uid = '', gid = '', mtime = ''] = parts;
    const rest = parts.slice(5).join('|');
    const mode = parseInt(rawMode, 16);
    if (!Number.isFinite(mode)) continue;
    const kind = MODE_KINDS[mode & 0o170000] ?? 'other';
    const [path, linkTarget] = kind === 'symlink' ? splitLink(rest) : [rest.slice(0, (rest.length - 1) / 2)];
    entries.push({
      name: path.slice(path.lastIndexOf('/') + 1),
      kind,
      size: Number(size) || 0,
      mode: mode & 0o7777,
      owner: users.get(uid) ?? uid,
      group: groupNames.get(gid) ?? gid,
      mtime: Number(mtime) || 0,
      ...(linkTarget !== undefined ? {linkTarget} : {}),
    });
  }
  return {entries: entries.slice(0, LIST_LIMIT), truncated: entries.length > LIST_LIMIT};
}

// "%n|%N" of a link is `PATH|'PATH' -> 'TARGET'`: the split is where the second half repeats the first.
function splitLink(rest: string): [string, string | undefined] {
  for (let at = rest.indexOf('|'); at >= 0; at = rest.indexOf('|', at + 1)) {
    const path = rest.slice(0, at);
    const head = `'${path}' -> '`;
    if (rest.startsWith(head, at + 1) && rest.endsWith("'")) return [path, rest.slice(at + 1 + head.length, -1)];
  }
  return [rest, undefined];
}
