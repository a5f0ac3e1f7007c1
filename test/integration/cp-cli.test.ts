import {execFileSync, spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {benchEnv, docker, runTestContainer, uniqueName} from '../helpers/bench.js';

// berth cp as a script runs it (the built bin/berth.js), docker cp's argument forms, against the bench engine.
const dir = mkdtempSync(join(tmpdir(), 'berth-cp-cli-'));
const state = join(dir, 'state');
const container = uniqueName('berth-cp');

function berth(args: string[], input?: Buffer | string) {
  const result = spawnSync('node', ['bin/berth.js', ...args], {
    env: {PATH: process.env.PATH, HOME: process.env.HOME, XDG_STATE_HOME: state, ...benchEnv()},
    input,
    maxBuffer: 64 * 1024 * 1024,
    timeout: 60_000,
  });
  return {code: result.status, stdout: result.stdout, stderr: result.stderr.toString()};
}

beforeAll(() => {
  runTestContainer(container, ['sleep', '100000']);
  docker(['exec', container, 'sh', '-c', 'mkdir -p /srv/app && echo one > /srv/app/a && ln -s a /srv/app/l']);
}, 60_000);

afterAll(() => {
  spawnSync('docker', ['rm', '-f', container], {env: {...process.env, ...benchEnv()}});
  rmSync(dir, {recursive: true, force: true});
});

describe('berth cp', () => {
  test('CONTAINER:FILE DEST, then again without -f refuses and keeps the file, with -f replaces it', () => {
    const path = join(dir, 'a.txt');
    expect(berth(['cp', `${container}:/srv/app/a`, path])).toMatchObject({code: 0});
    expect(readFileSync(path, 'utf8')).toBe('one\n');
    writeFileSync(path, 'mine');
    const again = berth(['cp', `${container}:/srv/app/a`, path]);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already exists/);
    expect(readFileSync(path, 'utf8')).toBe('mine');
    expect(berth(['cp', '-f', `${container}:/srv/app/a`, path]).code).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe('one\n');
  });

  test('CONTAINER:DIR into an existing directory, and DIR/. for its contents', () => {
    const into = join(dir, 'into');
    mkdirSync(into);
    expect(berth(['cp', `${container}:/srv/app`, into]).code).toBe(0);
    expect(readFileSync(join(into, 'app/a'), 'utf8')).toBe('one\n');
    const contents = join(dir, 'contents');
    mkdirSync(contents);
    expect(berth(['cp', `${container}:/srv/app/.`, contents]).code).toBe(0);
    expect(existsSync(join(contents, 'a'))).toBe(true);
  });

  test('- writes a tar on stdout, and reads one from stdin', () => {
    const out = berth(['cp', `${container}:/srv/app`, '-']);
    expect(out.code).toBe(0);
    const tar = join(dir, 'app.tar');
    writeFileSync(tar, out.stdout);
    expect(execFileSync('tar', ['-tf', tar], {encoding: 'utf8'}).split('\n').filter(Boolean).sort()).toEqual([
      'app/',
      'app/a',
      'app/l',
    ]);
    docker(['exec', container, 'mkdir', '/restored']);
    expect(berth(['cp', '-', `${container}:/restored`], out.stdout).code).toBe(0);
    expect(docker(['exec', container, 'cat', '/restored/app/a'])).toBe('one\n');
    // The same tar again: looked into first, refused naming what it would replace; -f unpacks it over them.
    docker(['exec', container, 'sh', '-c', 'echo changed > /restored/app/a']);
    const again = berth(['cp', '-', `${container}:/restored`], out.stdout);
    expect(again.code).toBe(1);
    expect(again.stderr.trim().split('\n')).toEqual([
      `berth: 2 files in /restored (app/a, app/l) already exist in ${container}; nothing was copied — add -f to replace them`,
    ]);
    expect(docker(['exec', container, 'cat', '/restored/app/a'])).toBe('changed\n');
    expect(berth(['cp', '-f', '-', `${container}:/restored`], out.stdout).code).toBe(0);
    expect(docker(['exec', container, 'cat', '/restored/app/a'])).toBe('one\n');
    // A file where the container has a directory: one line; found first without -f, said by the engine midway with it
    // (-f sends the tar as it comes, as docker cp does).
    docker(['exec', container, 'sh', '-c', 'rm -r /restored/app && mkdir -p /restored/app/a']);
    const where = '/restored/app/a is a directory in the container and not one here';
    const fix = 'remove or rename one of them (not even -f replaces a directory with a file or the reverse)';
    for (const [force, line] of [
      [[], `berth: cannot copy app/a of the tar from stdin: ${where}; nothing was copied — ${fix}`],
      [['-f'], `berth: cannot copy the tar from stdin: ${where}; the copy stopped there, part of it written — ${fix}`],
    ] as const) {
      const clash = berth(['cp', ...force, '-', `${container}:/restored`], out.stdout);
      expect(clash.code).toBe(1);
      expect(clash.stderr.trim().split('\n')).toEqual([line]);
    }
    const broken = berth(['cp', '-', `${container}:/restored`], out.stdout.subarray(0, 700));
    expect(broken.code).toBe(1);
    expect(broken.stderr).toMatch(/^berth: the tar from stdin is not a whole tar archive/);
  });

  test('a local file in, read back with docker exec cat', () => {
    writeFileSync(join(dir, 'in.txt'), 'into the container\n');
    expect(berth(['cp', join(dir, 'in.txt'), `${container}:/tmp/in.txt`]).code).toBe(0);
    expect(docker(['exec', container, 'cat', '/tmp/in.txt'])).toBe('into the container\n');
  });

  test('a file copied in again without -f is refused and kept; -f replaces it', () => {
    const local = join(dir, 'again.txt');
    writeFileSync(local, 'first\n');
    expect(berth(['cp', local, `${container}:/tmp/`]).code).toBe(0);
    writeFileSync(local, 'second\n');
    const again = berth(['cp', local, `${container}:/tmp/`]);
    expect(again.code).toBe(1);
    expect(again.stderr.trim().split('\n')).toEqual([
      `berth: /tmp/again.txt already exists in ${container}; nothing was copied — add -f to replace it`,
    ]);
    expect(docker(['exec', container, 'cat', '/tmp/again.txt'])).toBe('first\n');
    expect(berth(['cp', local, `${container}:/tmp/again.txt`]).code).toBe(1);
    expect(berth(['cp', '-f', local, `${container}:/tmp/`]).code).toBe(0);
    expect(docker(['exec', container, 'cat', '/tmp/again.txt'])).toBe('second\n');
  });

  test('a directory copied into one that holds files of the same names: refused, naming them, unless -f', () => {
    const local = join(dir, 'tree');
    mkdirSync(join(local, 'd'), {recursive: true});
    writeFileSync(join(local, 'd/a'), 'a1\n');
    writeFileSync(join(local, 'b'), 'b1\n');
    expect(berth(['cp', local, `${container}:/tmp/`]).code).toBe(0);
    writeFileSync(join(local, 'd/a'), 'a2\n');
    writeFileSync(join(local, 'new'), 'n\n');
    for (const source of [local, `${local}/.`]) {
      const where = source === local ? '/tmp' : '/tmp/tree';
      const again = berth(['cp', source, `${container}:${where}`]);
      expect(again.code).toBe(1);
      expect(again.stderr.trim().split('\n')).toEqual([
        `berth: 2 files in /tmp/tree (b, d/a) already exist in ${container}; nothing was copied — add -f to replace them`,
      ]);
    }
    expect(docker(['exec', container, 'sh', '-c', 'cat /tmp/tree/d/a; ls /tmp/tree'])).toBe('a1\nb\nd\n');
    expect(berth(['cp', '-f', local, `${container}:/tmp`]).code).toBe(0);
    expect(docker(['exec', container, 'sh', '-c', 'cat /tmp/tree/d/a /tmp/tree/new'])).toBe('a2\nn\n');
  });

  test('a file where the container has a directory (or the reverse), deep down: one clear line, nothing written', () => {
    const local = join(dir, 'clash');
    mkdirSync(join(local, 'd'), {recursive: true});
    writeFileSync(join(local, 'd/g'), 'file here\n');
    writeFileSync(join(local, 'first'), 'x\n');
    docker(['exec', container, 'mkdir', '-p', '/tmp/clash/d/g']);
    for (const force of [[], ['-f']]) {
      const result = berth(['cp', ...force, local, `${container}:/tmp/`]);
      expect(result.code).toBe(1);
      expect(result.stderr.trim().split('\n')).toEqual([
        `berth: cannot copy ${join(local, 'd/g')}: /tmp/clash/d/g is a directory in the container and not one here; nothing was ` +
          'copied — remove or rename one of them (not even -f replaces a directory with a file or the reverse)',
      ]);
    }
    expect(docker(['exec', container, 'ls', '/tmp/clash'])).toBe('d\n');
  });

  test('wrong arguments exit 2, failures 1, each in one line', () => {
    for (const args of [
      ['cp', 'a'],
      ['cp', 'a', 'b'],
      ['cp', 'x:/a', 'y:/b'],
      ['cp', '--json', 'x:/a', 'b'],
    ]) {
      const result = berth(args);
      expect(result.code).toBe(2);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
    const missing = berth(['cp', `${container}:/nowhere`, join(dir, 'n')]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no such file or directory/);
    const noContainer = berth(['cp', 'berth-no-such-container:/etc/passwd', join(dir, 'n')]);
    expect(noContainer.code).toBe(1);
    expect(noContainer.stderr).toMatch(/no such container: berth-no-such-container/);
  });
});
