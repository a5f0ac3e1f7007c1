import {chmod, mkdir, mkdtemp, readdir, readFile, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, describe, expect, test} from 'vitest';
import {BerthError} from '../../../../source/errors.js';
import type {LogLine} from '../../../../source/engine/logs/line-assembler.js';
import {compileLogQuery, searchLines} from '../../../../source/engine/logs/log-query.js';
import {saveLines} from '../../../../source/engine/logs/save-lines.js';

const lines: LogLine[] = [
  {text: 'GET /health 200', stream: 'stdout', time: '2026-11-22T00:00:01.000000000Z'},
  {text: '\x1b[31mERROR\x1b[0m disk full', stream: 'stderr', time: '2026-11-22T00:00:02.000000000Z'},
  {text: 'get /metrics 500', stream: 'stdout', time: '2026-11-22T00:00:03.000000000Z'},
  {text: 'log stream interrupted', stream: 'system'},
];

describe('search', () => {
  test('case-insensitive substring, indexes of the matching lines', () => {
    expect(searchLines(lines, 'get /')).toEqual([0, 2]);
    expect(searchLines(lines, 'error')).toEqual([1]);
    expect(searchLines(lines, 'nothing')).toEqual([]);
  });

  test('colour codes are not part of what is searched', () => {
    expect(searchLines(lines, '31m')).toEqual([]);
    expect(searchLines(lines, 'ERROR disk')).toEqual([1]);
  });

  test('re: searches with a regular expression, case-insensitive', () => {
    expect(searchLines(lines, 're:\\b[45]\\d\\d$')).toEqual([2]);
    expect(searchLines(lines, 're:^error')).toEqual([1]);
    expect(searchLines(lines, 're:^(get|log) ')).toEqual([0, 2, 3]);
  });

  test('a broken regular expression is explained, with the way out', () => {
    expect(() => compileLogQuery('re:(unclosed')).toThrow(BerthError);
    expect(() => compileLogQuery('re:(unclosed')).toThrow(/not a valid regular expression .*search without "re:"/);
  });
});

describe('save', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'berth-log-save-'));
  });
  afterEach(async () => {
    await chmod(dir, 0o700).catch(() => undefined);
    await rm(dir, {recursive: true, force: true});
  });

  test("the container's output (colour codes included, as docker logs > FILE), then the partial file is renamed into place", async () => {
    const path = join(dir, 'web.log');
    expect(await saveLines(path, lines)).toEqual({lines: 4});
    expect(await readFile(path, 'utf8')).toBe(
      'GET /health 200\n\x1b[31mERROR\x1b[0m disk full\nget /metrics 500\nlog stream interrupted\n',
    );
    expect(await readdir(dir)).toEqual(['web.log']);
  });

  test('with timestamps when asked', async () => {
    const path = join(dir, 'web.log');
    await saveLines(path, lines.slice(0, 1), {timestamps: true});
    expect(await readFile(path, 'utf8')).toBe('2026-11-22T00:00:01.000000000Z GET /health 200\n');
  });

  test('an existing file is not overwritten unless asked', async () => {
    const path = join(dir, 'web.log');
    await writeFile(path, 'keep me');
    await expect(saveLines(path, lines)).rejects.toThrow(
      `cannot save the logs to ${path}: the file already exists; berth never overwrites a file: save again under another name`,
    );
    expect(await readFile(path, 'utf8')).toBe('keep me');
    expect(await readdir(dir)).toEqual(['web.log']);
    await saveLines(path, lines, {overwrite: true});
    expect(await readFile(path, 'utf8')).toMatch(/^GET \/health 200\n/);
  });

  test('a missing directory: the error names the file, the reason and the fix', async () => {
    const path = join(dir, 'nope', 'web.log');
    await expect(saveLines(path, lines)).rejects.toThrow(
      `cannot save the logs to ${path}: the directory ${join(dir, 'nope')} does not exist; create it first or choose another path`,
    );
  });

  test('a directory given as the path', async () => {
    await mkdir(join(dir, 'sub'));
    await expect(saveLines(join(dir, 'sub'), lines)).rejects.toThrow(/that is a directory; add a file name/);
  });

  test('a failure while writing removes the partial file', async () => {
    if (process.getuid?.() === 0) return; // root writes anyway; the rename failure below covers cleanup too
    await chmod(dir, 0o500);
    await expect(saveLines(join(dir, 'web.log'), lines)).rejects.toThrow(
      /permission denied; choose a directory you can write to/,
    );
    await chmod(dir, 0o700);
    expect(await readdir(dir)).toEqual([]);
  });

  test('a failure in the middle of writing removes the partial file', async () => {
    const path = join(dir, 'web.log');
    const broken = {
      stream: 'stdout',
      get text(): string {
        throw Object.assign(new Error('no space left on device'), {code: 'ENOSPC'});
      },
    } as LogLine;
    await expect(saveLines(path, [...lines, broken])).rejects.toThrow(
      `cannot save the logs to ${path}: the disk is full; free some space or save somewhere else`,
    );
    expect(await readdir(dir)).toEqual([]);
  });
});
