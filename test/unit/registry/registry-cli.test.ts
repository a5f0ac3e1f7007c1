import {PassThrough, Writable} from 'node:stream';
import {afterEach, describe, expect, it} from 'vitest';
import {registryCommand} from '../../../source/registry/cli.js';
import {pageOf, sendJson, startFakeRegistry, type FakeRegistry} from '../../helpers/registry-fake.js';

let fake: FakeRegistry | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const repositories = Array.from({length: 1500}, (_, i) => `team/r${String(i).padStart(4, '0')}`);

async function serve(): Promise<FakeRegistry> {
  fake = await startFakeRegistry((req, res, url) => {
    if (url.pathname === '/v2/_catalog') {
      const {items, link} = pageOf(repositories, url);
      sendJson(res, 200, {repositories: items}, link ? {link} : {});
    } else if (url.pathname === '/v2/team/r0001/tags/list') {
      sendJson(res, 200, {name: 'team/r0001', tags: ['latest', '1.10.0', '1.2.0', '\u001b[31mevil', 'rc\u202e1']});
    } else {
      sendJson(res, 404, {errors: [{code: 'NAME_UNKNOWN', message: 'repository name not known to registry'}]});
    }
  });
  return fake;
}

async function run(args: string[], env: NodeJS.ProcessEnv = {}) {
  const out = new PassThrough();
  const err = new PassThrough();
  const chunks = {out: [] as Buffer[], err: [] as Buffer[]};
  out.on('data', (c: Buffer) => chunks.out.push(c));
  err.on('data', (c: Buffer) => chunks.err.push(c));
  const code = await registryCommand(args, {stdout: out, stderr: err, env: {HOME: '/nonexistent', ...env}});
  return {code, stdout: Buffer.concat(chunks.out).toString('utf8'), stderr: Buffer.concat(chunks.err).toString('utf8')};
}

describe('berth registry', () => {
  it('ls prints every repository across pages, one per line', async () => {
    const {url} = await serve();
    const result = await run(['ls', url]);
    expect(result).toEqual({code: 0, stdout: repositories.map(r => `${r}\n`).join(''), stderr: ''});
  });

  it('ls --json takes the registry from BERTH_REGISTRY', async () => {
    const {url} = await serve();
    const result = await run(['ls', '--json'], {BERTH_REGISTRY: url});
    expect(JSON.parse(result.stdout)).toEqual({registry: url, repositories});
  });

  it('tags prints names sorted, with control and format characters made visible (no colour: it may be a pipe)', async () => {
    const {url} = await serve();
    const result = await run(['tags', 'team/r0001', '--registry', url]);
    expect(result.stdout).toBe('evil\n1.10.0\n1.2.0\nlatest\nrc‹U+202E›1\n');
    expect(result.stdout).not.toContain('\u001b');
    const json = await run(['tags', 'team/r0001', `--registry=${url}`, '--json']);
    expect(JSON.parse(json.stdout)).toEqual({
      registry: url,
      name: 'team/r0001',
      tags: ['\u001b[31mevil', '1.10.0', '1.2.0', 'latest', 'rc\u202e1'],
    });
  });

  it('exits 1 with one line for a failure, 2 for usage errors', async () => {
    const {url} = await serve();
    const missing = await run(['tags', 'no/such', '--registry', url]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toBe(
      `berth: registry ${fake!.host}: repository "no/such" not found (NAME_UNKNOWN: repository name not known to registry). Check the name against "berth registry ls".\n`,
    );
    expect((await run(['ls'])).stderr).toMatch(
      /^berth: berth registry ls: needs a registry\. Pass --registry URL \(or set BERTH_REGISTRY\)/,
    );
    for (const args of [['ls'], ['tags'], ['tags', 'a', 'b'], ['nope'], [], ['ls', '--registry'], ['ls', '--what']]) {
      const result = await run(args, args[0] === 'tags' ? {BERTH_REGISTRY: url} : {});
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
    }
    expect((await run(['ls', url, '--registry-ca', '/no/such/ca.pem'])).stderr).toBe(
      'berth: CA file /no/such/ca.pem: cannot be read. Check the path given to --registry-ca (or BERTH_REGISTRY_CA).\n',
    );
  });

  it('stops quietly when the reader goes away', async () => {
    const {url} = await serve();
    let written = 0;
    const stdout = new Writable({
      write(chunk, _encoding, callback) {
        written++;
        const error = Object.assign(new Error('write EPIPE'), {code: 'EPIPE'});
        callback(written > 1 ? error : null);
      },
    });
    stdout.on('error', () => {});
    const code = await registryCommand(['ls', url], {stdout, stderr: new PassThrough(), env: {}});
    expect(code).toBe(0);
    expect(fake!.requests.length).toBeLessThanOrEqual(2);
  });
});
