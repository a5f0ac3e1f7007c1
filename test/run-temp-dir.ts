import {mkdtempSync, readFileSync, readdirSync, rmSync, rmdirSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

// vitest's globalSetup: one temporary directory per run, and TMPDIR pointing at it, so every mkdtemp of the tests,
// of the berth processes they start (the e2e harness passes TMPDIR into tmux, test/helpers/terminal.ts) and of the
// docker, compose and dockerd processes lands in it, and a test that forgets its files (or dies before removing
// them) leaves nothing in the real /tmp. The workers are started after this runs and take process.env with them.
// A short name: private engines put unix sockets (limited to 107 bytes) a few levels below it.
export function setup(): () => Promise<void> {
  const outer = process.env.TMPDIR;
  removeDeadRuns(tmpdir());
  const dir = mkdtempSync(join(tmpdir(), PREFIX));
  writeFileSync(join(dir, PID_FILE), String(process.pid));
  process.env.TMPDIR = dir;
  return async () => {
    if (outer === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outer;
    // vitest runs this before it has ended the last workers: a private engine a test left running is being
    // removed by its worker's SIGTERM handler (test/helpers/private-engine.ts) right now.
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline && mountsUnder(dir).length > 0) await new Promise(r => setTimeout(r, 100));
    report(dir, removeTree(dir));
  };
}

const PREFIX = 'berth-run-';
const PID_FILE = '.vitest-pid';

// A run that was killed before its teardown (SIGKILL, a reset) left its directory: the next run removes it once
// the process named in it is gone. Other checkouts' runs going on at the same time keep theirs.
function removeDeadRuns(root: string): void {
  for (const name of readdirSync(root)) {
    if (!name.startsWith(PREFIX)) continue;
    const dir = join(root, name);
    let pid: number;
    try {
      pid = Number(readFileSync(join(dir, PID_FILE), 'utf8'));
    } catch {
      continue;
    }
    if (pid > 0 && !alive(pid)) report(dir, removeTree(dir));
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function report(dir: string, left: string[]): void {
  if (left.length === 0) return;
  process.stderr.write(
    `test run directory ${dir} kept: what is listed is still mounted or could not be removed\n` +
      left.map(line => `  ${line}\n`).join('') +
      `(a private engine that was not stopped: stop its dockerd, umount what is listed, then rm -rf ${dir})\n`,
  );
}

// Removes `dir` without ever recursing through a mount point. A private engine (test/helpers/private-engine.ts)
// that was not stopped has its data root bind-mounted onto itself and its containers' overlay and network
// namespace mounts below it, and may still be running: rm -rf there would delete the engine's files from under it
// or fail half-way. Each entry of `dir` that holds a mount is left whole, with its mounts listed.
export function removeTree(dir: string): string[] {
  let mounts: string[];
  try {
    mounts = mountPoints();
  } catch (error) {
    return [`${dir}: /proc/mounts could not be read (${String(error)}), so nothing was removed`];
  }
  const left: string[] = [];
  const remove = (path: string, rm: () => void) => {
    try {
      rm();
    } catch (error) {
      left.push(`${path}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const held = under(mounts, path);
    if (held.length) left.push(...held.map(mount => `${mount}: mounted`));
    else remove(path, () => rmSync(path, {recursive: true, force: true, maxRetries: 3}));
  }
  if (left.length === 0) remove(dir, () => rmdirSync(dir));
  return left;
}

// Mount points as /proc/mounts spells them: a space, tab, newline or backslash in a path is an octal escape.
function mountPoints(): string[] {
  return readFileSync('/proc/mounts', 'utf8')
    .split('\n')
    .map(line => line.split(' ')[1])
    .filter((path): path is string => Boolean(path))
    .map(path => path.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8))));
}

const under = (mounts: string[], path: string) =>
  mounts.filter(mount => mount === path || mount.startsWith(`${path}/`));

function mountsUnder(path: string): string[] {
  try {
    return under(mountPoints(), path);
  } catch {
    return [];
  }
}
