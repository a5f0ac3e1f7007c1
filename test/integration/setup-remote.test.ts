import {spawnSync} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync} from 'node:fs';
import {createServer} from 'node:net';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {type PrivateEngine, startPrivateEngine} from '../helpers/private-engine.js';
import {freePort} from '../helpers/registry-server.js';
import {firstGroup} from '../helpers/found.js';

const dir = mkdtempSync(join(tmpdir(), 'berth-remote-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

function berth(args: string[], env: NodeJS.ProcessEnv = {}) {
  const result = spawnSync('node', ['bin/berth.js', ...args], {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      XDG_STATE_HOME: dir,
      DOCKER_CONFIG: join(dir, 'no-docker-config'),
      ...env,
    },
    timeout: 60_000,
  });
  return {code: result.status, stdout: result.stdout, stderr: result.stderr};
}

function dockerCli(args: string[], env: NodeJS.ProcessEnv) {
  return spawnSync('docker', args, {
    encoding: 'utf8',
    env: {PATH: process.env.PATH, HOME: process.env.HOME, DOCKER_CLI_HINTS: 'false', ...env},
    timeout: 60_000,
  });
}

const noDaemonJson = join(dir, 'absent-daemon.json');

describe('the certificates berth makes start a real dockerd with --tlsverify', () => {
  let engine: PrivateEngine;
  let port: number;
  const out = join(dir, 'out');
  const other = join(dir, 'other');

  beforeAll(async () => {
    port = await freePort();
    const made = berth([
      'setup',
      'remote',
      '--ip',
      '127.0.0.1',
      '--dns',
      'localhost',
      '--port',
      String(port),
      '--out',
      out,
      '--config',
      noDaemonJson,
    ]);
    expect(made.stderr).toBe('');
    expect(made.code).toBe(0);
    const second = berth([
      'setup',
      'remote',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--out',
      other,
      '--config',
      noDaemonJson,
    ]);
    expect(second.code).toBe(0);
    const server = join(out, 'server');
    engine = await startPrivateEngine({
      args: [
        '-H',
        `tcp://127.0.0.1:${port}`,
        '--tlsverify',
        '--tlscacert',
        join(server, 'ca.pem'),
        '--tlscert',
        join(server, 'server-cert.pem'),
        '--tlskey',
        join(server, 'server-key.pem'),
      ],
    });
  }, 180_000);
  afterAll(async () => engine?.stop());

  test('keys are readable by the owner only; the bundle has the three files docker expects', () => {
    for (const key of ['ca/ca-key.pem', 'server/server-key.pem', 'client/key.pem'])
      expect(statSync(join(out, key)).mode & 0o777).toBe(0o600);
    for (const name of ['ca.pem', 'cert.pem', 'key.pem']) expect(existsSync(join(out, 'client', name))).toBe(true);
  });

  test('berth connects with the TLS flags and with DOCKER_CERT_PATH', () => {
    const client = join(out, 'client');
    const flags = berth([
      'version',
      '--json',
      '--host',
      `tcp://127.0.0.1:${port}`,
      '--tlsverify',
      '--tlscacert',
      join(client, 'ca.pem'),
      '--tlscert',
      join(client, 'cert.pem'),
      '--tlskey',
      join(client, 'key.pem'),
    ]);
    expect(flags.stderr).toBe('');
    expect((JSON.parse(flags.stdout) as {engine: {ApiVersion: string}}).engine.ApiVersion).toBe('1.41');
    const env = berth(['version', '--json'], {
      DOCKER_HOST: `tcp://127.0.0.1:${port}`,
      DOCKER_TLS_VERIFY: '1',
      DOCKER_CERT_PATH: client,
    });
    expect(env.stderr).toBe('');
    expect((JSON.parse(env.stdout) as {host: string}).host).toBe(`tcp://127.0.0.1:${port}`);
  });

  test('the docker CLI connects with the bundle, through DOCKER_CERT_PATH and through the printed docker context create', () => {
    const client = join(out, 'client');
    const viaEnv = dockerCli(['version', '--format', '{{.Server.APIVersion}}'], {
      DOCKER_HOST: `tcp://localhost:${port}`,
      DOCKER_TLS_VERIFY: '1',
      DOCKER_CERT_PATH: client,
    });
    expect(viaEnv.stderr).toBe('');
    expect(viaEnv.stdout.trim()).toBe('1.41');
    const printed = berth([
      'setup',
      'remote',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
      '--out',
      join(dir, 'printed'),
      '--config',
      noDaemonJson,
    ]).stdout;
    const contextName = firstGroup(/docker context create (\S+) --docker \S+/, printed);
    // The printed command names the bundle it printed with; this engine trusts the first bundle, so swap the dir.
    const spec = firstGroup(/docker context create \S+ --docker (\S+)/, printed).replaceAll(
      join(dir, 'printed', 'client'),
      client,
    );
    const config = join(dir, 'docker-config');
    mkdirSync(config, {recursive: true});
    expect(dockerCli(['context', 'create', contextName, '--docker', spec], {DOCKER_CONFIG: config}).status).toBe(0);
    const viaContext = dockerCli(['--context', contextName, 'version', '--format', '{{.Server.APIVersion}}'], {
      DOCKER_CONFIG: config,
    });
    expect(viaContext.stderr).toBe('');
    expect(viaContext.stdout.trim()).toBe('1.41');
    const berthContext = berth(['--context', contextName, 'version', '--json'], {DOCKER_CONFIG: config});
    expect(berthContext.stderr).toBe('');
    expect((JSON.parse(berthContext.stdout) as {engine: {ApiVersion: string}}).engine.ApiVersion).toBe('1.41');
  });

  test('a client certificate from another CA is refused by dockerd', () => {
    const wrong = berth([
      'version',
      '--host',
      `tcp://127.0.0.1:${port}`,
      '--tlsverify',
      '--tlscacert',
      join(out, 'client', 'ca.pem'),
      '--tlscert',
      join(other, 'client', 'cert.pem'),
      '--tlskey',
      join(other, 'client', 'key.pem'),
    ]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/refused berth's client certificate/);
    const cli = dockerCli(
      [
        '--tlsverify',
        '-H',
        `tcp://127.0.0.1:${port}`,
        '--tlscacert',
        join(out, 'client', 'ca.pem'),
        '--tlscert',
        join(other, 'client', 'cert.pem'),
        '--tlskey',
        join(other, 'client', 'key.pem'),
        'version',
      ],
      {},
    );
    expect(cli.status).not.toBe(0);
    expect(cli.stderr).toMatch(/certificate|tls/i);
  });

  test('the server certificate of the other CA is not trusted by this bundle', () => {
    const result = berth([
      'version',
      '--host',
      `tcp://127.0.0.1:${port}`,
      '--tlsverify',
      '--tlscacert',
      join(other, 'client', 'ca.pem'),
      '--tlscert',
      join(other, 'client', 'cert.pem'),
      '--tlskey',
      join(other, 'client', 'key.pem'),
    ]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/certificate/);
  });
});

const installedUnit = ['/lib/systemd/system/docker.service', '/usr/lib/systemd/system/docker.service'].find(file =>
  existsSync(file),
);
const debianFixture = 'test/fixtures/debian-docker.service';

function dropIn(out: string): string {
  return readFileSync(join(out, 'docker.service.d', 'zz-berth-remote.conf'), 'utf8');
}
function execStartOf(unitText: string): string {
  return firstGroup(/^ExecStart=(.+)$/m, unitText);
}
const TLS_TAIL =
  '--tlsverify --tlscacert=/etc/docker/tls/ca.pem --tlscert=/etc/docker/tls/server-cert.pem --tlskey=/etc/docker/tls/server-key.pem';

describe('the systemd drop-in', () => {
  test(
    installedUnit
      ? `is made from the machine's installed unit (${installedUnit}), keeping -H fd:// and --containerd`
      : "is made from a fixture copy of Debian's docker.service (no docker.service is installed on this machine)",
    () => {
      const unit = installedUnit ?? debianFixture;
      const out = join(dir, 'real-unit');
      const result = berth([
        'setup',
        'remote',
        '--ip',
        '10.0.0.5',
        '--port',
        '2376',
        '--out',
        out,
        '--config',
        noDaemonJson,
        ...(installedUnit ? [] : ['--unit', unit]),
      ]);
      expect(result.stderr).toBe('');
      const own = execStartOf(readFileSync(unit, 'utf8'));
      expect(own).toContain('-H fd://');
      expect(dropIn(out)).toContain(`\n[Service]\nExecStart=\nExecStart=${own} -H tcp://10.0.0.5:2376 ${TLS_TAIL}\n`);
      expect(result.stdout).toContain('systemctl daemon-reload');
      expect(result.stdout).toContain('systemctl restart docker');
    },
  );

  test('a unit without --containerd keeps its line as it is', () => {
    const unit = join(dir, 'plain.service');
    writeFileSync(
      unit,
      '[Unit]\nDescription=x\n[Service]\nType=notify\nExecStart=/usr/bin/dockerd -H fd:// \\\n  --log-level=warn\n',
    );
    const out = join(dir, 'plain');
    const result = berth([
      'setup',
      'remote',
      '--ip',
      '192.168.1.9',
      '--dns',
      'dock.example',
      '--out',
      out,
      '--unit',
      unit,
      '--config',
      noDaemonJson,
    ]);
    expect(result.stderr).toBe('');
    expect(dropIn(out)).toContain(
      `ExecStart=\nExecStart=/usr/bin/dockerd -H fd:// --log-level=warn -H tcp://192.168.1.9:2376 ${TLS_TAIL}\n`,
    );
    expect(dropIn(out)).not.toContain('--containerd');
  });

  test('a unit with an EnvironmentFile keeps its variable; what the file adds is checked', () => {
    const env = join(dir, 'docker.env');
    writeFileSync(env, '# options\nDOCKER_OPTS="-H tcp://127.0.0.1:2375 --log-level=info"\n');
    const unit = join(dir, 'env.service');
    writeFileSync(
      unit,
      readFileSync(debianFixture, 'utf8').replace('EnvironmentFile=-/etc/default/docker', `EnvironmentFile=-${env}`),
    );
    const out = join(dir, 'env');
    const result = berth([
      'setup',
      'remote',
      '--ip',
      '10.1.2.3',
      '--out',
      out,
      '--unit',
      unit,
      '--config',
      noDaemonJson,
    ]);
    expect(result.stderr).toBe('');
    expect(dropIn(out)).toContain(
      '--containerd=/run/containerd/containerd.sock $DOCKER_OPTS -H tcp://10.1.2.3:2376 --tlsverify',
    );
    expect(result.stdout).toMatch(
      /note: \$DOCKER_OPTS \(from the unit's EnvironmentFile\) adds -H tcp:\/\/127\.0\.0\.1:2375/,
    );

    writeFileSync(env, 'DOCKER_OPTS="--tlsverify --tlscacert=/x/ca.pem"\n');
    const refused = berth([
      'setup',
      'remote',
      '--ip',
      '10.1.2.3',
      '--out',
      join(dir, 'env2'),
      '--unit',
      unit,
      '--config',
      noDaemonJson,
    ]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/\$DOCKER_OPTS .* already adds --tlsverify/);
    expect(existsSync(join(dir, 'env2'))).toBe(false);
  });

  test('a unit that gives dockerd no -H keeps the local socket', () => {
    const unit = join(dir, 'bare.service');
    writeFileSync(unit, '[Service]\nExecStart=/usr/bin/dockerd\n');
    const out = join(dir, 'bare');
    const result = berth([
      'setup',
      'remote',
      '--ip',
      '10.0.0.7',
      '--out',
      out,
      '--unit',
      unit,
      '--config',
      noDaemonJson,
    ]);
    expect(dropIn(out)).toContain(
      `ExecStart=/usr/bin/dockerd -H unix:///var/run/docker.sock -H tcp://10.0.0.7:2376 ${TLS_TAIL}\n`,
    );
    expect(result.stdout).toMatch(/note: the unit gives dockerd no -H/);
  });

  test('units berth cannot extend are refused with the reason', () => {
    const tls = join(dir, 'tls.service');
    writeFileSync(tls, '[Service]\nExecStart=/usr/bin/dockerd -H fd:// --tlsverify\n');
    expect(
      berth(['setup', 'remote', '--ip', '10.0.0.7', '--out', join(dir, 'r1'), '--unit', tls, '--config', noDaemonJson])
        .stderr,
    ).toMatch(/already starts with --tlsverify/);
    const other = join(dir, 'other.service');
    writeFileSync(other, '[Service]\nExecStart=/usr/bin/containerd\n');
    expect(
      berth([
        'setup',
        'remote',
        '--ip',
        '10.0.0.7',
        '--out',
        join(dir, 'r2'),
        '--unit',
        other,
        '--config',
        noDaemonJson,
      ]).stderr,
    ).toMatch(/runs "\/usr\/bin\/containerd", not dockerd/);
    expect(existsSync(join(dir, 'r1')) || existsSync(join(dir, 'r2'))).toBe(false);
  });
});

describe('refusals', () => {
  test('daemon.json with "hosts" is refused before anything is written — dockerd itself would not start', async () => {
    const config = join(dir, 'hosts.json');
    writeFileSync(config, '{"hosts": ["unix:///var/run/docker.sock"]}\n');
    const out = join(dir, 'hosts-out');
    const result = berth(['setup', 'remote', '--ip', '10.0.0.5', '--out', out, '--config', config]);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /hosts.json already sets "hosts": \["unix:\/\/\/var\/run\/docker.sock"\]; dockerd refuses to start/,
    );
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(existsSync(out)).toBe(false);
    // The oracle: a dockerd given -H as a flag (the private engine always is) and hosts in its file.
    await expect(startPrivateEngine({configFile: config, timeoutMs: 60_000})).rejects.toThrow(
      /specified both as a flag and in the configuration file: hosts/,
    );
  }, 120_000);

  test('--apply where systemd is not running says so and changes nothing', () => {
    const out = join(dir, 'apply-out');
    const before = ['/etc/systemd/system/docker.service.d/zz-berth-remote.conf', '/etc/docker/tls'].map(existsSync);
    const result = berth([
      'setup',
      'remote',
      '--ip',
      '10.0.0.5',
      '--out',
      out,
      '--config',
      noDaemonJson,
      '--unit',
      debianFixture,
      '--apply',
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      /--apply: systemd is not the init system here \(PID 1 is ".*"\), so systemctl cannot reload or restart the engine/,
    );
    expect(result.stdout).toContain('Nothing was written, installed or restarted');
    expect(existsSync(out)).toBe(false);
    expect(['/etc/systemd/system/docker.service.d/zz-berth-remote.conf', '/etc/docker/tls'].map(existsSync)).toEqual(
      before,
    );
  });

  test('bad input: one line each', () => {
    // A path that is a file (it gave ENOTDIR, Node's words).
    const aFile = () => {
      const file = join(dir, 'a-file');
      writeFileSync(file, '');
      return file;
    };
    const cases: [string[], RegExp][] = [
      [['--out', join(dir, 'x')], /--ip ADDR is required/],
      [['--ip', 'host.example', '--out', join(dir, 'x')], /--ip "host.example": not an IP address/],
      [['--ip', '0.0.0.0', '--out', join(dir, 'x')], /clients cannot connect to it/],
      [['--ip', '10.0.0.1', '--port', '99999', '--out', join(dir, 'x')], /not a TCP port/],
      [['--ip', '10.0.0.1'], /--out DIR is required/],
      [['--ip', '10.0.0.1', '--out', dir], /not empty/],
      [['--ip', '10.0.0.1', '--out', aFile()], /a file, not a directory/],
    ];
    for (const [args, message] of cases) {
      const result = berth(['setup', 'remote', ...args, '--config', noDaemonJson]);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});

// systemd cannot run here (it is not PID 1), so a stand-in systemctl (test/helpers/stand-in-systemctl.sh) plays
// its part for --apply: it runs the ExecStart of the unit and drop-ins berth installed, as a real dockerd.
describe('--apply with systemd (a stand-in systemctl driving a private dockerd)', () => {
  let engine: PrivateEngine;
  const root = join(dir, 'system-root');
  const bin = join(dir, 'bin');
  let env: NodeJS.ProcessEnv;
  const installed = join(root, 'etc/systemd/system/docker.service.d/zz-berth-remote.conf');
  const tlsDir = join(root, 'etc/docker/tls');

  beforeAll(async () => {
    engine = await startPrivateEngine();
    const args = readFileSync(`/proc/${engine.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    mkdirSync(join(root, 'lib/systemd/system'), {recursive: true});
    mkdirSync(join(root, 'run/systemd/system'), {recursive: true});
    writeFileSync(
      join(root, 'lib/systemd/system/docker.service'),
      `[Service]\nType=notify\nEnvironmentFile=-${join(dir, 'no-such-env')}\nExecStart=${args.join(' ')} $DOCKER_OPTS\n`,
    );
    mkdirSync(bin, {recursive: true});
    writeFileSync(join(bin, 'systemctl'), readFileSync('test/helpers/stand-in-systemctl.sh'), {mode: 0o755});
    env = {
      PATH: `${bin}:${process.env.PATH}`,
      BERTH_SYSTEM_ROOT: root,
      STANDIN_PIDFILE: join(engine.dir, 'dockerd.pid'),
      STANDIN_SOCKET: engine.socket,
      STANDIN_LOG: join(engine.dir, 'dockerd.log'),
    };
  }, 180_000);
  afterAll(async () => engine?.stop());

  const calls = () => readFileSync(join(root, 'systemctl.calls'), 'utf8').trim().split('\n');

  test('installs the server files and the drop-in, reloads, restarts, and connects over TLS with the new client certificate', async () => {
    const port = await freePort();
    const out = join(dir, 'apply-ok');
    const result = berth(
      [
        'setup',
        'remote',
        '--ip',
        '127.0.0.1',
        '--port',
        String(port),
        '--out',
        out,
        '--tls-dir',
        tlsDir,
        '--config',
        noDaemonJson,
        '--apply',
      ],
      env,
    );
    expect(result.stderr).toBe('');
    expect(result.stdout).toMatch(
      new RegExp(
        `connected to tcp://127\\.0\\.0\\.1:${port} over TLS with the new client certificate: Docker \\S+, API 1\\.41`,
      ),
    );
    expect(result.code).toBe(0);
    expect(calls()).toEqual(['--version', 'daemon-reload', 'restart docker']);
    expect(readFileSync(installed, 'utf8')).toBe(dropIn(out));
    expect(statSync(join(tlsDir, 'server-key.pem')).mode & 0o777).toBe(0o600);
    // The engine kept its unix socket and answers the docker CLI on TCP with the bundle.
    expect(engine.docker(['version', '--format', '{{.Server.APIVersion}}']).trim()).toBe('1.41');
    const cli = dockerCli(['version', '--format', '{{.Server.APIVersion}}'], {
      DOCKER_HOST: `tcp://127.0.0.1:${port}`,
      DOCKER_TLS_VERIFY: '1',
      DOCKER_CERT_PATH: join(out, 'client'),
    });
    expect(cli.stdout.trim()).toBe('1.41');
  }, 120_000);

  test('when the engine does not come back, the earlier drop-in is put back and the engine restarted with it', async () => {
    const before = readFileSync(installed, 'utf8');
    const working = /-H tcp:\/\/127\.0\.0\.1:(\d+)/.exec(before)![1];
    writeFileSync(join(root, 'systemctl.calls'), '');
    // A port someone else holds: dockerd cannot bind it and exits.
    const blocker = createServer();
    await new Promise<void>(resolve => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as {port: number}).port;
    try {
      const result = berth(
        [
          'setup',
          'remote',
          '--ip',
          '127.0.0.1',
          '--port',
          String(port),
          '--out',
          join(dir, 'apply-bad'),
          '--tls-dir',
          tlsDir,
          '--config',
          noDaemonJson,
          '--apply',
        ],
        env,
      );
      expect(result.code).toBe(1);
      expect(result.stdout).toContain('systemctl restart docker failed');
      expect(result.stdout).toContain(
        `rolling back: restoring the earlier ${installed} and the earlier files in ${tlsDir}, then daemon-reload and restart`,
      );
      expect(result.stdout).toContain('rolled back: the engine runs with its previous command line again.');
    } finally {
      await new Promise(resolve => blocker.close(resolve));
    }
    expect(calls()).toEqual(['--version', 'daemon-reload', 'restart docker', 'daemon-reload', 'restart docker']);
    expect(readFileSync(installed, 'utf8')).toBe(before);
    // The earlier set-up works again: its port, its server files, so the clients of the first run connect.
    expect(engine.docker(['version', '--format', '{{.Server.APIVersion}}']).trim()).toBe('1.41');
    const cli = dockerCli(['version', '--format', '{{.Server.APIVersion}}'], {
      DOCKER_HOST: `tcp://127.0.0.1:${working}`,
      DOCKER_TLS_VERIFY: '1',
      DOCKER_CERT_PATH: join(dir, 'apply-ok', 'client'),
    });
    expect(cli.stderr).toBe('');
    expect(cli.stdout.trim()).toBe('1.41');
  }, 180_000);
});
