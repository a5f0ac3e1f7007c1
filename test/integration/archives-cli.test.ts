import {execFileSync, spawnSync} from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  truncateSync,
  writeFileSync,
  copyFileSync,
} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {BUSYBOX, benchEnv, docker, uniqueName} from '../helpers/bench.js';
import {at} from '../helpers/found.js';

// berth save/load/export as a user runs them (bin/berth.js, after `node scripts/build.mjs`), against the bench
// engine, with the docker CLI as the oracle. The images are berth's own (docker commit of busybox with a file
// each), so removing them never touches the bench's busybox.

const dir = mkdtempSync(join(tmpdir(), 'berth-archives-'));
const state = join(dir, 'state');
const repo = uniqueName('berth-archives');
const one = `${repo}/one:v1`;
const two = `${repo}/two:v2`;
const container = uniqueName('berth-archives-export');
const mounts: string[] = [];

function berth(args: string[], options: {input?: Buffer | string; env?: NodeJS.ProcessEnv} = {}) {
  const result = spawnSync('node', ['bin/berth.js', ...args], {
    env: {PATH: process.env.PATH, HOME: process.env.HOME, XDG_STATE_HOME: state, ...benchEnv(), ...options.env},
    input: options.input,
    maxBuffer: 64 * 1024 * 1024,
    timeout: 60_000,
  });
  return {code: result.status, stdout: result.stdout, stderr: result.stderr.toString()};
}

function shell(command: string) {
  const result = spawnSync('sh', ['-c', command], {
    env: {...process.env, ...benchEnv(), XDG_STATE_HOME: state},
    encoding: 'utf8',
    timeout: 60_000,
  });
  return {code: result.status, stdout: result.stdout, stderr: result.stderr};
}

const listing = (file: string) =>
  execFileSync('tar', ['-tvf', file], {encoding: 'utf8'}).split('\n').filter(Boolean).sort();
const names = (file: string) =>
  execFileSync('tar', ['-tf', file], {encoding: 'utf8'}).split('\n').filter(Boolean).sort();
const imageId = (name: string) => docker(['image', 'inspect', '--format', '{{.Id}}', name]).trim();
const tagsOf = (id: string) =>
  (JSON.parse(docker(['image', 'inspect', '--format', '{{json .RepoTags}}', id])) as string[]).sort();
const leftovers = (folder: string) => readdirSync(folder).filter(name => name.endsWith('.partial'));

function oneLineError(stderr: string, message: RegExp) {
  expect(stderr).toMatch(message);
  expect(stderr.trim().split('\n')).toHaveLength(1);
  expect(stderr).not.toMatch(/\n\s+at /);
}

function commitImage(name: string, content: string) {
  const maker = uniqueName('berth-archives-maker');
  docker([
    'run',
    '--name',
    maker,
    '--network',
    'none',
    BUSYBOX,
    'sh',
    '-c',
    `echo ${content} > /made-by-berth-test && mkdir -p /opt/${content}`,
  ]);
  docker(['commit', maker, name]);
  docker(['rm', maker]);
}

function mountTmpfs(name: string, options: string): string {
  const target = join(dir, name);
  mkdirSync(target);
  execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', target]);
  mounts.push(target);
  return target;
}

beforeAll(() => {
  if (!existsSync('dist')) throw new Error('run node scripts/build.mjs first');
  commitImage(one, 'one');
  commitImage(two, 'two');
  docker([
    'run',
    '--name',
    container,
    '--network',
    'none',
    BUSYBOX,
    'sh',
    '-c',
    'mkdir -p /data/deep && echo written-by-the-container > /data/hello.txt && seq 1 20000 > /data/deep/numbers && ln -s hello.txt /data/link',
  ]);
});

afterAll(() => {
  for (const target of mounts) spawnSync('umount', [target]);
  spawnSync('docker', ['rm', '-f', container], {env: {...process.env, ...benchEnv()}});
  for (const image of [one, two]) spawnSync('docker', ['rmi', '-f', image], {env: {...process.env, ...benchEnv()}});
  rmSync(dir, {recursive: true, force: true});
});

describe('berth save and load', () => {
  test("two images to one archive, removed, loaded back: the same IDs and tags; the listing is docker save's", () => {
    const ids = [imageId(one), imageId(two)];
    const archive = join(dir, 'two.tar');
    const saved = berth(['save', one, two, '-o', archive]);
    expect(saved.stderr).toBe('');
    expect(saved.code).toBe(0);
    expect(saved.stdout.length).toBe(0);
    const oracle = join(dir, 'two-docker.tar');
    docker(['save', '-o', oracle, one, two]);
    expect(listing(archive)).toEqual(listing(oracle));
    expect(leftovers(dir)).toEqual([]);

    docker(['rmi', one, two]);
    expect(
      spawnSync('docker', ['image', 'inspect', at(ids, 0)], {env: {...process.env, ...benchEnv()}}).status,
    ).not.toBe(0);
    const loaded = berth(['load', '-i', archive]);
    expect(loaded.stderr).toBe('');
    expect(loaded.code).toBe(0);
    expect(loaded.stdout.toString().split('\n').filter(Boolean).sort()).toEqual([
      `Loaded image: ${one}`,
      `Loaded image: ${two}`,
    ]);
    expect([imageId(one), imageId(two)]).toEqual(ids);
    expect(tagsOf(at(ids, 0))).toEqual([one]);
    expect(tagsOf(at(ids, 1))).toEqual([two]);

    const log = readFileSync(join(state, 'berth/commands.log'), 'utf8');
    expect(log).toContain(`docker save -o ${archive} ${one} ${two}\n`);
    expect(log).toContain(`docker load -i ${archive}\n`);
  });

  test('berth save IMAGE | berth load: tar streams on stdout and stdin', () => {
    const id = imageId(one);
    const piped = shell(`node bin/berth.js save ${one} | node bin/berth.js load`);
    expect(piped.stderr).toBe('');
    expect(piped.code).toBe(0);
    expect(piped.stdout).toBe(`Loaded image: ${one}\n`);
    expect(imageId(one)).toBe(id);
  });

  test('a gzip-compressed archive loads as docker load does', () => {
    const archive = join(dir, 'one.tar');
    expect(berth(['save', one, '-o', archive]).code).toBe(0);
    execFileSync('gzip', ['-k', archive]);
    const loaded = berth(['load', '-i', `${archive}.gz`]);
    expect(loaded.stderr).toBe('');
    expect(loaded.stdout.toString()).toBe(`Loaded image: ${one}\n`);
  });

  test('an existing file is never replaced without --force; with it, it is', () => {
    const archive = join(dir, 'exists.tar');
    writeFileSync(archive, 'precious');
    const refused = berth(['save', one, '-o', archive]);
    expect(refused.code).toBe(1);
    oneLineError(refused.stderr, /exists\.tar already exists; choose another name, or overwrite it/);
    expect(readFileSync(archive, 'utf8')).toBe('precious');
    expect(leftovers(dir)).toEqual([]);
    const forced = berth(['save', '--force', one, '-o', archive]);
    expect(forced.code).toBe(0);
    expect(names(archive)).toContain('manifest.json');
  });
});

describe('berth export', () => {
  test('the tar holds the files the container wrote, as docker export has them', () => {
    const archive = join(dir, 'export.tar');
    const exported = berth(['export', container, '-o', archive]);
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    const oracle = join(dir, 'export-docker.tar');
    docker(['export', '-o', oracle, container]);
    expect(names(archive)).toEqual(names(oracle));
    expect(names(archive)).toEqual(expect.arrayContaining(['data/hello.txt', 'data/deep/numbers', 'data/link']));
    expect(execFileSync('tar', ['-xOf', archive, 'data/hello.txt'], {encoding: 'utf8'})).toBe(
      'written-by-the-container\n',
    );
    expect(execFileSync('tar', ['-xOf', archive, 'data/deep/numbers'], {encoding: 'utf8'}).split('\n')[19_999]).toBe(
      '20000',
    );
    expect(readFileSync(join(state, 'berth/commands.log'), 'utf8')).toContain(
      `docker export -o ${archive} ${container}\n`,
    );
  });

  test('to stdout, the same archive', () => {
    const piped = join(dir, 'export-stdout.tar');
    const result = shell(`node bin/berth.js export ${container} > ${piped}`);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(names(piped)).toEqual(names(join(dir, 'export.tar')));
  });
});

describe('bad input: one clear line, exit 1, no partial file, nothing else touched', () => {
  test('a directory that does not exist', () => {
    const result = berth(['save', one, '-o', join(dir, 'missing/dir/x.tar')]);
    expect(result.code).toBe(1);
    oneLineError(
      result.stderr,
      /cannot write .*missing\/dir\/x\.tar: the directory .*missing\/dir does not exist; create it first/,
    );
  });

  test('a read-only directory', () => {
    const readOnly = mountTmpfs('read-only', 'ro,size=1m');
    const result = berth(['export', container, '-o', join(readOnly, 'x.tar')]);
    expect(result.code).toBe(1);
    oneLineError(result.stderr, /cannot write .*read-only\/x\.tar: .*read-only file system; save somewhere else/);
    expect(readdirSync(readOnly)).toEqual([]);
  });

  test('a full disk', () => {
    const small = mountTmpfs('full', 'size=1m');
    const result = berth(['save', one, '-o', join(small, 'one.tar')]);
    expect(result.code).toBe(1);
    oneLineError(result.stderr, /cannot write .*full\/one\.tar: the disk is full after \d+ bytes; free some space/);
    expect(readdirSync(small)).toEqual([]);
  });

  test('a file that is not a tar', () => {
    const text = join(dir, 'notes.txt');
    writeFileSync(text, 'these are not the layers you are looking for\n'.repeat(40));
    const result = berth(['load', '-i', text]);
    expect(result.code).toBe(1);
    oneLineError(result.stderr, /cannot load .*notes\.txt: it is not a tar archive \(plain, gzip, bzip2 or xz\)/);
  });

  test('a truncated archive, plain and gzip (the engine reports the gzip one inside its 200 answer)', () => {
    const whole = join(dir, 'whole.tar');
    expect(berth(['save', one, '-o', whole]).code).toBe(0);
    const cut = join(dir, 'cut.tar');
    copyFileSync(whole, cut);
    truncateSync(cut, Math.floor(statSync(whole).size / 2));
    const plain = berth(['load', '-i', cut]);
    expect(plain.code).toBe(1);
    oneLineError(
      plain.stderr,
      /cannot load .*cut\.tar: the archive is truncated \(it ends inside ".*"\); nothing was loaded/,
    );

    execFileSync('gzip', ['-k', whole]);
    const cutGz = join(dir, 'cut.tar.gz');
    copyFileSync(`${whole}.gz`, cutGz);
    truncateSync(cutGz, Math.floor(statSync(`${whole}.gz`).size / 2));
    const gz = berth(['load', '-i', cutGz]);
    expect(gz.code).toBe(1);
    oneLineError(
      gz.stderr,
      /cannot load .*cut\.tar\.gz: the engine says ".*unexpected EOF.*": the archive is truncated or damaged/,
    );
  });

  test('an image and a container that do not exist', () => {
    const image = berth(['save', one, `${repo}/nothing:here`, '-o', join(dir, 'nothing.tar')]);
    expect(image.code).toBe(1);
    oneLineError(image.stderr, new RegExp(`no such image: ${repo}/nothing:here; check the name`));
    const gone = berth(['export', `${container}-gone`, '-o', join(dir, 'gone.tar')]);
    expect(gone.code).toBe(1);
    oneLineError(gone.stderr, /no such container: .*-gone; check the name/);
    expect(existsSync(join(dir, 'nothing.tar')) || existsSync(join(dir, 'gone.tar'))).toBe(false);
    expect(leftovers(dir)).toEqual([]);
  });

  test('an archive is never written to, or read from, a terminal', () => {
    const run = (command: string) =>
      spawnSync('script', ['-qec', command, '/dev/null'], {
        env: {...process.env, ...benchEnv(), XDG_STATE_HOME: state},
        encoding: 'utf8',
        timeout: 30_000,
      });
    const save = run(`node bin/berth.js save ${one}`);
    expect(save.status).toBe(2);
    expect(save.stdout).toMatch(/refusing to write an archive to a terminal; use -o FILE or redirect stdout/);
    const load = run('node bin/berth.js load');
    expect(load.status).toBe(2);
    expect(load.stdout).toMatch(/refusing to read an archive from a terminal; use -i FILE or redirect stdin/);
  });

  test('usage errors exit 2', () => {
    oneLineError(berth(['save']).stderr, /berth save needs at least one image/);
    oneLineError(berth(['export', 'a', 'b']).stderr, /berth export takes one container/);
    oneLineError(berth(['load', 'x']).stderr, /berth load takes no arguments/);
    expect(berth(['save']).code).toBe(2);
  });
});
