import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {PassThrough} from 'node:stream';
import {afterEach, describe, expect, test} from 'vitest';
import {MAX_INCLUDED_FILES, readSshConfig} from '../../../source/engine/ssh/config.js';
import {LineAssembler, MAX_LINE_BYTES} from '../../../source/engine/logs/line-assembler.js';
import {registryCommand} from '../../../source/registry/cli.js';
import {RegistryClient} from '../../../source/registry/client.js';
import {MAX_PAGE_BYTES, MAX_PAGE_ITEMS} from '../../../source/registry/paginate.js';
import {startFakeRegistry, type FakeRegistry} from '../../helpers/registry-fake.js';

// Inputs far larger than a working peer sends: each either works or is refused with one line naming the bound.
let fake: FakeRegistry | undefined;
let dir: string | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
  if (dir) rmSync(dir, {recursive: true, force: true});
  dir = undefined;
});

// A registry that ignores `n` and answers the whole catalog in one page (a prepared body: building it per
// request would dominate the test's time).
async function onePageRegistry(body: string): Promise<FakeRegistry> {
  fake = await startFakeRegistry((req, res, url) => {
    if (url.pathname === '/v2/_catalog') {
      res.writeHead(200, {'content-type': 'application/json'});
      res.end(body);
    } else {
      res.writeHead(200, {'content-type': 'application/json'});
      res.end('{}');
    }
  });
  return fake;
}

async function run(args: string[]) {
  const out = new PassThrough();
  const err = new PassThrough();
  const chunks = {out: [] as Buffer[], err: [] as Buffer[]};
  out.on('data', (c: Buffer) => chunks.out.push(c));
  err.on('data', (c: Buffer) => chunks.err.push(c));
  const code = await registryCommand(args, {stdout: out, stderr: err, env: {HOME: '/nonexistent'}});
  return {code, stdout: Buffer.concat(chunks.out).toString('utf8'), stderr: Buffer.concat(chunks.err).toString('utf8')};
}

describe('a registry page of 400,000 repositories (it used to end with "Maximum call stack size exceeded")', () => {
  const names = Array.from({length: 400_000}, (_, i) => `team/r${String(i).padStart(7, '0')}`);
  const body = JSON.stringify({repositories: names});

  test('berth registry ls --json lists every name', async () => {
    const {url} = await onePageRegistry(body);
    const result = await run(['ls', url, '--json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const parsed = JSON.parse(result.stdout) as {repositories: string[]};
    expect(parsed.repositories.length).toBe(names.length);
    expect(parsed.repositories[399_999]).toBe(names[399_999]);
  });

  test('berth registry ls prints one per line, and listRepositories collects them all', async () => {
    const {url} = await onePageRegistry(body);
    const result = await run(['ls', url]);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n').length).toBe(names.length + 1);
    const client = await RegistryClient.create(url, {env: {HOME: '/nonexistent'}});
    try {
      expect((await client.listRepositories()).length).toBe(names.length);
    } finally {
      await client.close();
    }
  });
});

describe('registry pages past the bounds are refused with one line', () => {
  test(`more than MAX_PAGE_ITEMS (${MAX_PAGE_ITEMS}) names in a page`, async () => {
    const {url} = await onePageRegistry(`{"repositories":[${'"a",'.repeat(MAX_PAGE_ITEMS)}"a"]}`);
    const result = await run(['ls', url]);
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(
      /^berth: registry 127\.0\.0\.1:\d+: sent a page of 1000001 names while trying to list repositories, more than the 1000000 berth takes from one page/,
    );
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  test(`a page body larger than MAX_PAGE_BYTES (${MAX_PAGE_BYTES})`, async () => {
    const name = `"${'x'.repeat(1000)}",`;
    const {url} = await onePageRegistry(
      `{"repositories":[${name.repeat(Math.ceil(MAX_PAGE_BYTES / name.length))}"y"]}`,
    );
    const result = await run(['ls', url]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^berth: registry 127\.0\.0\.1:\d+: answer to GET \/v2\/_catalog is larger than 16777216 bytes/,
    );
  });
});

describe('ssh config', () => {
  test('an included file of 300,000 lines is read (no spread into a call)', () => {
    dir = mkdtempSync(join(tmpdir(), 'berth-large-ssh-'));
    const big = join(dir, 'big');
    writeFileSync(big, `${'SendEnv X\n'.repeat(300_000)}Host build\n  User deploy\n`);
    const config = join(dir, 'config');
    writeFileSync(config, `Include ${big}\n`);
    expect(readSshConfig('build', config).user).toBe('deploy');
  });

  test(`a file including itself twice at every level reads at most MAX_INCLUDED_FILES (${MAX_INCLUDED_FILES}) files`, () => {
    dir = mkdtempSync(join(tmpdir(), 'berth-large-ssh-'));
    const config = join(dir, 'config');
    writeFileSync(config, `Host loop\n  User me\nInclude ${config} ${config}\n`);
    const started = performance.now();
    expect(readSshConfig('loop', config).user).toBe('me');
    // 2^8 reads would be 511 files; the budget stops at 256 (a loose time bound only to catch a runaway).
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('a log line', () => {
  test(`a 50 MB line is cut at MAX_LINE_BYTES (${MAX_LINE_BYTES}) and marked truncated`, () => {
    const assembler = new LineAssembler('stdout');
    const piece = Buffer.alloc(16 * 1024, 0x61);
    for (let i = 0; i < 3200; i++)
      assembler.add({stream: 'stdout', content: piece, complete: false, time: undefined} as never);
    const line = assembler.add({
      stream: 'stdout',
      content: Buffer.from('end\n'),
      complete: true,
      time: undefined,
    } as never);
    expect(line?.truncated).toBe(true);
    expect(line?.text.length).toBe(MAX_LINE_BYTES);
  });
});
