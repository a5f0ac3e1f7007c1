import {spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {copyFileSync, mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {describe, expect, test} from 'vitest';
import {benchEnv, docker} from '../helpers/bench.js';
import {scratchDir} from '../helpers/scratch.js';

function berth(args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync('node', ['bin/berth.js', ...args], {
    encoding: 'utf8',
    env: {PATH: process.env.PATH, HOME: process.env.HOME, ...env},
    timeout: 20_000,
  });
  return {code: result.status, stdout: result.stdout, stderr: result.stderr};
}

describe('berth version against the bench engine over TLS on port 2375', () => {
  test('--json reports the engine version and API version, as the docker CLI sees them', () => {
    const result = berth(['version', '--json'], benchEnv());
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    type Version = {Version: string; ApiVersion: string};
    const report = JSON.parse(result.stdout) as {engine: Version; api: string; host: string};
    const server = JSON.parse(docker(['version', '--format', '{{json .Server}}'])) as Version;
    expect(report.engine.Version).toBe(server.Version);
    expect(report.engine.ApiVersion).toBe(server.ApiVersion);
    expect(report.api).toBe('1.41');
    expect(report.host).toBe('tcp://127.0.0.1:2375');
  });

  test('the TLS flags work as well as the environment', () => {
    const env = benchEnv();
    const dir = env.DOCKER_CERT_PATH!;
    const result = berth([
      'version',
      '--host',
      'tcp://127.0.0.1:2375',
      '--tlsverify',
      '--tlscacert',
      join(dir, 'ca.pem'),
      '--tlscert',
      join(dir, 'cert.pem'),
      '--tlskey',
      join(dir, 'key.pem'),
    ]);
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(/API: +engine 1\.41 .*berth uses 1\.41/);
  });
});

describe('bad input gets one line naming the thing, the reason and the fix', () => {
  const oneLine = (text: string) => {
    expect(text.trim().split('\n')).toHaveLength(1);
    expect(text).not.toMatch(/\n\s+at /);
  };

  test.each([
    [['--bogus'], /Unknown option '--bogus'; see berth --help/],
    [['--host', 'tcp://example.com', 'version'], /no port; add one/],
    [['--host', 'nope://x:1', 'version'], /unsupported scheme/],
    [['--context', 'missing', 'version'], /docker context "missing": not found/],
    [
      ['--host', 'tcp://127.0.0.1:2375', '--tlsverify', '--tlscacert', '/nonexistent/ca.pem', 'version'],
      /CA certificate \/nonexistent\/ca.pem .*file not found/,
    ],
    [['frobnicate'], /unknown command "frobnicate"/],
  ])('usage error %j exits 2', (args, message) => {
    const result = berth(args, {DOCKER_CONFIG: '/nonexistent-docker-config'});
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(message);
    oneLine(result.stderr);
  });

  test('an engine that refuses the client certificate', () => {
    const env = benchEnv();
    const result = berth(['version'], {...env, DOCKER_CERT_PATH: join(env.BERTH_TESTBED_DIR!, 'client-wrong')});
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /engine tcp:\/\/127\.0\.0\.1:2375: the engine refused berth's client certificate .*signed by the engine's CA/,
    );
    oneLine(result.stderr);
  });

  // The client's own files: a key that is no key, a certificate that is not PEM, another client's key beside this
  // client's certificate. Each says which file and what to give instead.
  test.each([
    ['key.pem', 'garbage', /berth's client key \S+key\.pem cannot be read \(unsupported\); give PEM files/],
    ['cert.pem', 'garbage', /berth's client certificate \S+cert\.pem cannot be read \(no start line\); give PEM files/],
    [
      'key.pem',
      'client-wrong',
      /berth's client key \S+key\.pem does not belong to its client certificate \S+cert\.pem/,
    ],
  ])('unreadable TLS material: %s from %s', (file, from, message) => {
    const env = benchEnv();
    const dir = scratchDir('berth-bad-tls-');
    for (const name of ['ca.pem', 'cert.pem', 'key.pem'])
      copyFileSync(join(env.DOCKER_CERT_PATH!, name), join(dir, name));
    if (from === 'garbage') writeFileSync(join(dir, file), 'garbage\n');
    else copyFileSync(join(env.BERTH_TESTBED_DIR!, from, file), join(dir, file));
    const result = berth(['version'], {...env, DOCKER_CERT_PATH: dir});
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    oneLine(result.stderr);
  });

  test('plain HTTP to the TLS port says to turn TLS on', () => {
    const result = berth(['version'], {DOCKER_HOST: 'tcp://127.0.0.1:2375'});
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/speaks TLS on this port; add --tlsverify/);
    oneLine(result.stderr);
  });

  test('the UI refuses to start without a terminal', () => {
    const result = berth([], benchEnv());
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/needs a terminal/);
  });
});

describe('docker contexts', () => {
  const config = scratchDir('berth-contexts-');

  test('a TLS context from the context store (currentContext and --context) reaches the bench engine', () => {
    const env = benchEnv();
    const digest = createHash('sha256').update('bench-tls').digest('hex');
    mkdirSync(join(config, 'contexts', 'meta', digest), {recursive: true});
    writeFileSync(
      join(config, 'contexts', 'meta', digest, 'meta.json'),
      JSON.stringify({
        Name: 'bench-tls',
        Metadata: {},
        Endpoints: {docker: {Host: env.DOCKER_HOST, SkipTLSVerify: false}},
      }),
    );
    const tls = join(config, 'contexts', 'tls', digest, 'docker');
    mkdirSync(tls, {recursive: true});
    for (const file of ['ca.pem', 'cert.pem', 'key.pem'])
      copyFileSync(join(env.DOCKER_CERT_PATH!, file), join(tls, file));
    writeFileSync(join(config, 'config.json'), JSON.stringify({currentContext: 'bench-tls'}));

    const current = berth(['version', '--json'], {DOCKER_CONFIG: config});
    expect(current.stderr).toBe('');
    expect((JSON.parse(current.stdout) as {api: string}).api).toBe('1.41');
    const named = berth(['version', '--context', 'bench-tls'], {DOCKER_CONFIG: config, DOCKER_CONTEXT: 'nope'});
    expect(named.stdout).toMatch(/engine host: +tcp:\/\/127\.0\.0\.1:2375/);
    // DOCKER_HOST beats the context, as in the docker CLI.
    const overridden = berth(['version'], {DOCKER_CONFIG: config, DOCKER_HOST: 'tcp://127.0.0.1:1'});
    expect(overridden.stderr).toMatch(/127\.0\.0\.1:1: connection refused/);
  });
});

// --config FILE names the file for `config --path` as for every command, before or after `config`.
test('berth --config FILE config --path, and config --path --config FILE, print FILE', () => {
  for (const args of [
    ['--config', '/tmp/berth-x.yml', 'config', '--path'],
    ['config', '--path', '--config', '/tmp/berth-x.yml'],
    ['--config=/tmp/berth-x.yml', 'config', '--path'],
  ]) {
    const result = berth(args);
    expect(result.stderr, args.join(' ')).toBe('');
    expect(result.stdout).toBe('/tmp/berth-x.yml\n');
  }
  const missing = berth(['config', '--path', '--config']);
  expect(missing.code).toBe(2);
  expect(missing.stderr).toMatch(/^berth: --config needs a file/);
});
