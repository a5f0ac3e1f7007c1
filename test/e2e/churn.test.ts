import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, expect, test} from 'vitest';
import {BUSYBOX} from '../helpers/bench.js';
import {pool, resources, socketApi} from '../helpers/churn.js';
import {startPrivateEngine, type PrivateEngine} from '../helpers/private-engine.js';
import {scratchDir} from '../helpers/scratch.js';
import {startBerth, type Terminal} from '../helpers/terminal.js';

// The short version of the churn bench row (bench/ui-churn.mjs): 200 containers created (one in five started)
// and removed on a PRIVATE engine while berth lists them and follows a log; what berth holds after warm-up and at
// the end must agree: file descriptors, sockets, libuv handles, listeners (berth's `resources` trace event on
// SIGUSR2, source/diagnostics.ts), and the heap after a collection (NODE_OPTIONS=--expose-gc).
let engine: PrivateEngine;
let terminal: Terminal | undefined;
const dir = scratchDir('berth-churn-');
const traceFile = join(dir, 'trace.jsonl');
const LOGGER = 'churn-log';

beforeAll(async () => {
  engine = await startPrivateEngine();
  engine.loadBusybox();
  // 12,000 lines, then 20 a second: with logs.tail 10000 the pane's buffer is full from the start.
  engine.docker([
    'run',
    '-d',
    '--name',
    LOGGER,
    BUSYBOX,
    'sh',
    '-c',
    'i=0; while [ $i -lt 12000 ]; do i=$((i+1)); echo "churn log line $i"; done; while :; do i=$((i+1)); echo "churn log line $i"; sleep 0.05; done',
  ]);
  mkdirSync(join(dir, 'config', 'berth'), {recursive: true});
  writeFileSync(join(dir, 'config', 'berth', 'config.yml'), 'logs:\n  tail: 10000\n');
  writeFileSync(traceFile, '');
}, 120_000);
afterAll(async () => {
  terminal?.stop();
  await engine?.stop();
}, 60_000);

let made = 0;
// Batches of 25: created (one in five started), then all removed.
async function churn(count: number): Promise<void> {
  const api = socketApi(engine.socket);
  for (let done = 0; done < count; done += 25) {
    const names = Array.from({length: Math.min(25, count - done)}, () => `churn-${String(made++).padStart(4, '0')}`);
    const ids: string[] = [];
    await pool(names, async (name, i) => {
      const created = await api('POST', `/containers/create?name=${name}`, {
        Image: BUSYBOX,
        Cmd: ['true'],
        HostConfig: {NetworkMode: 'none'},
      });
      if (created.status !== 201) throw new Error(`create ${name}: ${created.status} ${created.body}`);
      const id = (JSON.parse(created.body) as {Id: string}).Id;
      ids.push(id);
      if (i % 5 === 0) await api('POST', `/containers/${id}/start`);
    });
    await pool(ids, async id => void (await api('DELETE', `/containers/${id}?force=1`)));
  }
}

test('200 containers come and go: berth ends holding what it held after warm-up', async () => {
  terminal = startBerth({
    env: {
      DOCKER_HOST: engine.host,
      DOCKER_TLS_VERIFY: undefined,
      DOCKER_CERT_PATH: undefined,
      DOCKER_CONTEXT: undefined,
      BERTH_TRACE: traceFile,
      NODE_OPTIONS: '--expose-gc',
      XDG_CONFIG_HOME: join(dir, 'config'),
    },
    columns: 120,
    rows: 40,
  });
  const t = terminal;
  await t.waitFor(/API 1\.41/);
  t.type('/');
  t.type(LOGGER);
  t.keys('Enter');
  await t.waitUntil(s => !/^ \/ /m.test(s) && s.includes('enter logs'), 'the filter prompt to close');
  t.keys('Enter');
  await t.waitFor(`logs ${LOGGER} · follow`);
  await t.waitFor(/\d\d,\d{3} lines/, 30_000);
  t.keys('Escape');
  await new Promise(r => setTimeout(r, 300));
  t.keys('Escape');
  await t.waitUntil(s => !s.includes('filter:'), 'the filter to clear');
  const pid = t.berthPid();
  const settle = async () => {
    await t.waitUntil(s => !/churn-\d{4}/.test(s), 'the churned containers to leave the list', 30_000);
    await new Promise(r => setTimeout(r, 2000));
  };

  await churn(50);
  await settle();
  const before = await resources(pid, traceFile);
  await churn(150);
  await settle();
  const after = await resources(pid, traceFile);
  for (const key of [
    'fds',
    'sockets',
    'handles',
    'processListeners',
    'stdinListeners',
    'stdoutListeners',
    'storeListeners',
    'logPaneListeners',
  ] as const) {
    expect(after[key], `${key}: ${before[key]} → ${after[key]}`).toBeLessThanOrEqual(
      Math.max(before[key] * 1.1, before[key] + 1),
    );
  }
  expect(after.heapUsed, `heap after a collection ${before.heapUsed} → ${after.heapUsed}`).toBeLessThanOrEqual(
    before.heapUsed * 1.1,
  );
  // Still following, and nothing of the churn left on the engine.
  expect(t.screen()).toMatch(new RegExp(`logs ${LOGGER} · follow`));
  expect(engine.docker(['ps', '-aq', '--filter', 'name=churn-0']).trim()).toBe('');
  t.type('q');
  expect(await t.exitCode()).toBe(0);
}, 180_000);
