import {readFileSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {benchEnv, BUSYBOX} from '../helpers/bench.js';
import {scratchDir} from '../helpers/scratch.js';
import {eventually, startSwarm, type TestSwarm} from '../helpers/swarm.js';
import {berthPerTest, type Terminal} from '../helpers/terminal.js';

// The swarm view against a real two-node swarm of this file's own, in a real terminal.

let swarm: TestSwarm;
const berth = berthPerTest();
let terminal: Terminal | undefined;
const dir = scratchDir('berth-e2e-swarm-');
const SECRET = `typed-${process.pid}-Value`;

beforeAll(async () => {
  swarm = await startSwarm();
  swarm.docker(['secret', 'create', 'e2e-used', '-'], 'used-value');
  swarm.docker([
    'service',
    'create',
    '-d',
    '--name',
    'e2e-web',
    '--replicas',
    '2',
    '--secret',
    'e2e-used',
    BUSYBOX,
    'sh',
    '-c',
    'i=0; while :; do i=$((i+1)); echo "tick $i"; sleep 0.2; done',
  ]);
}, 120_000);

afterAll(async () => {
  await swarm?.stop();
}, 60_000);

const pause = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));

function open(columns = 120, rows = 30): Terminal {
  return berth.start({
    env: {
      DOCKER_HOST: swarm.manager.host,
      DOCKER_TLS_VERIFY: undefined,
      DOCKER_CERT_PATH: undefined,
      XDG_STATE_HOME: join(dir, 'state'),
      BERTH_TRACE: join(dir, 'trace.jsonl'),
    },
    columns,
    rows,
  });
}

describe('view 6 Swarm in a real terminal', () => {
  test('no tab 6 on an engine that is not a swarm manager', async () => {
    terminal = berth.start({env: benchEnv(), columns: 120, rows: 30});
    const screen = await terminal.waitFor(/5 Engine/);
    expect(screen).not.toContain('6 Swarm');
    terminal.type('6');
    await terminal.waitFor('view 6 (Swarm) is not offered on this engine');
    expect(terminal.screen()).not.toMatch(/services \d/);
  });

  test('6, services, a service tasks, its logs following, + and :scale, secrets typed masked, a worker going down', async () => {
    terminal = open();
    await terminal.waitFor('6 Swarm');
    terminal.type('6');
    await terminal.waitUntil(screen => /e2e-web +replicated +2\/2/.test(screen), 'e2e-web 2/2', 30_000);
    // enter: the tasks, newest first, on both nodes.
    terminal.keys('Enter');
    const tasks = await terminal.waitUntil(
      screen => (screen.match(/e2e-web\.\d +\S{12} +\S{12} +running +running/g) ?? []).length === 2,
      'two running tasks',
    );
    expect(tasks).toContain('tasks of e2e-web');
    expect(tasks).toContain(swarm.workerNodeId.slice(0, 12));
    expect(tasks).toContain(swarm.managerNodeId.slice(0, 12));
    // l on a task: that task's logs.
    terminal.type('l');
    await terminal.waitFor(/logs task e2e-web\.\d/);
    await terminal.waitFor(/e2e-web\.\d@\S{12} \| tick \d+/);
    terminal.keys('Escape');
    await pause(200);
    terminal.keys('Escape');
    await terminal.waitFor(/\[services 1\]/);
    // l on the service: every task, every node, following.
    terminal.type('l');
    await terminal.waitFor('logs service e2e-web');
    await terminal.waitUntil(
      screen =>
        screen.includes(`@${swarm.workerNodeId.slice(0, 12)} | tick`) &&
        screen.includes(`@${swarm.managerNodeId.slice(0, 12)} | tick`),
      'lines from both nodes',
    );
    const before = Math.max(...[...terminal.screen().matchAll(/tick (\d+)/g)].map(m => Number(m[1])));
    await terminal.waitUntil(
      screen => Math.max(...[...screen.matchAll(/tick (\d+)/g)].map(m => Number(m[1]))) > before + 3,
      'newer lines (following)',
    );
    terminal.keys('Escape');
    await pause(200);
    // + scales up by one; the progress line and the count follow.
    terminal.type('+');
    await terminal.waitFor(/scale e2e-web → 3/);
    await terminal.waitUntil(screen => /e2e-web +replicated +3\/3/.test(screen), 'e2e-web 3/3', 30_000);
    terminal.type(':scale e2e-web=4');
    terminal.keys('Enter');
    await terminal.waitUntil(screen => /e2e-web +replicated +4\/4/.test(screen), 'e2e-web 4/4', 30_000);
    // + right after :scale counts from what was asked, not from the count the list showed before (it went 4 → 1
    // + 1 = 2 instead of 2 + 1: a scale the wrong way).
    terminal.type(':scale e2e-web=1');
    terminal.keys('Enter');
    terminal.type('+');
    await terminal.waitFor(/scale e2e-web → 2/);
    await terminal.waitUntil(screen => /e2e-web +replicated +2\/2/.test(screen), 'e2e-web 2/2', 30_000);
    terminal.type('-');
    await terminal.waitUntil(screen => /e2e-web +replicated +1\/1/.test(screen), 'e2e-web 1/1', 30_000);
    // Bad input: clear messages, nothing changes.
    terminal.type(':scale e2e-web=-1');
    terminal.keys('Enter');
    await terminal.waitFor('replicas must be a whole number of 0 or more (got "-1")');
    terminal.type(':scale e2e-web=lots');
    terminal.keys('Enter');
    await terminal.waitFor('(got "lots")');
    terminal.type(':scale nosuch=2');
    terminal.keys('Enter');
    await terminal.waitFor('no service "nosuch"');

    // Secrets: c, a name, the value typed masked.
    terminal.type('x');
    await terminal.waitFor(/\[secrets 1\]/);
    terminal.type('c');
    await terminal.waitFor('new secret — name:');
    terminal.type('e2e-typed');
    terminal.keys('Enter');
    await terminal.waitFor('value of e2e-typed (masked):');
    terminal.type(SECRET);
    const masked = await terminal.waitFor('•'.repeat(SECRET.length));
    expect(masked).not.toContain(SECRET);
    terminal.keys('Enter');
    await terminal.waitFor('created secret e2e-typed');
    await terminal.waitFor(/\[secrets 2\]/);
    // From a file: the command log names the file, never the content.
    const file = join(dir, 'secret-file');
    writeFileSync(file, `${SECRET}-file`);
    terminal.type(`:secret create e2e-file ${file}`);
    terminal.keys('Enter');
    await terminal.waitFor('created secret e2e-file');
    await terminal.waitFor(/\[secrets 3\]/);
    // The secret in use (listed last) cannot go: the status names the service.
    terminal.type('G');
    terminal.type('d');
    await terminal.waitFor('secret e2e-used is in use by e2e-web');
    // The typed value is usable by a service…
    swarm.docker([
      'service',
      'create',
      '-d',
      '--name',
      'e2e-reader',
      '--secret',
      'e2e-typed',
      BUSYBOX,
      'sh',
      '-c',
      `if [ "$(cat /run/secrets/e2e-typed)" = "${SECRET}" ]; then echo MATCH; else echo MISMATCH; fi; sleep 100000`,
    ]);
    await eventually(
      'the reader says MATCH',
      () => (swarm.docker(['service', 'logs', '--raw', 'e2e-reader']).includes('MATCH') ? true : undefined),
      60_000,
    );
    expect(swarm.docker(['service', 'logs', '--raw', 'e2e-reader'])).not.toContain('MISMATCH');
    // … and nowhere else: not the screen, the command log or the trace.
    expect(terminal.screen()).not.toContain(SECRET);
    const log = readFileSync(join(dir, 'state', 'berth', 'commands.log'), 'utf8');
    expect(log).toContain('docker secret create e2e-typed -');
    expect(log).toContain(`docker secret create e2e-file ${file}`);
    expect(log).toContain('docker service scale e2e-web=3');
    expect(log).not.toContain(SECRET);
    expect(readFileSync(join(dir, 'trace.jsonl'), 'utf8')).not.toContain(SECRET);

    // A worker that goes down: the nodes list shows it, and the view keeps working.
    terminal.type('n');
    await terminal.waitUntil(screen => (screen.match(/ ready /g) ?? []).length === 2, 'two ready nodes');
    await swarm.worker.stop();
    const down = await terminal.waitFor('1 node down', 90_000);
    expect(down).toMatch(new RegExp(`${swarm.workerNodeId.slice(0, 12)} +vm +down +active`));
    terminal.type('s');
    await terminal.waitFor(/\[services 2\]/);
    // 80x24 stays readable: the lists' header, the column titles, the rows and the footer.
    terminal.resize(80, 24);
    const small = await terminal.waitUntil(
      screen => screen.split('\n').length >= 24 && /\? help/.test(screen) && /NAME +MODE +REPLICAS/.test(screen),
      'the view at 80x24',
    );
    expect(small).toMatch(/e2e-reader +replicated +\d\/1/);
    expect(small).toMatch(/1 node down/);
    // The manager leaves the swarm: its API refuses, berth reads /info again, and tab 6 goes (back to the containers view).
    swarm.docker(['swarm', 'leave', '--force']);
    await terminal.waitUntil(
      screen => !screen.includes('6 Swarm') && /1 Containers/.test(screen) && !/\[services/.test(screen),
      'tab 6 gone',
      30_000,
    );
  }, 240_000);
});
