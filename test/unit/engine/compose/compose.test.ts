import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, test} from 'vitest';
import {parseCommandLine} from '../../../../source/cli/args.js';
import {composeLabels} from '../../../../source/engine/compose/labels.js';
import {OutputLines, progressKey} from '../../../../source/engine/compose/output.js';
import {
  localProject,
  mergeProjects,
  normalizeProjectName,
  projectsFromContainers,
  projectStatus,
  serviceRows,
} from '../../../../source/engine/compose/project.js';
import {prefixHue} from '../../../../source/engine/logs/prefix-hue.js';
import {
  composeArgs,
  composeEngine,
  detectCompose,
  displayCommand,
  maskSecrets,
  needsFiles,
  type ComposeRunner,
} from '../../../../source/engine/compose/runner.js';
import type {ContainerRow} from '../../../../source/engine/containers/rows.js';
import type {EngineTarget} from '../../../../source/engine/target.js';
import {at} from '../../../helpers/found.js';

const dir = mkdtempSync(join(tmpdir(), 'berth-compose-unit-'));
afterAll(() => rmSync(dir, {recursive: true, force: true}));

const V2: ComposeRunner = {kind: 'v2', program: 'docker', version: '2.29.1'};
const V1: ComposeRunner = {kind: 'v1', program: 'docker-compose', version: '1.29.2'};
const known = {
  name: 'shop',
  files: ['/srv/shop/compose.yaml', '/srv/shop/compose.prod.yaml'],
  workingDir: '/srv/shop',
  filesKnown: true,
};

describe('which compose', () => {
  const fake = (works: Record<string, string>) => async (program: string, args: readonly string[]) => {
    const out = works[`${program} ${args.join(' ')}`];
    if (out === undefined) throw new Error('not found');
    return out;
  };

  test('v2 when `docker compose version` works, even with docker-compose installed too', async () => {
    const found = await detectCompose(
      {},
      fake({
        'docker compose version': 'Docker Compose version v2.29.1\n',
        'docker-compose version --short': '1.29.2\n',
      }),
    );
    expect(found.runner).toEqual({kind: 'v2', program: 'docker', version: '2.29.1'});
  });

  test('else docker-compose: v1, or a standalone v2 binary', async () => {
    expect((await detectCompose({}, fake({'docker-compose version --short': '1.29.2\n'}))).runner).toEqual(V1);
    expect((await detectCompose({}, fake({'docker-compose version --short': '2.24.0\n'}))).runner).toMatchObject({
      kind: 'v2',
      program: 'docker-compose',
    });
  });

  test('else none, with what to install', async () => {
    const found = await detectCompose({}, fake({}));
    expect(found.runner).toBeUndefined();
    expect(found.runner ? '' : found.problem).toMatch(/install the compose plugin .* or docker-compose v1/);
  });
});

describe('argument lists', () => {
  test('v2: docker [--context] compose, project flags, then the operation', () => {
    expect(composeArgs(V2, known, {op: 'build'})).toEqual({
      program: 'docker',
      args: [
        'compose',
        '--ansi',
        'never',
        '--project-name=shop',
        '--file=/srv/shop/compose.yaml',
        '--file=/srv/shop/compose.prod.yaml',
        '--project-directory=/srv/shop',
        'build',
        '--no-cache',
      ],
    });
    expect(composeArgs(V2, known, {op: 'up'}, 'prod').args).toEqual([
      '--context=prod',
      'compose',
      '--ansi',
      'never',
      '--project-name=shop',
      '--file=/srv/shop/compose.yaml',
      '--file=/srv/shop/compose.prod.yaml',
      '--project-directory=/srv/shop',
      'up',
      '-d',
    ]);
    // Down by name alone: no files passed when they are not here.
    expect(
      composeArgs(V2, {...known, filesKnown: false}, {op: 'down', volumes: true, removeOrphans: true}).args,
    ).toEqual(['compose', '--ansi', 'never', '--project-name=shop', 'down', '--volumes', '--remove-orphans']);
    // A name from a label that looks like a flag stays a value.
    expect(composeArgs(V2, {...known, name: '--help'}, {op: 'up'}).args).toContain('--project-name=--help');
    expect(composeArgs(V2, known, {op: 'config-services'}).args.slice(-2)).toEqual(['config', '--services']);
  });

  test('v1: docker-compose [--context] with the same flags', () => {
    expect(composeArgs(V1, known, {op: 'down'})).toEqual({
      program: 'docker-compose',
      args: [
        '--ansi',
        'never',
        '--project-name=shop',
        '--file=/srv/shop/compose.yaml',
        '--file=/srv/shop/compose.prod.yaml',
        '--project-directory=/srv/shop',
        'down',
      ],
    });
    expect(composeArgs(V1, known, {op: 'down', removeOrphans: true}, 'prod').args).toEqual([
      '--context=prod',
      '--ansi',
      'never',
      '--project-name=shop',
      '--file=/srv/shop/compose.yaml',
      '--file=/srv/shop/compose.prod.yaml',
      '--project-directory=/srv/shop',
      'down',
      '--remove-orphans',
    ]);
  });

  test('without files: v2 can still go down by name; v1 needs the files for everything', () => {
    expect(needsFiles(V2, {op: 'down'})).toBe(false);
    expect(needsFiles(V2, {op: 'up'})).toBe(true);
    expect(needsFiles(V1, {op: 'down'})).toBe(true);
  });
});

describe('the engine compose gets', () => {
  const shell = {
    PATH: '/usr/bin',
    HOME: '/home/u',
    DOCKER_HOST: 'tcp://elsewhere:2376',
    DOCKER_CONTEXT: 'other',
    DOCKER_TLS_VERIFY: '1',
    DOCKER_CERT_PATH: '/wrong',
    REQUESTS_CA_BUNDLE: '/etc/ssl/certs/ca-certificates.crt',
    CURL_CA_BUNDLE: '/etc/ssl/certs/ca-certificates.crt',
  };
  const tcp = (tls?: EngineTarget['tls']): EngineTarget => ({
    url: 'tcp://127.0.0.1:2375',
    kind: 'tcp',
    host: '127.0.0.1',
    port: 2375,
    tls,
    context: 'default',
    source: 'flag',
    unencrypted: false,
  });

  test("TLS: DOCKER_HOST, DOCKER_TLS_VERIFY and the cert directory of the connection; the shell's engine and CA bundles gone", () => {
    const certs = join(dir, 'certs');
    const {env, context} = composeEngine(
      tcp({
        verify: true,
        caFile: join(certs, 'ca.pem'),
        certFile: join(certs, 'cert.pem'),
        keyFile: join(certs, 'key.pem'),
      }),
      shell,
    );
    expect(context).toBeUndefined();
    expect(env).toMatchObject({
      DOCKER_HOST: 'tcp://127.0.0.1:2375',
      DOCKER_TLS_VERIFY: '1',
      DOCKER_CERT_PATH: certs,
      PATH: '/usr/bin',
      HOME: '/home/u',
    });
    for (const name of ['DOCKER_CONTEXT', 'REQUESTS_CA_BUNDLE', 'CURL_CA_BUNDLE']) expect(env[name]).toBeUndefined();
  });

  test('TLS files under other names: copies in a private directory', () => {
    const copies = join(dir, 'copies');
    mkdirSync(copies);
    const {env, tempDir} = composeEngine(
      tcp({
        verify: true,
        caFile: '/x/my-ca.crt',
        certFile: '/y/client.crt',
        keyFile: '/y/client.key',
        ca: Buffer.from('CA'),
        cert: Buffer.from('CERT'),
        key: Buffer.from('KEY'),
      }),
      shell,
      () => copies,
    );
    expect(env.DOCKER_CERT_PATH).toBe(copies);
    expect(tempDir).toBe(copies);
    expect(readFileSync(join(copies, 'key.pem'), 'utf8')).toBe('KEY');
    expect(readFileSync(join(copies, 'ca.pem'), 'utf8')).toBe('CA');
  });

  test('a context connection passes --context and no DOCKER_HOST; ssh and unix spell out the URL', () => {
    const viaContext = composeEngine({...tcp(), source: 'context', context: 'prod'}, shell);
    expect(viaContext.context).toBe('prod');
    expect(viaContext.env.DOCKER_HOST).toBeUndefined();
    expect(
      composeEngine(
        {
          url: 'ssh://me@box:2222',
          kind: 'ssh',
          host: 'box',
          port: 2222,
          sshUser: 'me',
          context: 'default',
          source: 'flag',
          unencrypted: false,
        },
        shell,
      ).env.DOCKER_HOST,
    ).toBe('ssh://me@box:2222');
    expect(
      composeEngine(
        {
          url: 'unix:///run/d.sock',
          kind: 'unix',
          socketPath: '/run/d.sock',
          context: 'default',
          source: 'default',
          unencrypted: false,
        },
        shell,
      ).env.DOCKER_HOST,
    ).toBe('unix:///run/d.sock');
    expect(composeEngine(tcp(), shell).env.DOCKER_TLS_VERIFY).toBeUndefined();
    // compose v1 finds contexts only next to a config.json: without one the context's host is spelled out.
    const bare = join(dir, 'bare-config');
    mkdirSync(bare);
    const v1 = composeEngine(
      {...tcp(), source: 'context', context: 'prod'},
      {...shell, DOCKER_CONFIG: bare},
      undefined,
      'v1',
    );
    expect(v1.context).toBeUndefined();
    expect(v1.env.DOCKER_HOST).toBe('tcp://127.0.0.1:2375');
    writeFileSync(join(bare, 'config.json'), '{}');
    expect(
      composeEngine({...tcp(), source: 'context', context: 'prod'}, {...shell, DOCKER_CONFIG: bare}, undefined, 'v1')
        .context,
    ).toBe('prod');
  });

  test('the command as logged: engine settings first, secrets masked', () => {
    expect(
      displayCommand(
        {program: 'docker-compose', args: ['-p', 'x', 'up', '-d']},
        {DOCKER_HOST: 'tcp://h:2376', DOCKER_TLS_VERIFY: '1', DOCKER_CERT_PATH: '/c'},
      ),
    ).toEqual([
      'DOCKER_HOST=tcp://h:2376',
      'DOCKER_TLS_VERIFY=1',
      'DOCKER_CERT_PATH=/c',
      'docker-compose',
      '-p',
      'x',
      'up',
      '-d',
    ]);
    expect(maskSecrets(['ssh://me:hunter2@box', 'DB_PASSWORD=s3cret', 'plain'])).toEqual([
      'ssh://me:***@box',
      'DB_PASSWORD=***',
      'plain',
    ]);
  });
});

describe('compose output', () => {
  test('v1 and v2 progress lines have a key per object; other lines none', () => {
    expect(progressKey('Creating shop_web_1    ... done')).toBe('shop_web_1');
    expect(progressKey('Creating shop_web_1 ... ')).toBe('shop_web_1');
    expect(progressKey(' Container shop-web-1  Started')).toBe('Container shop-web-1');
    expect(progressKey(' ✔ Network shop_default  Created  0.1s')).toBe('Network shop_default');
    expect(progressKey('Step 2/3 : RUN echo built')).toBeUndefined();
    expect(progressKey('Removing network shop_default')).toBeUndefined();
  });

  test('lines: \\r rewrites keep what a terminal shows, UTF-8 split across chunks survives', () => {
    const lines: string[] = [];
    const out = new OutputLines(text => lines.push(text));
    out.write(Buffer.from('Creating a ... \r\nprogress 10%\rprogress 100%\n\xe2'.replace('\xe2', ''), 'utf8'));
    const euro = Buffer.from('€ end\n');
    out.write(euro.subarray(0, 1));
    out.write(euro.subarray(1));
    out.write(Buffer.from('no newline'));
    out.end();
    expect(lines).toEqual(['Creating a ... ', 'progress 100%', '€ end', 'no newline']);
  });

  test('a service keeps its colour', () => {
    expect(prefixHue('web')).toBe(prefixHue('web'));
    expect(new Set(['web', 'worker', 'db', 'cache', 'queue'].map(prefixHue)).size).toBeGreaterThan(1);
  });
});

const row = (id: string, labels: Record<string, string> | undefined, state = 'running', created = 1): ContainerRow => ({
  id,
  name: id,
  image: 'i',
  state,
  status: state,
  ports: '',
  created,
  compose: composeLabels(labels),
});
const v1Labels = (project: string, service: string, workingDir: string, extra: Record<string, string> = {}) => ({
  'com.docker.compose.project': project,
  'com.docker.compose.service': service,
  'com.docker.compose.project.working_dir': workingDir,
  'com.docker.compose.project.config_files': 'docker-compose.yml',
  'com.docker.compose.oneoff': 'False',
  'com.docker.compose.container-number': '1',
  ...extra,
});

describe('projects', () => {
  const projectDir = join(dir, 'My Shop');
  mkdirSync(projectDir, {recursive: true});
  writeFileSync(join(projectDir, 'docker-compose.yml'), 'services: {}\n');

  test('from labels: grouped by project, v1 relative files resolved, one-off containers left out; status from the containers', () => {
    const projects = projectsFromContainers([
      row('w', v1Labels('shop', 'web', projectDir)),
      row('k', v1Labels('shop', 'worker', projectDir), 'exited'),
      row('r', v1Labels('shop', 'web', projectDir, {'com.docker.compose.oneoff': 'True'})),
      row('x', v1Labels('gone', 'web', '/nowhere/at/all'), 'exited'),
      row('plain', undefined),
    ]);
    expect(projects.map(p => p.name).sort()).toEqual(['gone', 'shop']);
    const shop = projects.find(p => p.name === 'shop')!;
    expect(shop.files).toEqual([join(projectDir, 'docker-compose.yml')]);
    expect(shop.filesKnown).toBe(true);
    expect(shop.containers.map(c => c.id)).toEqual(['w', 'k']);
    expect(projectStatus(shop).text).toBe('running 1/2');
    const gone = projects.find(p => p.name === 'gone')!;
    expect(gone.filesKnown).toBe(false);
    expect(gone.filesProblem).toMatch(/\/nowhere\/at\/all does not exist here/);
    expect(projectStatus(gone).text).toBe('exited');
    expect(projectStatus({containers: []}).text).toBe('not created');
  });

  test("the working directory's compose file, -f (repeatable) and -p; names as compose makes them", () => {
    expect(normalizeProjectName('My Shop')).toBe('myshop');
    const fromCwd = localProject({cwd: projectDir, env: {}})!;
    expect(fromCwd).toMatchObject({
      name: 'myshop',
      workingDir: projectDir,
      files: [join(projectDir, 'docker-compose.yml')],
      filesKnown: true,
      origin: 'directory',
    });
    const fromFlags = localProject({
      cwd: dir,
      files: ['My Shop/docker-compose.yml', 'My Shop/extra.yml'],
      name: 'shop',
      env: {},
    })!;
    expect(fromFlags).toMatchObject({name: 'shop', workingDir: projectDir, origin: 'command line', filesKnown: false});
    expect(fromFlags.filesProblem).toMatch(/extra\.yml does not exist here/);
    expect(localProject({cwd: dir, env: {}})).toBeUndefined();
    expect(localProject({cwd: projectDir, env: {COMPOSE_PROJECT_NAME: 'fromenv'}})!.name).toBe('fromenv');
  });

  test("merged: the local project's files win, the labels bring the containers; services without containers listed", () => {
    const fromLabels = projectsFromContainers([row('w', v1Labels('myshop', 'web', '/elsewhere'))]);
    const merged = mergeProjects(fromLabels, localProject({cwd: projectDir, env: {}}));
    expect(merged).toHaveLength(1);
    const [project] = merged;
    expect(project).toMatchObject({name: 'myshop', workingDir: projectDir, filesKnown: true});
    expect(at(merged, 0).containers.map(c => c.id)).toEqual(['w']);
    expect(serviceRows(at(merged, 0), ['db', 'web']).map(r => `${r.service}:${r.container?.id ?? '-'}`)).toEqual([
      'db:-',
      'web:w',
    ]);
  });
});

describe('the command line', () => {
  test('-f FILE (repeatable) and -p NAME for the UI; -f is still --force for save, export, rmi', () => {
    const ui = parseCommandLine(['-f', 'a.yml', '--file', 'b.yml', '-p', 'shop', '--readonly']);
    expect(ui.options.composeFiles).toEqual(['a.yml', 'b.yml']);
    expect(ui.options.composeProject).toBe('shop');
    expect(ui.command).toEqual([]);
    const save = parseCommandLine(['save', 'img', '-o', 'x.tar', '-f']);
    expect(save.flags.force).toBe(true);
    expect(save.command).toEqual(['save', 'img']);
    expect(parseCommandLine(['-H', 'tcp://h:1', 'rmi', '-f', 'img']).flags.force).toBe(true);
  });
});
