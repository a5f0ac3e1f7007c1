import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join, resolve} from 'node:path';

import {benchEnv, BUSYBOX} from '../../test/helpers/bench.js';
import {dockerConfigWithContexts} from '../../test/helpers/contexts.js';
import {startPrivateEngine, type PrivateEngine} from '../../test/helpers/private-engine.js';
import {PtyTerminal} from './pty-terminal.js';

// The pictures under docs/screens/ and the steps that make them. berth runs on two engines of its own, "local"
// and "staging" (private dockerds beside the test bench, with the bench's busybox image), so the pictures show
// the same containers wherever and whenever they are made: the bench's own engine is shared with the tests
// running at the same time, whose containers would appear in the lists. The registry is the bench's (its
// content is fixed by scripts/testbed.sh up).

const ROOT = resolve(import.meta.dirname, '../..');

export type Scene = {
  file: string;
  title: string;
  columns: number;
  rows: number;
  contexts: string[];
  // The keys that lead from berth's first screen to the picture; resolves once the screen is settled.
  steps(t: PtyTerminal): Promise<void>;
};

const listed =
  (...names: string[]) =>
  (screen: string) =>
    names.every(name => screen.includes(name));

async function selectRow(t: PtyTerminal, name: string): Promise<void> {
  for (let i = 0; i < 10; i++) {
    if ((await t.screen()).some(line => line.startsWith('›') && line.slice(1).split(/\s+/).includes(name))) return;
    t.keys('Down');
    await new Promise(r => setTimeout(r, 150));
  }
  throw new Error(`no row ${name} could be selected; the screen:\n${(await t.screen()).join('\n')}`);
}

export const SCENES: Scene[] = [
  {
    file: 'containers-80x24.svg',
    title: 'berth: the containers of an engine, and the logs of the selected one (80x24)',
    columns: 80,
    rows: 24,
    contexts: ['local'],
    async steps(t) {
      await t.settle(listed('web', 'api', 'worker', 'db', 'migrate'), 'the containers');
      await selectRow(t, 'web');
      t.keys('Enter');
      await t.settle(listed('GET /healthz'), 'the logs of web');
    },
  },
  {
    file: 'several-engines.svg',
    title: 'berth: the containers of two engines (docker contexts local and staging) in one list',
    columns: 100,
    rows: 20,
    contexts: ['local', 'staging'],
    async steps(t) {
      await t.settle(s => /staging\s+web/.test(s) && /local\s+web/.test(s), 'both engines');
      // The cursor stays on the row it was on when the other engine's rows came in, which depends on which engine
      // answered first: the top row, whichever it was.
      t.type('g');
      await t.settle(s => /^›● local\s+api/m.test(s), 'the cursor on the first row');
    },
  },
  {
    file: 'stats.svg',
    title: 'berth: CPU and memory of every container (u)',
    columns: 100,
    rows: 24,
    contexts: ['local'],
    async steps(t) {
      await t.settle(listed('worker'), 'the containers');
      await selectRow(t, 'worker');
      t.type('u');
      await t.settle(s => /CPU +MEM/.test(s) && /worker .* \d+\.\d%/.test(s), 'the usage columns', 20_000, 1500);
    },
  },
  {
    file: 'registry.svg',
    title: 'berth: the repositories and tags of a registry (view 4)',
    columns: 100,
    rows: 20,
    contexts: ['local'],
    async steps(t) {
      await t.settle(listed('web'), 'the containers');
      t.type('4');
      await t.settle(listed('tools/busybox', 'apps/web'), 'the repositories');
      await selectRow(t, 'tools/busybox');
      t.keys('Enter');
      await t.settle(listed('2.0.0-rc.1', '1.10.0'), 'the tags of tools/busybox');
    },
  },
  {
    file: 'stop-dialog.svg',
    title: 'berth: a confirmation before stopping a container (s)',
    columns: 80,
    rows: 24,
    contexts: ['local'],
    async steps(t) {
      await t.settle(listed('api'), 'the containers');
      await selectRow(t, 'api');
      t.type('s');
      await t.settle(listed('Stop this container?'), 'the confirmation');
    },
  },
];

// The containers of each engine: fixed output, then they sleep (an exited one too), so the log pane and the
// lists are the same on every run.
const CONTAINERS: Record<string, {name: string; script: string; env?: string[]}[]> = {
  local: [
    {
      name: 'web',
      script:
        "printf 'listening on :8080\\nGET /healthz 200 0.4ms\\nGET / 200 2.1ms\\nGET /static/app.css 200 0.9ms\\n'" +
        // The stream of each line is its own pipe: a pause keeps the order of the two the same on every run.
        "; sleep 0.3; printf 'GET /api/users 502 30012ms upstream timed out\\n' >&2; sleep 0.3; printf 'GET /healthz 200 0.3ms\\n'",
    },
    {name: 'api', script: "printf 'api ready on :9000\\nconnected to db:5432\\n'"},
    {
      name: 'worker',
      // A little work in a loop, so the stats pane has something to show.
      script:
        "printf 'worker started, 4 queues\\n'; while :; do i=0; while [ $i -lt 20000 ]; do i=$((i+1)); done; sleep 1; done",
    },
    {
      name: 'db',
      script: "printf 'database system is ready to accept connections\\n'",
      env: ['POSTGRES_PASSWORD=example'],
    },
    {name: 'migrate', script: "printf 'applied 12 migrations\\n'; exit 0"},
  ],
  staging: [
    {name: 'web', script: "printf 'listening on :8080\\n'"},
    {name: 'api', script: "printf 'api ready on :9000\\n'"},
  ],
};

export type Stage = {
  configDir: string;
  env: NodeJS.ProcessEnv;
  registryCa: string;
  close(): Promise<void>;
};

export async function setUpStage(): Promise<Stage> {
  const engines: Record<string, PrivateEngine> = {};
  // The engines' folders directly under /tmp: their socket path is in berth's title line, and a path of one
  // length keeps the rest of that line the same in every run (vitest's TMPDIR is longer than /tmp).
  const outerTmp = process.env.TMPDIR;
  process.env.TMPDIR = '/tmp';
  try {
    for (const [context, containers] of Object.entries(CONTAINERS)) {
      const engine = (engines[context] = await startPrivateEngine());
      engine.loadBusybox();
      for (const {name, script, env = []} of containers) {
        const longRunning = !script.endsWith('exit 0');
        engine.docker([
          'run',
          '-d',
          '--init',
          '--network',
          'none',
          '--name',
          name,
          ...env.flatMap(e => ['-e', e]),
          BUSYBOX,
          'sh',
          '-c',
          longRunning && !script.includes('while') ? `${script}; exec sleep 1000000` : script,
        ]);
      }
    }
  } catch (error) {
    await Promise.all(Object.values(engines).map(engine => engine.stop()));
    throw error;
  } finally {
    if (outerTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = outerTmp;
  }
  const configDir = dockerConfigWithContexts(
    Object.entries(engines).map(([name, engine]) => ({name, host: engine.host})),
  );
  const home = mkdtempSync(join(tmpdir(), 'berth-screens-'));
  const bench = benchEnv();
  return {
    configDir,
    registryCa: bench.BERTH_REGISTRY_CA!,
    // A user's terminal: no CI variable at all (Ink draws nothing under CI, chalk no colour even under CI=false).
    env: {
      PATH: process.env.PATH,
      HOME: home,
      LANG: 'C.UTF-8',
      TERM: 'xterm-256color',
      TMPDIR: tmpdir(),
      DOCKER_CONFIG: configDir,
      XDG_CONFIG_HOME: join(home, 'config'),
      XDG_STATE_HOME: join(home, 'state'),
      BERTH_REGISTRY: bench.BERTH_REGISTRY,
    },
    async close() {
      await Promise.all(Object.values(engines).map(engine => engine.stop()));
      rmSync(configDir, {recursive: true, force: true});
      rmSync(home, {recursive: true, force: true});
    },
  };
}

// Runs a scene's steps on berth (the built bundle, as `npm start` runs it) and hands the settled terminal to
// `read` (which renders or reads it); berth is stopped afterwards.
export async function playScene<T>(stage: Stage, scene: Scene, read: (t: PtyTerminal) => Promise<T>): Promise<T> {
  const args = [...scene.contexts.flatMap(context => ['--context', context]), '--registry-ca', stage.registryCa];
  const t = new PtyTerminal(['./bin/berth.js', ...args], {
    columns: scene.columns,
    rows: scene.rows,
    env: stage.env,
    cwd: ROOT,
  });
  try {
    await scene.steps(t);
    return await read(t);
  } finally {
    await t.stop();
  }
}
