import {createHash} from 'node:crypto';
import {lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {BUSYBOX, benchEnv, docker, runTestContainer, uniqueName} from '../helpers/bench.js';
import {berthPerTest, focusContainer, type Terminal} from '../helpers/terminal.js';

// The files pane in a real terminal: f on a running container (its working directory, /etc, /etc/passwd, back),
// c copying a directory out compared with docker cp's copy, :cp copying in, and a stopped container's listing
// (the engine's archive, said on the pane).
const berth = berthPerTest();
let terminal: Terminal | undefined;

const dir = mkdtempSync(join(tmpdir(), 'berth-e2e-files-'));
const running = uniqueName('e2e-files');
const stopped = uniqueName('e2e-files-stopped');
// Stopped, with 100,000 files: the engine's archive of / takes seconds to come, long enough to cancel.
const crowded = uniqueName('e2e-files-crowded');
const env = () => ({...benchEnv(), XDG_STATE_HOME: join(dir, 'state')});

// Every entry under `root`: its kind, mode, size, time (seconds), link target and content hash.
function tree(root: string, at = ''): string[] {
  return readdirSync(join(root, at))
    .sort()
    .flatMap(name => {
      const path = join(at, name);
      const info = lstatSync(join(root, path));
      const what = info.isSymbolicLink()
        ? `link → ${readlinkSync(join(root, path))}`
        : info.isDirectory()
          ? 'dir'
          : `file ${info.size} ${createHash('sha256')
              .update(readFileSync(join(root, path)))
              .digest('hex')
              .slice(0, 16)}`;
      const line = `${path} ${(info.mode & 0o7777).toString(8)} ${Math.floor(info.mtimeMs / 1000)} ${what}`;
      return info.isDirectory() ? [line, ...tree(root, path)] : [line];
    });
}

beforeAll(() => {
  runTestContainer(
    running,
    [
      'sh',
      '-c',
      'mkdir -p /data/dir && echo hello > /data/dir/a.txt && : > /data/dir/empty && ln -s a.txt /data/dir/link && chmod 640 /data/dir/a.txt && exec sleep 3600',
    ],
    {extra: ['-w', '/data']},
  );
  docker(['run', '--name', stopped, '--network', 'none', '--label', 'berth.test=1', BUSYBOX, 'true']);
  docker([
    'run',
    '--name',
    crowded,
    '--network',
    'none',
    '--label',
    'berth.test=1',
    BUSYBOX,
    'sh',
    '-c',
    'mkdir /many && cd /many && seq 100000 | xargs touch',
  ]);
});

afterAll(() => {
  docker(['rm', '-f', running, stopped, crowded]);
  rmSync(dir, {recursive: true, force: true});
});

describe('the files pane', () => {
  test('f opens at the working directory; /etc, /etc/passwd and back; c copies a directory out as docker cp does', async () => {
    terminal = berth.start({env: env(), columns: 120, rows: 30});
    await focusContainer(terminal, running);
    terminal.type('f');
    await terminal.waitFor(`files of ${running}:/data`);
    await terminal.waitFor('dir/');
    terminal.keys('BSpace');
    await terminal.waitFor(new RegExp(`files of ${running}:/ `));
    await terminal.waitFor('etc/');
    terminal.type('/');
    await terminal.waitFor('filter names:');
    terminal.type('etc');
    terminal.keys('Enter');
    terminal.keys('Enter');
    await terminal.waitFor(`files of ${running}:/etc`);
    terminal.type('/');
    terminal.type('passwd');
    terminal.keys('Enter');
    await terminal.waitFor('filter: passwd');
    terminal.keys('Enter');
    const file = await terminal.waitFor('root:x:0:0:root');
    expect(file).toContain(`files of ${running}:/etc/passwd`);
    // / searches the file, n goes round to the next match; y copies the file's path.
    terminal.type('/');
    await terminal.waitFor('search the file:');
    terminal.type('nobody');
    terminal.keys('Enter');
    await terminal.waitFor('search: nobody (n / N)');
    terminal.type('y');
    await terminal.waitFor('the path /etc/passwd');
    terminal.keys('BSpace');
    await terminal.waitFor(/\d+ entries · filter: passwd/);
    // esc clears the filter, backspace goes up, then into /data to copy its directory out.
    terminal.keys('Escape');
    await terminal.waitUntil(s => !s.includes('filter: passwd'), 'the filter cleared');
    terminal.keys('BSpace');
    await terminal.waitFor(new RegExp(`files of ${running}:/ `));
    terminal.type('/');
    terminal.type('data');
    terminal.keys('Enter');
    terminal.keys('Enter');
    await terminal.waitFor(`files of ${running}:/data`);
    await terminal.waitFor('dir/');
    terminal.type('c');
    await terminal.waitFor('copy out to: ./dir');
    terminal.keys('C-u');
    terminal.type(join(dir, 'ours'));
    terminal.keys('Enter');
    await terminal.waitFor(`copied ${running}:/data/dir to ${join(dir, 'ours')}`, 20_000);
    docker(['cp', `${running}:/data/dir`, join(dir, 'theirs')]);
    expect(tree(join(dir, 'ours'))).toEqual(tree(join(dir, 'theirs')));
    expect(tree(join(dir, 'ours'))).toHaveLength(3);
    expect(readdirSync(dir).filter(name => name.endsWith('.partial'))).toEqual([]);
    // The command log has the docker command that does the same.
    expect(readFileSync(join(dir, 'state', 'berth', 'commands.log'), 'utf8')).toContain(
      `docker cp ${running}:/data/dir ${join(dir, 'ours')}`,
    );
    // A file onto one that exists: asked, and no leaves it as it was.
    terminal.keys('Enter');
    await terminal.waitFor(`files of ${running}:/data/dir`);
    await terminal.waitFor('a.txt');
    terminal.type('c');
    await terminal.waitFor('copy out to: ./a.txt');
    writeFileSync(join(dir, 'ours', 'a.txt'), 'mine\n');
    terminal.keys('C-u');
    terminal.type(join(dir, 'ours'));
    terminal.keys('Enter');
    await terminal.waitFor('a.txt exists. Replace it');
    terminal.type('n');
    await terminal.waitFor(`files of ${running}:/data/dir`);
    expect(readFileSync(join(dir, 'ours', 'a.txt'), 'utf8')).toBe('mine\n');
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });

  test(':cp LOCAL CONTAINER:PATH says where it lands, copies after y; docker exec cat reads it back', async () => {
    const local = join(dir, 'note.txt');
    writeFileSync(local, 'from the host\n');
    terminal = berth.start({env: env(), columns: 120, rows: 30});
    await terminal.waitFor(/API 1\.41/);
    terminal.type(':');
    terminal.type(`cp ${local} ${running}:/data/`);
    terminal.keys('Enter');
    const question = await terminal.waitFor('into the container?');
    expect(question).toContain(`${running}:/data/note.txt (new)`);
    terminal.type('y');
    await terminal.waitFor(`copied ${local} to ${running}:/data/note.txt`, 20_000);
    expect(docker(['exec', running, 'cat', '/data/note.txt'])).toBe('from the host\n');
    expect(readFileSync(join(dir, 'state', 'berth', 'commands.log'), 'utf8')).toContain(
      `docker cp ${local} ${running}:/data/`,
    );
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });

  test('with --readonly, copying in is refused and copying out still works', async () => {
    const local = join(dir, 'refused.txt');
    writeFileSync(local, 'never copied\n');
    terminal = berth.start({env: env(), columns: 120, rows: 30, args: ['--readonly']});
    await terminal.waitFor(/API 1\.41/);
    terminal.type(':');
    terminal.type(`cp ${local} ${running}:/data/`);
    terminal.keys('Enter');
    await terminal.waitFor('copying into a container changes it: not with --readonly');
    expect(() => docker(['exec', running, 'test', '-e', '/data/refused.txt'])).toThrow();
    terminal.type(':');
    terminal.type(`cp ${running}:/data/dir/a.txt ${join(dir, 'readonly-a.txt')}`);
    terminal.keys('Enter');
    await terminal.waitFor(`copied ${running}:/data/dir/a.txt`, 20_000);
    expect(readFileSync(join(dir, 'readonly-a.txt'), 'utf8')).toBe('hello\n');
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });

  test('a stopped container is listed from the engine archive, and the pane says why it is slower', async () => {
    terminal = berth.start({env: env(), columns: 120, rows: 30});
    await focusContainer(terminal, stopped);
    terminal.type('f');
    const screen = await terminal.waitFor("the container is not running: read from the engine's archive");
    expect(screen).toContain(`files of ${stopped}:/`);
    await terminal.waitFor('etc/');
    terminal.type('/');
    terminal.type('etc');
    terminal.keys('Enter');
    terminal.keys('Enter');
    await terminal.waitFor(`files of ${stopped}:/etc`);
    await terminal.waitFor('passwd');
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });

  test('the archive way shows how much came; esc cancels it, ctrl-r lists again', async () => {
    terminal = berth.start({env: env(), columns: 120, rows: 30});
    await focusContainer(terminal, crowded);
    terminal.type('f');
    await terminal.waitFor(/listing \/… [\d.]+[kM]?B of the archive read \(esc cancels\)/, 20_000);
    terminal.keys('Escape');
    await terminal.waitFor('listing / cancelled (ctrl-r lists it again)');
    expect(terminal.screen()).toContain(`files of ${crowded}:/`);
    terminal.keys('C-r');
    await terminal.waitFor('many/', 60_000);
    terminal.type('q');
    expect(await terminal.exitCode()).toBe(0);
  });
});
