import {execFileSync} from 'node:child_process';
import {mkdtempSync, rmSync, symlinkSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, describe, expect, test} from 'vitest';
import {benchEnv, docker, uniqueName} from '../helpers/bench.js';
import {composeCli, demoProject, removeDemoImages} from '../helpers/compose.js';
import {berthPerTest, type Terminal} from '../helpers/terminal.js';

const berth = berthPerTest();
let terminal: Terminal | undefined;

const demo = demoProject(uniqueName('berth-e2e-cmp'));

afterAll(() => {
  try {
    composeCli(demo.dir, ['-p', demo.name, 'down', '--volumes', '--remove-orphans', '-t', '1']);
  } catch {
    // Already down.
  }
  try {
    removeDemoImages(demo);
  } catch {
    // Never built.
  }
  rmSync(demo.dir, {recursive: true, force: true});
});

const labelled = () =>
  docker([
    'ps',
    '-a',
    '--filter',
    `label=com.docker.compose.project=${demo.name}`,
    '--format',
    '{{.Label "com.docker.compose.service"}} {{.State}}',
  ])
    .trim()
    .split('\n')
    .filter(Boolean)
    .sort();

describe('view 3 Compose in a real terminal', () => {
  test('3, the -f/-p project, b, u with its output, the services, L interleaved, D with what goes', async () => {
    // The shell's CA bundle would break compose v1's TLS if it leaked into the subprocess.
    terminal = berth.start({
      args: ['-f', demo.file, '-p', demo.name],
      env: {
        ...benchEnv(),
        REQUESTS_CA_BUNDLE: '/etc/ssl/certs/ca-certificates.crt',
        CURL_CA_BUNDLE: '/etc/ssl/certs/ca-certificates.crt',
      },
      columns: 150,
      rows: 40,
    });
    const t = terminal;
    await t.waitFor(/API 1\.41/);
    t.type('3');
    await t.waitFor('compose: docker-compose 1.29.2 (v1)');
    t.type('/');
    t.type(demo.name);
    t.keys('Enter');
    await t.waitUntil(
      screen => screen.split('\n').some(line => line.includes(demo.name) && line.includes('not created')),
      'the project, not created yet',
    );

    // The pane's title names the command; its last line says how it ended.
    const ended = (word: string) =>
      t.waitUntil(
        screen => screen.includes(`compose ${word} ${demo.name}`) && /exit 0 · [\d.]+ s · DOCKER_HOST=/.test(screen),
        `compose ${word} to end`,
        60_000,
      );
    t.type('b');
    const built = await ended('build');
    // Step 4 is the label that lets the test remove every image it built.
    expect(built).toMatch(/Step 3\/4 : RUN echo second/);
    t.keys('Escape');

    t.type('u');
    const up = await ended('up');
    // compose's progress lines, one per container, rewritten in place.
    expect(up).toMatch(new RegExp(`Creating ${demo.name}_web_1 +\\.\\.\\. done`));
    expect(up).toMatch(new RegExp(`Creating ${demo.name}_worker_1 +\\.\\.\\. done`));
    expect(up).not.toMatch(new RegExp(`Creating ${demo.name}_web_1 \\.\\.\\. *\\n`));
    expect(labelled()).toEqual(['web running', 'worker running']);
    t.keys('Escape');
    await t.waitUntil(
      screen =>
        screen
          .split('\n')
          .some(line => line.includes(demo.name) && line.includes('running 2/2') && line.includes('up: exit 0')),
      'running 2/2 and the last run',
    );
    await t.waitFor('enter services');
    // The containers view shows them too.
    t.type('1');
    t.type('/');
    t.type(demo.name);
    t.keys('Enter');
    await t.waitUntil(
      screen => new RegExp(`● ?${demo.name}_web_1`).test(screen) && new RegExp(`● ?${demo.name}_worker_1`).test(screen),
      'both containers in view 1',
    );
    t.keys('Escape');
    await t.waitUntil(screen => !screen.includes(`filter: ${demo.name}`), 'view 1 filter cleared');
    t.type('3');
    await t.waitFor('enter services');

    t.keys('Enter');
    const servicesScreen = await t.waitUntil(
      screen => /›● web +\S+_web_1 +up/.test(screen) && /● worker +\S+_worker_1 +up/.test(screen),
      'the services with their containers',
    );
    expect(servicesScreen).toContain(`project ${demo.name}`);

    t.type('L');
    const logs = await t.waitUntil(
      screen => /web {4}\| web line \d+/.test(screen) && /worker \| worker line \d+/.test(screen),
      "both services' lines, prefixed",
      20_000,
    );
    expect(logs).toContain(`logs ${demo.name} (2 containers)`);
    // Still following: a newer line arrives.
    const newest = Math.max(...[...logs.matchAll(/web line (\d+)/g)].map(m => Number(m[1])));
    await t.waitUntil(
      screen => [...screen.matchAll(/web line (\d+)/g)].some(m => Number(m[1]) > newest),
      'newer lines',
      10_000,
    );
    // Two escapes in one read reach Ink as one key: wait for the first (focus back on the services).
    t.keys('Escape');
    await t.waitFor('esc back to the projects');
    t.keys('Escape');
    await t.waitUntil(screen => !screen.includes(`project ${demo.name}`), 'back to the projects');

    // s / S: the containers through the Engine API (works without the files too).
    t.type('s');
    const stop = await t.waitFor(`Stop the 2 running containers of ${demo.name}?`);
    expect(stop).toContain(`${demo.name}_web_1  (web,`);
    t.type('y');
    await t.waitUntil(
      screen => screen.split('\n').some(line => line.includes(demo.name) && line.includes('exited')),
      'the project exited',
    );
    expect(labelled()).toEqual(['web exited', 'worker exited']);
    t.type('S');
    await t.waitUntil(
      screen => screen.split('\n').some(line => line.includes(demo.name) && line.includes('running 2/2')),
      'running again',
    );
    expect(labelled()).toEqual(['web running', 'worker running']);

    t.type('D');
    const dialog = await t.waitFor(`network ${demo.name}_default`, 20_000);
    expect(dialog).toContain(`Bring ${demo.name} down (compose down)? These go:`);
    expect(dialog).toContain(`container ${demo.name}_web_1  (web, running)`);
    expect(dialog).toContain(`container ${demo.name}_worker_1  (worker, running)`);
    t.type('o');
    await t.waitFor('(compose down --remove-orphans)');
    t.type('y');
    await ended('down');
    // w wraps the pane: the whole command that ran is on the last line.
    t.type('w');
    const down = await t.waitFor(/down --remove-orphans/);
    expect(down).toMatch(new RegExp(`Removing network ${demo.name}_default`));
    expect(labelled()).toEqual([]);
    expect(docker(['network', 'ls', '-q', '--filter', `name=${demo.name}_default`]).trim()).toBe('');
    t.keys('Escape');
    await t.waitUntil(
      screen => screen.split('\n').some(line => line.includes(demo.name) && line.includes('not created')),
      'not created again',
    );
    t.type('q');
    expect(await t.exitCode()).toBe(0);
  }, 180_000);
});

describe('view 3 when things go wrong', () => {
  test("no compose on PATH: the view says what to install and u explains; a broken compose file: the pane shows compose's error; the UI keeps working", async () => {
    const bin = mkdtempSync(join(tmpdir(), 'berth-e2e-nocompose-'));
    symlinkSync(process.execPath, join(bin, 'node'));
    // What the terminal helper's wrapper runs after berth exits.
    for (const tool of ['stty', 'sleep'])
      symlinkSync(execFileSync('sh', ['-c', `command -v ${tool}`], {encoding: 'utf8'}).trim(), join(bin, tool));
    const broken = join(demo.dir, 'broken.yml');
    writeFileSync(broken, 'services: [\n');
    terminal = berth.start({
      args: ['-f', broken, '-p', `${demo.name}-broken`],
      env: {...benchEnv(), PATH: bin},
      columns: 120,
      rows: 30,
    });
    const t = terminal;
    await t.waitFor(/API 1\.41/);
    t.type('3');
    await t.waitFor('compose: no compose found: install the compose plugin');
    t.type('/');
    t.type(`${demo.name}-broken`);
    t.keys('Enter');
    await t.waitUntil(
      screen => screen.includes(`${demo.name}-broken`) && screen.includes('not created'),
      'the project row',
    );
    t.type('u');
    await t.waitFor('compose up: no compose found: install the compose plugin');
    t.type('q');
    expect(await t.exitCode()).toBe(0);
    t.stop();

    terminal = berth.start({
      args: ['-f', broken, '-p', `${demo.name}-broken`],
      env: benchEnv(),
      columns: 120,
      rows: 30,
    });
    const u = terminal;
    await u.waitFor(/API 1\.41/);
    u.type('3');
    await u.waitFor('compose: docker-compose');
    u.type('/');
    u.type(`${demo.name}-broken`);
    u.keys('Enter');
    await u.waitUntil(
      screen => screen.includes(`${demo.name}-broken`) && screen.includes('not created'),
      'the project row',
    );
    u.type('u');
    const failed = await u.waitFor(/exit 1 · [\d.]+ s ·/, 30_000);
    // The file's name, maybe cut at the pane's edge (the path of a test run's temporary directory is long).
    expect(failed).toMatch(/broken\.ym/);
    expect(failed).toMatch(new RegExp(`compose up ${demo.name}-broken: exit 1`));
    // Still working: another view and back.
    u.keys('Escape');
    await u.waitFor('enter services');
    u.type('2');
    await u.waitFor(/REPOSITORY +TAG/);
    u.type('3');
    await u.waitFor(`${demo.name}-broken`);
    u.type('q');
    expect(await u.exitCode()).toBe(0);
    rmSync(bin, {recursive: true, force: true});
  }, 90_000);
});
