import {unreadable} from '../../util/unreadable.js';
import {
  closeSync,
  constants,
  copyFileSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import {homedir} from 'node:os';
import {basename, dirname, join} from 'node:path';
import {BerthError} from '../../errors.js';

export type DaemonJson = {
  file: string;
  // The file as it is on disk, undefined when there is none yet.
  text?: string;
  settings: Record<string, unknown>;
  mode: number;
};

// dockerd's own defaults: /etc/docker/daemon.json, and for rootless dockerd $XDG_CONFIG_HOME/docker/daemon.json.
export function defaultDaemonJsonPath(env: NodeJS.ProcessEnv, uid = process.getuid?.() ?? 0): string {
  if (uid === 0) return '/etc/docker/daemon.json';
  return join(env.XDG_CONFIG_HOME || join(homedir(), '.config'), 'docker', 'daemon.json');
}

// A file dockerd would not read is refused: writing our keys over it would throw away whatever the user meant.
export function readDaemonJson(file: string): DaemonJson {
  if (!existsSync(file)) return {file, settings: {}, mode: 0o644};
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new BerthError(unreadable(file, error, '--config'));
  }
  const mode = statSync(file).mode & 0o7777;
  if (text.trim() === '') return {file, text, settings: {}, mode};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new BerthError(
      `${file}: not valid JSON (${(error as Error).message}); dockerd would not start with it either — fix the file by hand, nothing was written`,
    );
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new BerthError(
      `${file}: the top level is not a JSON object; dockerd expects {"key": value, …} — fix the file by hand, nothing was written`,
    );
  }
  return {file, text, settings: parsed as Record<string, unknown>, mode};
}

export function formatDaemonJson(settings: Record<string, unknown>): string {
  return `${JSON.stringify(settings, null, 2)}\n`;
}

function stamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

// Backup first (never over an older backup), then a temporary file in the same directory, fsync, rename: a
// crash leaves either the old file or the new one, never half of either. Returns the backup's path.
export function writeDaemonJson(current: DaemonJson, text: string, now = new Date()): string | undefined {
  const {file} = current;
  const dir = dirname(file);
  try {
    mkdirSync(dir, {recursive: true});
  } catch (error) {
    throw new BerthError(
      `${dir}: cannot create it (${(error as NodeJS.ErrnoException).code}); run as root (sudo) or pass --config FILE`,
    );
  }
  let backup: string | undefined;
  if (current.text !== undefined) {
    backup = `${file}.bak-${stamp(now)}`;
    for (let n = 1; existsSync(backup); n++) backup = `${file}.bak-${stamp(now)}-${n}`;
    try {
      copyFileSync(file, backup, constants.COPYFILE_EXCL);
    } catch (error) {
      throw new BerthError(
        `${backup}: cannot write the backup (${(error as NodeJS.ErrnoException).code}); nothing was changed — run as root (sudo)`,
      );
    }
  }
  const temporary = join(dir, `.${basename(file)}.berth-${process.pid}`);
  try {
    const fd = openSync(temporary, 'wx', current.mode);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, {force: true});
    throw new BerthError(
      `${file}: cannot write it (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}); the file is unchanged — run as root (sudo)`,
    );
  }
  return backup;
}
