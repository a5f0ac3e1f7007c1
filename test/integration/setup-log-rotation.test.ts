import {spawnSync} from 'node:child_process';
import {existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {BUSYBOX} from '../helpers/bench.js';
import {type PrivateEngine, startPrivateEngine} from '../helpers/private-engine.js';
import {at} from '../helpers/found.js';

function berth(args: string[]) {
  const result = spawnSync('node', ['bin/berth.js', ...args], {
    encoding: 'utf8',
    env: {PATH: process.env.PATH, HOME: process.env.HOME, XDG_STATE_HOME: dir},
    timeout: 30_000,
  });
  return {code: result.status, stdout: result.stdout, stderr: result.stderr};
}

const dir = mkdtempSync(join(tmpdir(), 'berth-logrot-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const backups = (path: string) => readdirSync(dir).filter(name => name.startsWith(`${path.split('/').pop()}.bak-`));

describe('berth setup log-rotation against a private dockerd started with the written daemon.json', () => {
  let engine: PrivateEngine;
  let config: string;
  const original = '{\n  "labels": ["berth-test=kept"],\n  "max-concurrent-downloads": 2\n}\n';

  beforeAll(async () => {
    config = file('daemon.json', original);
    const result = berth([
      'setup',
      'log-rotation',
      '--config',
      config,
      '--max-size',
      '1m',
      '--max-file',
      '2',
      '--compress',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    engine = await startPrivateEngine({configFile: config});
    engine.loadBusybox();
  }, 180_000);
  afterAll(async () => engine?.stop());

  test('the diff, the backup and the restart advice are shown; other keys survive in the file', () => {
    const written: unknown = JSON.parse(readFileSync(config, 'utf8'));
    expect(written).toEqual({
      labels: ['berth-test=kept'],
      'max-concurrent-downloads': 2,
      'log-driver': 'json-file',
      'log-opts': {'max-size': '1m', 'max-file': '2', compress: 'true'},
    });
    expect(backups(config)).toHaveLength(1);
  });

  test('dockerd read the other keys (its labels) and new containers carry the options in HostConfig.LogConfig', () => {
    expect(JSON.parse(engine.docker(['info', '--format', '{{json .Labels}}']))).toContain('berth-test=kept');
    expect(engine.docker(['info', '--format', '{{.LoggingDriver}}']).trim()).toBe('json-file');
    const id = engine.docker(['create', '--network', 'none', BUSYBOX, 'true']).trim();
    const logConfig: unknown = JSON.parse(engine.docker(['inspect', '--format', '{{json .HostConfig.LogConfig}}', id]));
    expect(logConfig).toEqual({Type: 'json-file', Config: {'max-size': '1m', 'max-file': '2', compress: 'true'}});
    engine.docker(['rm', id]);
  });

  // dockerd checks log-opt values only when a container starts; the same values on `docker run --log-opt` are
  // the oracle for berth's checks (which run before anything is written).
  test.each([
    ['max-size', '10x', false],
    ['max-size', '0', false],
    ['max-size', '-1m', false],
    ['max-size', '1.5m', true],
    ['max-size', '500k', true],
    ['max-size', '10MB', true],
    ['max-file', '0', false],
    ['max-file', 'three', false],
  ])('%s=%s: berth and dockerd agree (valid: %s)', (key, value, valid) => {
    const args = [`--${key}=${value}`];
    const target = file(`check-${key}-${value}.json`, '{"debug": false}\n');
    const result = berth(['setup', 'log-rotation', '--config', target, ...args]);
    const run = spawnSync(
      'docker',
      [
        'run',
        '--rm',
        '--network',
        'none',
        '--log-driver',
        'json-file',
        '--log-opt',
        `${key}=${value}`,
        ...(key === 'max-file' ? ['--log-opt', 'max-size=1m'] : []),
        BUSYBOX,
        'true',
      ],
      {
        env: {
          ...process.env,
          DOCKER_HOST: engine.host,
          DOCKER_TLS_VERIFY: '',
          DOCKER_CERT_PATH: '',
          DOCKER_CONTEXT: '',
        },
        encoding: 'utf8',
      },
    );
    expect({dockerd: run.status === 0, stderr: run.status === 0 ? '' : 'refused'}).toEqual({
      dockerd: valid,
      stderr: valid ? '' : 'refused',
    });
    if (valid) {
      expect(result.code).toBe(0);
    } else {
      expect(result.code).toBe(2);
      expect(result.stderr).toContain(`${key} '${value}'`);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
      expect(readFileSync(target, 'utf8')).toBe('{"debug": false}\n');
      expect(backups(target)).toHaveLength(0);
    }
  });

  test('compress without a second file is refused, as dockerd refuses it', () => {
    const target = file('compress.json', '{}\n');
    const result = berth(['setup', 'log-rotation', '--config', target, '--max-file', '1', '--compress']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/compress cannot be true when max-file is less than 2/);
    expect(readFileSync(target, 'utf8')).toBe('{}\n');
    const run = spawnSync(
      'docker',
      [
        'run',
        '--rm',
        '--network',
        'none',
        '--log-opt',
        'max-size=1m',
        '--log-opt',
        'max-file=1',
        '--log-opt',
        'compress=true',
        BUSYBOX,
        'true',
      ],
      {
        env: {
          ...process.env,
          DOCKER_HOST: engine.host,
          DOCKER_TLS_VERIFY: '',
          DOCKER_CERT_PATH: '',
          DOCKER_CONTEXT: '',
        },
        encoding: 'utf8',
      },
    );
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/compress cannot be true when max-file is less than 2/);
  });
});

describe('what dockerd refuses at start-up, berth refuses before writing', () => {
  test('an unknown log opt kept in the file: dockerd does not start with it, berth does not write', async () => {
    const target = file('unknown-opt.json', '{"log-opts": {"max-fil": "3"}}\n');
    await expect(startPrivateEngine({configFile: target, timeoutMs: 60_000})).rejects.toThrow(
      /unknown log opt 'max-fil'/,
    );
    const result = berth(['setup', 'log-rotation', '--config', target]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/unknown log opt 'max-fil' for json-file log driver/);
    expect(readFileSync(target, 'utf8')).toBe('{"log-opts": {"max-fil": "3"}}\n');
  }, 120_000);

  test('a number where dockerd wants a string', () => {
    const target = file('number.json', '{"log-opts": {"labels": 5}}\n');
    const result = berth(['setup', 'log-rotation', '--config', target]);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/log opt 'labels' is 5, not a string/);
  });

  test('a file that is not valid JSON is refused, not overwritten', () => {
    const broken = '{"debug": true,,}\n';
    const target = file('broken.json', broken);
    const result = berth(['setup', 'log-rotation', '--config', target]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/broken\.json: not valid JSON .*nothing was written/);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(readFileSync(target, 'utf8')).toBe(broken);
    expect(backups(target)).toHaveLength(0);
  });
});

describe('writing', () => {
  test('the backup restores the original byte for byte', () => {
    const original =
      '{\n    "debug": true,\n    "log-driver": "journald",\n    "log-opts": {"tag": "{{.Name}}", "labels-regex": "^x"}\n}\n';
    const target = file('restore.json', original);
    const result = berth(['setup', 'log-rotation', '--config', target]);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/"log-driver" was "journald"; json-file replaces it/);
    expect(result.stdout).toContain('Only containers created from now on get these options');
    expect(result.stdout).toContain('restart the dockerd started with --config-file');
    expect(result.stdout).toMatch(/^- {5}"log-driver": "journald",$/m);
    expect(result.stdout).toMatch(/^\+ {3}"log-driver": "json-file",$/m);
    const written = JSON.parse(readFileSync(target, 'utf8')) as Record<string, unknown>;
    expect(written['log-opts']).toEqual({tag: '{{.Name}}', 'labels-regex': '^x', 'max-size': '10m', 'max-file': '3'});
    const backup = at(backups(target), 0);
    expect(readFileSync(join(dir, backup), 'utf8')).toBe(original);
    expect(result.stdout).toContain(`cp ${join(dir, backup)} ${target}`);
  });

  test('--dry-run shows the diff and writes nothing; a missing file is created', () => {
    const target = join(dir, 'sub', 'new.json');
    const dry = berth(['setup', 'log-rotation', '--config', target, '--dry-run']);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('new file');
    expect(dry.stdout).toContain('dry run: nothing was written');
    expect(existsSync(target)).toBe(false);
    const real = berth(['setup', 'log-rotation', '--config', target]);
    expect(real.code).toBe(0);
    expect(JSON.parse(readFileSync(target, 'utf8'))).toEqual({
      'log-driver': 'json-file',
      'log-opts': {'max-size': '10m', 'max-file': '3'},
    });
    const again = berth(['setup', 'log-rotation', '--config', target]);
    expect(again.stdout).toMatch(/already sets json-file logs with these options; nothing to change/);
  });

  test('an unknown flag is a usage error with the usage', () => {
    const result = berth(['setup', 'log-rotation', '--max-sise', '1m']);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/Unknown option '--max-sise'.*usage: berth setup log-rotation/);
  });
});
