import {spawnSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {benchEnv, docker, uniqueName} from '../helpers/bench.js';
import {buildImage} from '../helpers/images.js';
import {scratchDir} from '../helpers/scratch.js';
import {at} from '../helpers/found.js';

// The headless commands, run as a user runs them (bin/berth.js after `node scripts/build.mjs`).
const state = scratchDir('berth-images-cli-');
function berth(args: string[], env: NodeJS.ProcessEnv = benchEnv()) {
  const result = spawnSync('node', ['bin/berth.js', ...args], {
    encoding: 'utf8',
    env: {PATH: process.env.PATH, HOME: process.env.HOME, XDG_STATE_HOME: state, ...env},
    timeout: 30_000,
  });
  return {code: result.status, stdout: result.stdout, stderr: result.stderr};
}
const oneLine = (text: string) => {
  expect(text.trim().split('\n')).toHaveLength(1);
  expect(text).not.toMatch(/\n\s+at /);
};

const repo = uniqueName('berth-images-cli');
const container = uniqueName('berth-images-cli-user');
let id = '';

beforeAll(() => {
  id = buildImage(docker, `${repo}:1`, 'cli');
  docker(['tag', `${repo}:1`, `${repo}:2`]);
  docker(['create', '--network', 'none', '--name', container, `${repo}:1`, 'true']);
});

afterAll(() => {
  docker(['rm', '-f', container]);
  for (const ref of [`${repo}:1`, `${repo}:2`, id])
    spawnSync('docker', ['rmi', '-f', ref], {env: {...process.env, ...benchEnv()}});
});

describe('berth images', () => {
  test('--json rows name the image by tag, with size and the containers that use it', () => {
    const result = berth(['images', '--json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const rows = JSON.parse(result.stdout) as {id: string; reference: string; containers: number; size: number}[];
    const mine = rows.filter(row => row.id === id);
    expect(mine.map(row => row.reference).sort()).toEqual([`${repo}:1`, `${repo}:2`]);
    expect(at(mine, 0).containers).toBe(1);
    expect(at(mine, 0).size).toBe(Number(docker(['inspect', '--format', '{{.Size}}', id]).trim()));
  });

  test("the table has the CLI's columns and its size spelling", () => {
    const result = berth(['images']);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toMatch(/^REPOSITORY +TAG +IMAGE ID +CREATED +SIZE +SHARED SIZE +CONTAINERS$/);
    const oracle = docker(['images', '--format', '{{.Repository}} {{.Tag}} {{.ID}} {{.Size}}', `${repo}:1`]).trim();
    const [repository, tag, shortId, size = ''] = oracle.split(' ');
    expect(size, oracle).not.toBe('');
    expect(result.stdout).toMatch(
      new RegExp(`^${repository} +${tag} +${shortId} +.+ago +${size.replace('.', '\\.')} +\\S+ +1$`, 'm'),
    );
  });
});

describe('berth rmi', () => {
  test('a conflict is one line naming the container and the fix; --force removes; the command log has the docker commands', () => {
    const refused = berth(['rmi', id.slice(7, 19)]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^berth: image [0-9a-f]{12}: the image has several tags .*\(berth rmi --force\)\n$/);
    oneLine(refused.stderr);

    const untag = berth(['rmi', `${repo}:2`]);
    expect(untag).toMatchObject({code: 0, stdout: `Untagged: ${repo}:2\n`, stderr: ''});

    const inUse = berth(['rmi', `${repo}:1`]);
    expect(inUse.code).toBe(1);
    expect(inUse.stderr).toContain(`a stopped container uses it: ${container} (created)`);
    oneLine(inUse.stderr);

    const forced = berth(['rmi', '--force', `${repo}:1`]);
    expect(forced.stderr).toBe('');
    expect(forced.code).toBe(0);
    expect(forced.stdout).toMatch(new RegExp(`^Untagged: ${repo}:1\\n`));
    expect(docker(['images', '-q', `${repo}:1`]).trim()).toBe('');

    const log = readFileSync(join(state, 'berth', 'commands.log'), 'utf8');
    expect(log).toMatch(new RegExp(`Z docker rmi ${repo}:2\\n`));
    expect(log).toMatch(new RegExp(`Z docker rmi -f ${repo}:1\\n`));
  });

  test('a missing image: exit 1, one line', () => {
    const result = berth(['rmi', 'berth-no-such-image:1']);
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      'berth: image berth-no-such-image:1: no such image berth-no-such-image:1; check the name with berth images (or docker images)\n',
    );
  });
});

describe('bad input: one line naming the thing, the reason and the fix, exit 2', () => {
  test.each([
    [['rmi'], /berth rmi needs at least one image \(name:tag or ID\), e\.g\. berth rmi myapp:old/],
    [['images', '--bogus'], /Unknown option '--bogus'; see berth --help/],
    [['images', '--force'], /berth images does not take --force \(it takes --all, --dangling, --json\)/],
    [['images', 'extra'], /berth images takes no arguments \(got "extra"\)/],
    [['rmi', '--all', 'x'], /berth rmi does not take --all \(it takes --force\)/],
    [['prune', 'containers'], /berth prune takes "images", "volumes" or nothing \(got "containers"\)/],
    [['prune', 'images', '--volumes'], /berth prune images does not take --volumes/],
  ])('%j', (args, message) => {
    const result = berth(args);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    oneLine(result.stderr);
  });

  test('an unreachable engine: exit 1, one line', () => {
    const result = berth(['images'], {DOCKER_HOST: 'tcp://127.0.0.1:1'});
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/engine tcp:\/\/127\.0\.0\.1:1: connection refused/);
    oneLine(result.stderr);
  });
});
