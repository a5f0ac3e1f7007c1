import {spawnSync} from 'node:child_process';
import {copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {dirname, join} from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {connectEngine, type EngineClient} from '../../source/engine/client.js';
import {
  collectEngineFacts,
  connectionFacts,
  diskUsage,
  engineInfoFacts,
  humanSize,
  logHygiene,
} from '../../source/engine/engine-info/index.js';
import {resolveEngineTarget} from '../../source/engine/target.js';
import {BUSYBOX, benchEnv} from '../helpers/bench.js';
import {type PrivateEngine, startPrivateEngine} from '../helpers/private-engine.js';
import {freePort} from '../helpers/registry-server.js';
import {firstGroup} from '../helpers/found.js';

const scratch = mkdtempSync(join(tmpdir(), 'berth-doctor-'));
afterAll(() => rmSync(scratch, {recursive: true, force: true}));

function berth(args: string[], env: NodeJS.ProcessEnv) {
  const result = spawnSync('node', ['bin/berth.js', ...args], {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      XDG_CONFIG_HOME: join(scratch, 'config'),
      XDG_STATE_HOME: scratch,
      DOCKER_CONFIG: join(scratch, 'docker'),
      ...env,
    },
    timeout: 120_000,
  });
  return {code: result.status, stdout: result.stdout, stderr: result.stderr};
}

type Report = {ok: boolean; checks: {name: string; status: string; detail: string; fix?: string}[]};
const check = (report: Report, name: string) => report.checks.find(c => c.name === name || c.name.startsWith(name));

describe('engine-info collectors and doctor on a private engine without log rotation', () => {
  let engine: PrivateEngine;
  let client: EngineClient;
  const target = () => resolveEngineTarget({host: engine.host}, {});

  beforeAll(async () => {
    engine = await startPrivateEngine();
    engine.loadBusybox();
    engine.docker([
      'run',
      '-d',
      '--network',
      'none',
      '--name',
      'chatty',
      BUSYBOX,
      'sh',
      '-c',
      'i=0; while [ $i -lt 3000 ]; do echo "line $i of some log text"; i=$((i+1)); done; sleep 100000',
    ]);
    engine.docker([
      'run',
      '-d',
      '--network',
      'none',
      '--name',
      'bounded',
      '--log-opt',
      'max-size=1m',
      '--log-opt',
      'max-file=2',
      BUSYBOX,
      'sh',
      '-c',
      'echo hi; sleep 100000',
    ]);
    engine.docker(['create', '--network', 'none', '--name', 'silent', '--log-driver', 'none', BUSYBOX, 'true']);
    engine.docker(['volume', 'create', 'filled']);
    engine.docker([
      'run',
      '--rm',
      '--network',
      'none',
      '-v',
      'filled:/d',
      BUSYBOX,
      'dd',
      'if=/dev/zero',
      'of=/d/f',
      'bs=1024',
      'count=300',
    ]);
    // The chatty container has written all its lines once its log stops growing.
    for (let last = -1; ;) {
      await new Promise(r => setTimeout(r, 300));
      const size = statSync(engine.docker(['inspect', '--format', '{{.LogPath}}', 'chatty']).trim()).size;
      if (size === last && size > 0) break;
      last = size;
    }
    client = await connectEngine(target());
  }, 240_000);
  afterAll(async () => {
    client?.close();
    await engine?.stop();
  });

  test('/system/df summed as docker system df prints it', async () => {
    const usage = await diskUsage(client.docker);
    const cli = engine
      .docker(['system', 'df', '--format', '{{json .}}'])
      .trim()
      .split('\n')
      .map(line => JSON.parse(line) as Record<string, string>);
    expect(usage.rows.map(r => r.kind)).toEqual(cli.map(row => row.Type));
    expect(
      usage.rows.map(row => ({
        count: String(row.count),
        active: String(row.active),
        size: humanSize(row.size),
        reclaimable: humanSize(row.reclaimable),
      })),
    ).toEqual(
      cli.map(row => ({
        count: row.TotalCount,
        active: row.Active,
        size: row.Size,
        reclaimable: row.Reclaimable?.replace(/ \(\d+%\)$/, ''),
      })),
    );
    expect(usage.rows.find(r => r.kind === 'Local Volumes')!.size).toBeGreaterThanOrEqual(300 * 1024);
  });

  test('/info facts as docker info reports them; the daemon.json is found through the running dockerd', async () => {
    const info = await engineInfoFacts(client.docker, target());
    const cli = JSON.parse(engine.docker(['info', '--format', '{{json .}}'])) as {
      Driver: string;
      CgroupDriver: string;
      Swarm: {LocalNodeState: string};
      Warnings?: string[];
      ContainersRunning: number;
    };
    expect(info.storageDriver).toBe(cli.Driver);
    expect(info.loggingDriver).toBe('json-file');
    expect(info.cgroupDriver).toBe(cli.CgroupDriver);
    expect(info.swarm?.state).toBe(cli.Swarm.LocalNodeState);
    expect(info.warnings).toEqual(cli.Warnings ?? []);
    expect(info.containers.running).toBe(cli.ContainersRunning);
    expect(Math.abs(info.clockSkewMs!)).toBeLessThan(2_000);
    expect(info.daemonLogOpts).toEqual({configFile: join(engine.dir, 'daemon.json'), logOpts: {}});
  });

  test('log hygiene: drivers and options from inspect, the unbounded one warned, sizes of the json logs largest first', async () => {
    const hygiene = await logHygiene(client.docker, target());
    const byName = Object.fromEntries(hygiene.containers.map(c => [c.name, c]));
    expect(byName.chatty).toMatchObject({driver: 'json-file', options: {}, unbounded: true});
    expect(byName.bounded).toMatchObject({
      driver: 'json-file',
      options: {'max-size': '1m', 'max-file': '2'},
      unbounded: false,
    });
    expect(byName.silent).toMatchObject({driver: 'none', unbounded: false});
    expect(hygiene.unbounded.map(c => c.name)).toEqual(['chatty']);
    expect(hygiene.local).toBe(true);
    const logPath = engine.docker(['inspect', '--format', '{{.LogPath}}', 'chatty']).trim();
    const onDisk = readdirSync(dirname(logPath))
      .filter(n => n.startsWith(logPath.split('/').pop()!))
      .reduce((s, n) => s + statSync(join(dirname(logPath), n)).size, 0);
    expect(byName.chatty?.logBytes).toBe(onDisk);
    expect(hygiene.containers[0]?.name).toBe('chatty');
    expect(hygiene.totalLogBytes).toBe(hygiene.containers.reduce((s, c) => s + (c.logBytes ?? 0), 0));
  });

  test('collectEngineFacts: every part in one call, and a part that fails does not take the others with it', async () => {
    const all = await collectEngineFacts(client);
    expect(all.version.ApiVersion).toBe('1.41');
    expect(all.connection).toMatchObject({host: engine.host, kind: 'unix', api: '1.41'});
    expect(all.info.value?.loggingDriver).toBe('json-file');
    expect(all.disk.value?.rows).toHaveLength(4);
    expect(all.logs.value?.unbounded.map(c => c.name)).toEqual(['chatty']);
    const cut = await collectEngineFacts(client, {signal: AbortSignal.abort()});
    expect(cut.info.error).toMatch(/abort/i);
    expect(cut.disk.error).toMatch(/abort/i);
    expect(cut.logs.value?.containers).toHaveLength(3);
  });

  test('doctor warns about log rotation (daemon default and the container) and exits 0: a warning is not a failure', () => {
    const result = berth(['doctor', '--json', '--host', engine.host], {});
    const report = JSON.parse(result.stdout) as Report;
    expect(result.code).toBe(0);
    expect(check(report, 'engine')!.status).toBe('ok');
    expect(check(report, 'TLS')!.detail).toMatch(/local unix socket/);
    const logs = check(report, 'log rotation')!;
    expect(logs.status).toBe('warn');
    expect(logs.detail).toContain(`daemon default json-file without max-size (${join(engine.dir, 'daemon.json')})`);
    expect(logs.detail).toContain('1 of 3 containers log to json-file without max-size: chatty');
    expect(logs.fix).toContain(`berth setup log-rotation --config ${join(engine.dir, 'daemon.json')}`);
    const text = berth(['doctor', '--host', engine.host, '--disk-limit', '1k'], {});
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(
      /^warn {2}log rotation +daemon default json-file without max-size .* — fix: berth setup log-rotation/m,
    );
    expect(text.stdout).toMatch(/^warn {2}disk usage +.*over 1kB — fix: /m);
  });
});

describe('berth doctor against the bench', () => {
  const env = () => ({...benchEnv(), BERTH_REGISTRY_CA: benchEnv().BERTH_REGISTRY_CA ?? ''});

  test('no failures; every warning it gives is true', () => {
    const result = berth(['doctor', '--json'], env());
    expect(result.stderr).toBe('');
    const report = JSON.parse(result.stdout) as Report;
    expect(report.checks.filter(c => c.status === 'fail')).toEqual([]);
    expect(result.code).toBe(0);
    for (const name of ['engine', 'TLS', 'API version', 'compose', 'registry https://127.0.0.1:5000'])
      expect(check(report, name)?.status, name).toBe('ok');
    expect(check(report, 'TLS')!.detail).toMatch(/^verified with .*ca\.pem; CA \d+ days, client certificate \d+ days$/);
    expect(check(report, 'compose')!.detail).toMatch(/^docker-compose 1\.29\.\d+ \(v1/);
    for (const warned of report.checks.filter(c => c.status === 'warn')) {
      // The bench's containers share one engine with other tests: a warning must name what is really so.
      expect(warned.name).toBe('log rotation');
      const names = firstGroup(/without max-size: ([^;]*)/, warned.detail)
        .split(', ')
        .filter(n => n !== '…');
      for (const name of names) {
        const opts = spawnSync(
          'docker',
          [
            'inspect',
            '--format',
            '{{.HostConfig.LogConfig.Type}} {{index .HostConfig.LogConfig.Config "max-size"}}',
            name,
          ],
          {env: {...process.env, ...benchEnv()}, encoding: 'utf8'},
        );
        // No max-size, or json-file's "-1" (unlimited; dockerd 20.10 refuses to start such a container at all).
        if (opts.status === 0) expect(opts.stdout.trim()).toMatch(/^json-file( -1)?$/);
      }
    }
  });

  test('the certificates are those in use, with their expiry as openssl reads it', () => {
    const facts = connectionFacts(resolveEngineTarget({}, benchEnv()));
    for (const certificate of facts.tls!.certificates) {
      const end = spawnSync('openssl', ['x509', '-enddate', '-noout', '-in', certificate.file], {encoding: 'utf8'})
        .stdout.trim()
        .replace('notAfter=', '');
      expect(certificate.notAfter).toBe(new Date(end).toISOString());
    }
    expect(facts.tls!.certificates.map(c => c.role)).toEqual(['CA', 'client certificate']);
  });

  test('engine down: nobody listens on the port → fail, exit 1, the other checks still run', async () => {
    const port = await freePort();
    const result = berth(['doctor', '--host', `tcp://127.0.0.1:${port}`], {
      BERTH_REGISTRY: benchEnv().BERTH_REGISTRY,
      BERTH_REGISTRY_CA: benchEnv().BERTH_REGISTRY_CA,
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(
      new RegExp(`^fail {2}engine +engine tcp://127\\.0\\.0\\.1:${port}: connection refused`, 'm'),
    );
    expect(result.stdout).toMatch(/^ok {4}compose /m);
    expect(result.stdout).toMatch(/^ok {4}registry https:\/\/127\.0\.0\.1:5000 /m);
    expect(result.stdout).not.toMatch(/log rotation/);
  });

  test('wrong CA: the engine certificate is not trusted → fail, exit 1', () => {
    const dir = join(scratch, 'wrong-ca');
    mkdirSync(dir, {recursive: true});
    const bench = benchEnv();
    copyFileSync(join(bench.BERTH_TESTBED_DIR!, 'wrong-ca', 'ca.pem'), join(dir, 'ca.pem'));
    for (const name of ['cert.pem', 'key.pem']) copyFileSync(join(bench.DOCKER_CERT_PATH!, name), join(dir, name));
    const result = berth(['doctor', '--json'], {...bench, DOCKER_CERT_PATH: dir, BERTH_REGISTRY: ''});
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as Report;
    expect(check(report, 'engine')).toMatchObject({status: 'fail'});
    expect(check(report, 'engine')!.detail).toMatch(/certificate/);
    // The fix in its own field, as every failed check has one.
    expect(check(report, 'engine')!.fix).toBeTruthy();
    expect(check(report, 'TLS')).toMatchObject({status: 'fail'});
  });

  test('registry down → fail, exit 1, the engine checks still ok', async () => {
    const port = await freePort();
    const result = berth(['doctor', '--json', '--registry', `https://127.0.0.1:${port}`], {
      ...benchEnv(),
      BERTH_REGISTRY: '',
    });
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as Report;
    expect(check(report, `registry https://127.0.0.1:${port}`)).toMatchObject({status: 'fail'});
    expect(check(report, `registry https://127.0.0.1:${port}`)!.detail).toMatch(/refused|reach/i);
    expect(check(report, 'engine')!.status).toBe('ok');
  });

  test('a registry whose certificate is not trusted → fail, exit 1', () => {
    const bench = benchEnv();
    const result = berth(['doctor', '--json'], {
      ...bench,
      BERTH_REGISTRY_CA: '',
      BERTH_CERTS_D: join(scratch, 'no-certs.d'),
    });
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as Report;
    expect(check(report, `registry ${bench.BERTH_REGISTRY}`)).toMatchObject({status: 'fail'});
    expect(check(report, `registry ${bench.BERTH_REGISTRY}`)!.detail).toMatch(/certificate/i);
  });
});
