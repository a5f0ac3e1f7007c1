import {rmSync} from 'node:fs';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {BUSYBOX, benchEnv, docker, uniqueName} from '../helpers/bench.js';
import {composeCli, demoProject, removeDemoImages} from '../helpers/compose.js';
import {startFaultProxy} from '../helpers/fault-proxy.js';
import {buildImage} from '../helpers/images.js';
import {PODMAN_ULIMITS, startPodman, type PodmanService} from '../helpers/podman.js';
import {startSwarm, type TestSwarm} from '../helpers/swarm.js';
import {berthPerTest, type Terminal} from '../helpers/terminal.js';

// Keys typed ahead (over SSH people type before the screen answers): each sequence goes to berth in ONE tmux
// send-keys, so berth reads them together, and must act as it does when the keys come a second and a half apart.
const berth = berthPerTest();
let terminal: Terminal | undefined;

const pause = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));
const logger = uniqueName('e2e-ahead-log');
const repo = uniqueName('e2e-ahead-img');
const volume = uniqueName('e2e-ahead-vol');

beforeAll(() => {
  docker(['run', '-d', '--network', 'none', '--name', logger, BUSYBOX, 'sh', '-c', loop('ahead line')]);
  buildImage(docker, `${repo}:1`, 'ahead');
  // The volumes view has at least this row.
  docker(['volume', 'create', volume]);
}, 60_000);

afterAll(() => {
  for (const args of [
    ['rm', '-f', logger],
    ['rmi', '-f', `${repo}:1`],
    ['volume', 'rm', '-f', volume],
  ])
    try {
      docker(args);
    } catch {
      // Already gone.
    }
});

function loop(text: string): string {
  return `i=0; while :; do i=$((i+1)); echo "${text} $i"; sleep 0.3; done`;
}

const bench = (args: string[] = []) =>
  berth.start({
    env: benchEnv(),
    columns: 140,
    rows: 30,
    args: ['--registry-ca', benchEnv().BERTH_REGISTRY_CA!, ...args],
  });

describe('a view that is still loading takes the keys typed for it once its data is there', () => {
  test.each([
    ['2', 'd', /Remove this image\?/],
    ['2', 'Enter', /history of /],
    ['2', 'c', /create a container from /],
    ['2', 'Space', /^ *›?\*/m],
    ['7', 'Enter', /volume \S+/],
    ['7', 'd', /Remove this volume|not removing .* in use/],
    ['7', 'Space', /^ *›?\*/m],
    ['8', 'Enter', /network \S+/],
    ['8', 'd', /Remove this network|not removing|cannot be removed|built in/],
    ['8', 'Space', /^ *›?\*/m],
  ])('%s then %s, typed together, on the first visit', async (view, key, expected) => {
    terminal = bench();
    await terminal.waitFor(/API 1\.41/);
    terminal.keys(view, key);
    await terminal.waitFor(expected, 15_000);
    terminal.keys('Escape');
  });

  test.each([
    ['d', /Remove this image\?/],
    ['Enter', /history of /],
  ])('with 40 ms engine latency, 2 then %s 150 ms apart', async (key, expected) => {
    const env = benchEnv();
    const url = new URL(env.DOCKER_HOST!.replace(/^tcp:/, 'http:'));
    const proxy = await startFaultProxy({host: url.hostname, port: Number(url.port)}, {latencyMs: 40});
    try {
      terminal = berth.start({
        env: {...env, DOCKER_HOST: `tcp://127.0.0.1:${proxy.port}`},
        columns: 140,
        rows: 30,
      });
      await terminal.waitFor(/API 1\.41/);
      terminal.keys('2');
      await pause(150);
      terminal.keys(key);
      await terminal.waitFor(expected, 15_000);
    } finally {
      terminal?.stop();
      await proxy.close();
    }
  });

  test('4 then enter: the first repository opens once the listing is in', async () => {
    terminal = bench();
    await terminal.waitFor(/API 1\.41/);
    terminal.keys('4', 'Enter');
    await terminal.waitFor(/\S+\/\S+ · \d+ tags?/, 15_000);
  });

  test('4/apps⏎: the filter typed before the listing survives it', async () => {
    terminal = bench();
    await terminal.waitFor(/API 1\.41/);
    terminal.keys('4', '/', 'a', 'p', 'p', 's', 'Enter');
    const screen = await terminal.waitFor(/\d+ repositories \(1 shown\)/, 15_000);
    expect(screen).toContain('filter: apps');
    expect(screen).toContain('apps/web');
    expect(screen).not.toContain('tools/busybox');
  });

  test('enter then p on a repository: p pulls the tag that enter listed', async () => {
    terminal = bench();
    await terminal.waitFor(/API 1\.41/);
    terminal.keys('4');
    await terminal.waitFor('tools/busybox', 15_000);
    terminal.keys('/', 'a', 'p', 'p', 's', 'Enter');
    await terminal.waitFor('(1 shown)');
    terminal.keys('Enter', 'p');
    await terminal.waitFor(
      /pulled 127\.0\.0\.1:5000\/apps\/web:1\.1|127\.0\.0\.1:5000\/apps\/web:1\.1 is already present/,
      30_000,
    );
  });

  test('d then y on an image: y answers the dialog d opens once it knows who uses the image', async () => {
    terminal = bench();
    await terminal.waitFor(/API 1\.41/);
    terminal.keys('2', '/', ...repo, 'Enter');
    await terminal.waitFor(`${repo} `, 15_000);
    terminal.keys('d', 'y');
    await terminal.waitFor(`removed ${repo}:1`, 30_000);
    expect(docker(['images', '-q', `${repo}:1`]).trim()).toBe('');
    buildImage(docker, `${repo}:1`, 'ahead');
  });

  test('with a filter set, esc /NAME⏎ in one read clears it, then filters anew (the esc is not lost)', async () => {
    terminal = bench();
    await terminal.waitFor(/API 1\.41/);
    terminal.keys('/', ...'bench-idle', 'Enter');
    await terminal.waitFor('filter: bench-idle');
    // esc and what follows in one write, as a fast typist over SSH sends them.
    terminal.type(`\x1b/${logger}\r`);
    const screen = await terminal.waitUntil(
      s => s.includes(`filter: ${logger}`) && s.includes(logger) && !s.includes('bench-idle'),
      'the new filter alone',
    );
    expect(screen).not.toContain(`filter: bench-idle${logger}`);
  });

  test('keys typed while berth starts are not echoed onto its screen, and the screen starts at its corner', async () => {
    terminal = bench();
    // The first while Node loads (the terminal still echoes and the cursor moves on), the rest while the UI comes up.
    for (let i = 0; i < 8; i++) {
      terminal.keys('j');
      await pause(60);
    }
    await terminal.waitFor(/bench-idle/, 15_000);
    const screen = terminal.screen();
    expect(screen.split('\n')[0]).toMatch(/^ berth ─ /);
    // An echoed run of j's is a word of its own (other files' containers, listed too, may have jj in their names).
    expect(screen).not.toMatch(/(^|\s)j{2,}(\s|$)/m);
  });

  test('at start, /NAME⏎⏎ before the first list is drawn opens that container’s log', async () => {
    terminal = bench();
    terminal.keys('/', ...logger, 'Enter', 'Enter');
    await terminal.waitFor(/ahead line \d+/, 15_000);
    expect(terminal.screen()).toContain(`filter: ${logger}`);
  });
});

describe('view 3 Compose', () => {
  const demo = demoProject(uniqueName('e2e-ahead-cmp'), {
    // A build that takes a while: q during `u` must ask before interrupting it.
    dockerfile: `FROM ${BUSYBOX}\nRUN sleep 8\n`,
  });
  afterAll(() => {
    try {
      composeCli(demo.dir, ['-p', demo.name, 'down', '--volumes', '--remove-orphans', '-t', '1']);
    } catch {
      // Never up.
    }
    try {
      removeDemoImages(demo);
    } catch {
      // Never built.
    }
    rmSync(demo.dir, {recursive: true, force: true});
  });
  const open = () =>
    berth.start({
      args: ['-f', demo.file, '-p', demo.name],
      env: benchEnv(),
      columns: 150,
      rows: 40,
    });

  // berth on view 3, filtered to the demo project, once compose is found.
  async function openDemoProject(): Promise<Terminal> {
    const t = open();
    await t.waitFor(/API 1\.41/);
    t.keys('3');
    await t.waitFor('compose: docker-compose');
    t.keys('/', ...demo.name, 'Enter');
    await t.waitFor(`filter: ${demo.name}`);
    return t;
  }

  test('3 then D at once (compose still being looked for) opens the down dialog', async () => {
    terminal = open();
    terminal.keys('3', '/', ...demo.name, 'Enter', 'D');
    // The down dialog (its footer), once compose is found and has said which services the files name.
    await terminal.waitFor('y yes, down', 30_000);
  });

  test('D then esc within 0.3 s: the dialog opens and closes, nothing stays', async () => {
    terminal = await openDemoProject();
    terminal.keys('D', 'Escape');
    // compose config answers within a few seconds; the dialog must not be left open after it.
    await pause(4000);
    expect(terminal.screen()).not.toMatch(/--volumes|remove-orphans/);
    expect(terminal.screen()).toContain(demo.name);
  });

  test('u q in one burst: q waits for compose to start and asks; the question goes when compose is done', async () => {
    terminal = await openDemoProject();
    terminal.keys('u', 'q');
    const asked = await terminal.waitFor('Quit and interrupt this command?');
    expect(asked).toContain(`compose up ${demo.name}`);
    // Left unanswered while compose ends: it asks about nothing any more, so it goes.
    await terminal.waitFor(new RegExp(`compose up ${demo.name}: exit \\d+`), 60_000);
    await terminal.waitUntil(s => !s.includes('Quit and interrupt'), 'the question gone once compose ended');
    expect(terminal.screen()).toContain('q quits now');
    expect(terminal.alternateScreen()).toBe(true);
    terminal.keys('q');
    expect(await terminal.exitCode()).toBe(0);
  }, 90_000);

  test('q while compose up runs asks first; n keeps it running', async () => {
    terminal = await openDemoProject();
    terminal.keys('u');
    await terminal.waitFor(`compose up ${demo.name}`);
    terminal.keys('Escape', 'q');
    const asked = await terminal.waitFor('Quit and interrupt this command?');
    expect(asked).toContain(`compose up ${demo.name}`);
    terminal.keys('n');
    await terminal.waitUntil(s => !s.includes('Quit and interrupt'), 'the question closed');
    await pause(500);
    expect(terminal.alternateScreen()).toBe(true);
    // Once compose is done, q quits at once.
    await terminal.waitFor(new RegExp(`compose up ${demo.name}: exit \\d+`), 60_000);
    terminal.keys('q');
    expect(await terminal.exitCode()).toBe(0);
  }, 90_000);
});

describe('waiting has a limit, and says so', () => {
  test('a key for a listing that never answers is dropped after 5 s, with the reason on the status line', async () => {
    // A registry that takes the connection and never answers.
    const proxy = await startFaultProxy({host: '127.0.0.1', port: 5000}, {mode: 'blackhole'});
    try {
      terminal = berth.start({
        env: {...benchEnv(), BERTH_REGISTRY: `https://127.0.0.1:${proxy.port}`},
        columns: 140,
        rows: 30,
        args: ['--registry-ca', benchEnv().BERTH_REGISTRY_CA!],
      });
      await terminal.waitFor(/API 1\.41/);
      terminal.keys('4', 'Enter');
      await terminal.waitFor('waiting for the repository list… (key enter held)', 3000);
      await terminal.waitFor('gave up waiting for the repository list: key enter dropped', 8000);
    } finally {
      await proxy.close();
    }
  });
});

describe('signals', () => {
  test.each([
    ['SIGINT', 130],
    ['SIGQUIT', 131],
    ['SIGUSR1', 138],
  ] as const)('kill -%s leaves the alternate screen and restores the terminal', async (signal, code) => {
    terminal = bench();
    await terminal.waitFor(/API 1\.41/);
    terminal.record();
    // tmux's pipe starts a moment after it is asked for: a key that redraws a row shows it is recording before the
    // signal (else berth's last bytes could go by unrecorded).
    const t = terminal;
    for (let tries = 0; t.recordedBytes() === 0 && tries < 25; tries++) {
      t.type(tries % 2 ? 'k' : 'j');
      await new Promise(resolve => setTimeout(resolve, 200));
    }
    expect(t.recordedBytes()).toBeGreaterThan(0);
    process.kill(t.berthPid(), signal);
    expect(await terminal.exitCode()).toBe(code);
    // The raw bytes: berth itself switched back to the main screen.
    expect(terminal.recorded()).toContain('\x1b[?1049l');
    expect(terminal.alternateScreen()).toBe(false);
    expect(terminal.cursorVisible()).toBe(true);
    expect(terminal.sttyAfterExit()).toMatch(/ icanon /);
  });
});

describe('on Podman', () => {
  let service: PodmanService | undefined;
  beforeAll(async () => {
    service = await startPodman();
    service.podman([
      'run',
      '-d',
      '--name',
      'acc-pod',
      '--network',
      'none',
      ...PODMAN_ULIMITS,
      `localhost/${BUSYBOX}`,
      'sh',
      '-c',
      loop('pod line'),
    ]);
  }, 90_000);
  afterAll(async () => {
    terminal?.stop();
    await service?.stop();
  }, 60_000);

  test('/acc-pod⏎⏎ typed at once at start opens its log', async () => {
    terminal = berth.start({
      env: {
        DOCKER_HOST: service!.host,
        DOCKER_TLS_VERIFY: undefined,
        DOCKER_CERT_PATH: undefined,
        DOCKER_CONTEXT: undefined,
      },
      columns: 120,
      rows: 30,
    });
    terminal.keys('/', ...'acc-pod', 'Enter', 'Enter');
    await terminal.waitFor(/pod line \d+/, 20_000);
    expect(terminal.screen()).toContain('filter: acc-pod');
  });
});

describe('on a swarm manager', () => {
  let swarm: TestSwarm | undefined;
  beforeAll(async () => {
    swarm = await startSwarm({worker: false});
  }, 120_000);
  afterAll(async () => {
    terminal?.stop();
    await swarm?.stop();
  }, 60_000);

  test('6 typed before /info has answered (the Swarm tab not offered yet) opens view 6 once it is', async () => {
    // A distant manager: /info answers well after the 6 is read.
    const proxy = await startFaultProxy({path: swarm!.manager.host.slice('unix://'.length)}, {latencyMs: 400});
    try {
      terminal = berth.start({
        env: {DOCKER_HOST: `tcp://127.0.0.1:${proxy.port}`, DOCKER_TLS_VERIFY: undefined, DOCKER_CERT_PATH: undefined},
        columns: 120,
        rows: 30,
      });
      terminal.keys('6');
      await terminal.waitFor(/\[services \d+\]/, 20_000);
      expect(terminal.screen()).toMatch(/ 6 Swarm/);
    } finally {
      terminal?.stop();
      await proxy.close();
    }
  });
});
