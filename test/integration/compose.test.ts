import {execFileSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {connectEngine, type EngineClient} from '../../source/engine/client.js';
import {ComposeRun} from '../../source/engine/compose/compose-run.js';
import {
  projectsFromContainers,
  projectStatus,
  serviceRows,
  type ComposeProject,
} from '../../source/engine/compose/project.js';
import {ProjectLogs} from '../../source/engine/compose/project-logs.js';
import {
  composeArgs,
  composeEngine,
  detectCompose,
  displayCommand,
  type ComposeOperation,
  type ComposeRunner,
} from '../../source/engine/compose/runner.js';
import {listContainers} from '../../source/engine/containers/list.js';
import {resolveEngineTarget, type EngineTarget} from '../../source/engine/target.js';
import {benchEnv, docker, uniqueName} from '../helpers/bench.js';
import {demoProject, removeDemoImages} from '../helpers/compose.js';

const demo = demoProject(uniqueName('berth-cmp'));
const projectName = demo.name;
let client: EngineClient;
let target: EngineTarget;
let runner: ComposeRunner;
// The user's shell points elsewhere and has the CA bundle variables that break compose v1's TLS.
const shell: NodeJS.ProcessEnv = {
  ...process.env,
  DOCKER_HOST: 'tcp://127.0.0.1:1',
  DOCKER_TLS_VERIFY: '',
  REQUESTS_CA_BUNDLE: '/etc/ssl/certs/ca-certificates.crt',
  CURL_CA_BUNDLE: '/etc/ssl/certs/ca-certificates.crt',
};

const project = (): ComposeProject => ({
  name: projectName,
  workingDir: demo.dir,
  files: [demo.file],
  filesKnown: true,
  origin: 'command line',
  containers: [],
});

async function run(operation: ComposeOperation, over: Partial<ComposeProject> = {}, base = shell): Promise<ComposeRun> {
  const engine = composeEngine(target, base);
  const command = composeArgs(runner, {...project(), ...over}, operation, engine.context);
  const composeRun = new ComposeRun({
    ...command,
    env: engine.env,
    cwd: over.workingDir ?? demo.dir,
    display: displayCommand(command, engine.env),
    graceMs: 2000,
  });
  composeRun.start();
  await composeRun.done();
  return composeRun;
}

const text = (r: ComposeRun) =>
  r.buffer
    .toArray()
    .map(line => line.text)
    .join('\n');

beforeAll(async () => {
  const detection = await detectCompose(process.env);
  if (!detection.runner) throw new Error(detection.problem);
  runner = detection.runner;
  target = resolveEngineTarget({}, benchEnv());
  client = await connectEngine(target);
});

afterAll(() => {
  try {
    execFileSync('docker-compose', ['-p', projectName, '-f', demo.file, 'down', '--volumes', '--remove-orphans'], {
      env: {...process.env, ...benchEnv(), REQUESTS_CA_BUNDLE: '', CURL_CA_BUNDLE: ''},
      stdio: 'ignore',
    });
  } catch {
    // Already down.
  }
  try {
    removeDemoImages(demo);
  } catch {
    // Never built.
  }
  rmSync(demo.dir, {recursive: true, force: true});
  client?.close();
});

describe('compose through the real compose CLI against the bench engine', () => {
  test('the compose on this machine is found (v1 here: the bench has no plugin)', () => {
    expect(runner.kind).toBe('v1');
    expect(runner.program).toBe('docker-compose');
  });

  test('build --no-cache rebuilds every step, twice; the shell DOCKER_HOST and CA bundles do not leak in', async () => {
    const first = await run({op: 'build'});
    expect(first.exitCode, text(first)).toBe(0);
    const second = await run({op: 'build'});
    expect(second.exitCode, text(second)).toBe(0);
    expect(text(second)).toMatch(/Step 3\/4 : RUN echo second/);
    expect(text(second)).not.toContain('Using cache');
    expect(text(second)).toMatch(/exit 0 · .*docker-compose .*--project-name=.* build --no-cache/);
  }, 120_000);

  test('up -d brings both services up (labels as oracle); the project, its status and services follow from the labels', async () => {
    const up = await run({op: 'up'});
    expect(up.exitCode, text(up)).toBe(0);
    const labelled = docker([
      'ps',
      '--filter',
      `label=com.docker.compose.project=${projectName}`,
      '--format',
      '{{.Label "com.docker.compose.service"}} {{.State}}',
    ])
      .trim()
      .split('\n')
      .sort();
    expect(labelled).toEqual(['web running', 'worker running']);
    // One line per container, updated in place: "Creating … ... done", not "Creating …" and then "… done".
    const creating = up.buffer.toArray().filter(line => /^Creating \S+_(web|worker)_1/.test(line.text));
    expect(creating.map(line => line.text.replace(/\s+/g, ' '))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/web_1 \.\.\. done/),
        expect.stringMatching(/worker_1 \.\.\. done/),
      ]),
    );
    expect(creating).toHaveLength(2);

    const projects = projectsFromContainers(await listContainers(client.docker));
    const mine = projects.find(p => p.name === projectName)!;
    expect(mine.workingDir).toBe(demo.dir);
    expect(mine.files).toEqual([demo.file]);
    expect(mine.filesKnown).toBe(true);
    expect(projectStatus(mine).text).toBe('running 2/2');
    expect(serviceRows(mine, ['web', 'worker']).map(row => `${row.service} ${row.container?.state}`)).toEqual([
      'web running',
      'worker running',
    ]);
  }, 120_000);

  test('the project logs interleave both services in timestamp order, prefixed, and keep following', async () => {
    const projects = projectsFromContainers(await listContainers(client.docker));
    const mine = projects.find(p => p.name === projectName)!;
    const logs = new ProjectLogs(client.docker, {
      targets: mine.containers.map(row => ({id: row.id, name: row.name, service: row.compose!.service})),
      window: {tail: 50},
      follow: true,
    });
    logs.start();
    try {
      const deadline = Date.now() + 15_000;
      let lines = logs.buffer.toArray();
      while (
        Date.now() < deadline &&
        !(
          lines.some(l => l.text.startsWith('web    | web line')) &&
          lines.some(l => l.text.startsWith('worker | worker line')) &&
          lines.length > 20
        )
      ) {
        await new Promise(r => setTimeout(r, 100));
        lines = logs.buffer.toArray();
      }
      expect(lines.some(l => l.text.startsWith('web    | web line'))).toBe(true);
      expect(lines.some(l => l.text.startsWith('worker | worker line'))).toBe(true);
      expect(lines.every(l => l.prefix && l.prefix.length === 'worker | '.length)).toBe(true);
      const times = lines.map(l => l.time!);
      expect([...times].sort()).toEqual(times);
      // Still following: more lines come.
      const before = logs.buffer.totalPushed;
      await new Promise(r => setTimeout(r, 1500));
      expect(logs.buffer.totalPushed).toBeGreaterThan(before + 4);
      expect(logs.status).toBe('streaming');
    } finally {
      logs.stop();
    }
  }, 30_000);

  test('down removes the containers and the network; a context connection is passed as --context', async () => {
    const down = await run({op: 'down', removeOrphans: true});
    expect(down.exitCode, text(down)).toBe(0);
    expect(docker(['ps', '-a', '--filter', `label=com.docker.compose.project=${projectName}`, '-q']).trim()).toBe('');
    expect(docker(['network', 'ls', '--filter', `name=${projectName}_default`, '-q']).trim()).toBe('');
    expect(text(down)).toMatch(/Removing network/);
    const context = composeEngine({...target, source: 'context', context: 'bench-ctx'}, shell);
    expect(context.context).toBe('bench-ctx');
    expect(context.env.DOCKER_HOST).toBeUndefined();
    expect(composeArgs(runner, project(), {op: 'down'}, context.context).args[0]).toBe('--context=bench-ctx');
  }, 120_000);
});

describe('a context connection', () => {
  test('compose gets --context NAME (and DOCKER_CONFIG), not DOCKER_HOST, and reaches the engine the context names', async () => {
    const config = mkdtempSync(join(tmpdir(), 'berth-cmp-ctx-'));
    const name = uniqueName('berth-ctx');
    const certs = benchEnv().DOCKER_CERT_PATH!;
    const small = demoProject(uniqueName('berth-cmp-ctx'), {
      compose: `version: "3.7"\nservices:\n  one:\n    image: berth-test/busybox:latest\n    network_mode: none\n    stop_signal: SIGKILL\n    command: sleep 1000000\n`,
    });
    try {
      execFileSync(
        'docker',
        [
          'context',
          'create',
          name,
          '--docker',
          `host=${benchEnv().DOCKER_HOST},ca=${certs}/ca.pem,cert=${certs}/cert.pem,key=${certs}/key.pem`,
        ],
        {env: {...process.env, DOCKER_CONFIG: config}, stdio: 'ignore'},
      );
      // A config directory as the docker CLI leaves it once used (compose v1 looks for contexts only next to one).
      writeFileSync(join(config, 'config.json'), '{}');
      const viaContext = resolveEngineTarget({context: name}, {DOCKER_CONFIG: config});
      const engine = composeEngine(viaContext, {...shell, DOCKER_CONFIG: config}, undefined, runner.kind);
      expect(engine.context).toBe(name);
      expect(engine.env.DOCKER_HOST).toBeUndefined();
      const command = composeArgs(
        runner,
        {name: small.name, files: [small.file], workingDir: small.dir, filesKnown: true},
        {op: 'up'},
        engine.context,
      );
      expect(command.args[0]).toBe(`--context=${name}`);
      const up = new ComposeRun({
        ...command,
        env: engine.env,
        cwd: small.dir,
        display: displayCommand(command, engine.env),
      });
      up.start();
      await up.done();
      expect(up.exitCode, text(up)).toBe(0);
      expect(
        docker([
          'ps',
          '--filter',
          `label=com.docker.compose.project=${small.name}`,
          '--format',
          '{{.Label "com.docker.compose.service"}}',
        ]).trim(),
      ).toBe('one');
      const downCommand = composeArgs(
        runner,
        {name: small.name, files: [small.file], workingDir: small.dir, filesKnown: true},
        {op: 'down'},
        engine.context,
      );
      const down = new ComposeRun({
        ...downCommand,
        env: engine.env,
        cwd: small.dir,
        display: displayCommand(downCommand, engine.env),
      });
      down.start();
      await down.done();
      expect(down.exitCode, text(down)).toBe(0);
      expect(docker(['ps', '-aq', '--filter', `label=com.docker.compose.project=${small.name}`]).trim()).toBe('');
    } finally {
      try {
        docker([
          'rm',
          '-f',
          ...docker(['ps', '-aq', '--filter', `label=com.docker.compose.project=${small.name}`])
            .trim()
            .split('\n')
            .filter(Boolean),
        ]);
      } catch {
        // Nothing left.
      }
      rmSync(small.dir, {recursive: true, force: true});
      rmSync(config, {recursive: true, force: true});
    }
  }, 60_000);
});

describe('bad inputs end with a clear message and touch nothing else', () => {
  test('a compose file with a syntax error', async () => {
    const bad = join(demo.dir, 'broken.yml');
    writeFileSync(bad, 'services: [\n');
    const result = await run({op: 'up'}, {files: [bad]});
    expect(result.exitCode).not.toBe(0);
    expect(text(result)).toMatch(/broken\.yml/);
    expect(text(result)).toMatch(/exit [1-9]/);
  }, 60_000);

  test('a service whose build fails', async () => {
    const marker = uniqueName('about-to-fail');
    const failing = demoProject(uniqueName('berth-cmp-fail'), {
      dockerfile: `FROM berth-test/busybox:latest\nRUN echo ${marker} && false\n`,
    });
    try {
      const result = await run({op: 'build'}, {name: failing.name, files: [failing.file], workingDir: failing.dir});
      expect(result.exitCode).not.toBe(0);
      expect(text(result)).toMatch(/returned a non-zero code|non-zero/);
    } finally {
      rmSync(failing.dir, {recursive: true, force: true});
      // The legacy builder leaves the failed step's container behind (as docker build does): ours goes.
      const left = docker(['ps', '-a', '--no-trunc', '--format', '{{.ID}} {{.Command}}'])
        .split('\n')
        .filter(line => line.includes(marker))
        .flatMap(line => line.split(' ').slice(0, 1));
      if (left.length) docker(['rm', '-f', ...left]);
    }
  }, 60_000);

  test('no compose on PATH: detection says what to install; a run says the binary is missing', async () => {
    const none = await detectCompose({...process.env, PATH: '/nonexistent'});
    expect(none.runner).toBeUndefined();
    expect(none.runner ? '' : none.problem).toMatch(/install the compose plugin/);
    const result = await run({op: 'up'}, {}, {...shell, PATH: '/nonexistent'});
    expect(result.status).toBe('failed');
    expect(text(result)).toMatch(/docker-compose: not found on PATH/);
  });

  test('a project whose directory was deleted: its files are unknown, and why', async () => {
    const gone = demoProject(uniqueName('berth-cmp-gone'));
    const composeEnv = {...process.env, ...benchEnv(), REQUESTS_CA_BUNDLE: '', CURL_CA_BUNDLE: ''};
    try {
      execFileSync('docker-compose', ['-p', gone.name, 'up', '-d', '--no-build', 'worker'], {
        cwd: gone.dir,
        env: composeEnv,
        stdio: 'ignore',
      });
      rmSync(gone.dir, {recursive: true, force: true});
      const projects = projectsFromContainers(await listContainers(client.docker));
      const mine = projects.find(p => p.name === gone.name)!;
      expect(mine.filesKnown).toBe(false);
      expect(mine.filesProblem).toMatch(/does not exist here/);
    } finally {
      docker([
        'rm',
        '-f',
        ...docker(['ps', '-aq', '--filter', `label=com.docker.compose.project=${gone.name}`])
          .trim()
          .split('\n')
          .filter(Boolean),
      ]);
      for (const id of docker(['network', 'ls', '-q', '--filter', `name=${gone.name}_default`])
        .trim()
        .split('\n')
        .filter(Boolean))
        docker(['network', 'rm', id]);
    }
  }, 60_000);

  test('ctrl-c: SIGINT reaches compose, which stops; the end says interrupted', async () => {
    const slow = demoProject(uniqueName('berth-cmp-slow'), {
      dockerfile: 'FROM berth-test/busybox:latest\nRUN sleep 30\n',
    });
    try {
      const engine = composeEngine(target, shell);
      const command = composeArgs(
        runner,
        {name: slow.name, files: [slow.file], workingDir: slow.dir, filesKnown: true},
        {op: 'build'},
        engine.context,
      );
      const composeRun = new ComposeRun({
        ...command,
        env: engine.env,
        cwd: slow.dir,
        display: displayCommand(command, engine.env),
        graceMs: 3000,
      });
      composeRun.start();
      const deadline = Date.now() + 30_000;
      while (!text(composeRun).includes('RUN sleep 30') && Date.now() < deadline)
        await new Promise(r => setTimeout(r, 100));
      const sent = Date.now();
      expect(composeRun.interrupt()).toBe(true);
      await composeRun.done();
      expect(Date.now() - sent).toBeLessThan(8000);
      expect(composeRun.exitCode).not.toBe(0);
      expect(text(composeRun)).toMatch(/interrupted: SIGINT sent to compose/);
      expect(text(composeRun)).toMatch(/interrupted · /);
    } finally {
      rmSync(slow.dir, {recursive: true, force: true});
    }
  }, 60_000);
});
