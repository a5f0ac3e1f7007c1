import {mkdirSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, expect, test} from 'vitest';
import {BUSYBOX, benchEnv, docker, uniqueName} from '../helpers/bench.js';
import {benchApi, pool, resources} from '../helpers/churn.js';
import {scratchDir} from '../helpers/scratch.js';
import {berthPerTest} from '../helpers/terminal.js';

// Containers created, started, restarted and removed on the bench engine, 25 alive at a time, while berth shows
// them in the containers list with the stats columns on (each batch stays until every row has a CPU figure): after the churn and a quiet moment berth holds what it
// held before (V8 heap within 3 MB after a collection, RSS within 10 MB), and its list is `docker ps -a`.
// CHURN_COUNT containers after a warm-up of 50 (default 100: about a minute on the shared 2-core machine, where the
// engine creates, starts and removes ~3 a second); the bench row (bench/ui-churn.mjs) runs 2,000 and 10,000.
const COUNT = Number(process.env.CHURN_COUNT ?? 100);
const WARMUP = 50;
const BATCH = 25;
const prefix = uniqueName('chs');
const label = `berth.test.churn=${prefix}`;
const dir = scratchDir('berth-churn-stats-');
const traceFile = join(dir, 'trace.jsonl');
const berth = berthPerTest();
const api = benchApi();

afterAll(() => {
  api.close();
  const left = docker(['ps', '-aq', '--filter', `label=${label}`]).trim();
  if (left) docker(['rm', '-f', ...left.split('\n')]);
}, 60_000);

let made = 0;
async function create(names: string[]): Promise<string[]> {
  const ids: string[] = [];
  await pool(names, async name => {
    const created = await api('POST', `/containers/create?name=${name}`, {
      Image: BUSYBOX,
      Cmd: ['sleep', '100000'],
      Labels: {'berth.test.churn': prefix, 'berth.testbed.test': '1'},
      HostConfig: {NetworkMode: 'none', Init: true},
    });
    if (created.status !== 201) throw new Error(`create ${name}: ${created.status} ${created.body}`);
    ids.push((JSON.parse(created.body) as {Id: string}).Id);
  });
  return ids;
}

// Batches of 25: created and started, one in five restarted, all removed.
async function churn(count: number, sampled: (names: string[]) => Promise<void>): Promise<void> {
  for (let done = 0; done < count; done += BATCH) {
    const names = Array.from(
      {length: Math.min(BATCH, count - done)},
      () => `${prefix}-${String(made++).padStart(5, '0')}`,
    );
    const ids = await create(names);
    await pool(ids, async id => void (await api('POST', `/containers/${id}/start`)));
    // Until berth shows a CPU figure on each of their rows: every one was read at least once.
    await sampled(names);
    await pool(
      ids.filter((_, i) => i % 5 === 0),
      async id => void (await api('POST', `/containers/${id}/restart?t=0`)),
    );
    await pool(ids, async id => void (await api('DELETE', `/containers/${id}?force=1`)));
  }
}

test(`${COUNT} containers come and go with stats on: heap and RSS back where they were, the list is docker ps -a`, async () => {
  mkdirSync(dir, {recursive: true});
  writeFileSync(traceFile, '');
  const t = berth.start({
    env: {
      ...benchEnv(),
      BERTH_TRACE: traceFile,
      BERTH_HEAP_SNAPSHOTS: process.env.BERTH_HEAP_SNAPSHOTS,
      // bin/berth.js's own flag and environment (its shebang line), which `node bin/berth.js` does not read.
      NODE_OPTIONS: '--expose-gc --max-semi-space-size=4',
      MALLOC_ARENA_MAX: '1',
    },
    columns: 140,
    rows: 45,
  });
  await t.waitFor(/API 1\.41/);
  t.type(`/${prefix}`);
  t.keys('Enter');
  await t.waitFor(`filter: ${prefix}`);
  t.type('u');
  await t.waitFor(/CPU\s+MEM/);
  const pid = t.berthPid();
  const quiet = async () => {
    await t.waitUntil(s => !s.includes(`${prefix}-`), 'the churned containers to leave the list', 30_000);
    await new Promise(r => setTimeout(r, 3000));
  };

  const sampled = async (names: string[]) => {
    const withCpu = (s: string) =>
      names.every(name => s.split('\n').some(line => line.includes(name) && /\d+\.\d%/.test(line)));
    await t.waitUntil(withCpu, `CPU figures on ${names[0]}…${names.at(-1)}`, 20_000);
  };
  await churn(WARMUP, sampled);
  await quiet();
  const before = await resources(pid, traceFile);
  const started = Date.now();
  await churn(COUNT, sampled);
  const seconds = (Date.now() - started) / 1000;
  await quiet();
  const after = await resources(pid, traceFile);
  // Writing a snapshot takes a few seconds (and its memory counts in the RSS): let it finish.
  if (process.env.BERTH_HEAP_SNAPSHOTS) await new Promise(r => setTimeout(r, 15_000));
  const mb = (bytes: number) => (bytes / 1048576).toFixed(2);
  console.log(
    `churn-stats: ${COUNT} containers in ${seconds.toFixed(1)} s; heap ${mb(before.heapUsed)} → ${mb(after.heapUsed)} MB, RSS ${mb(before.procRss)} → ${mb(after.procRss)} MB`,
  );
  expect(after.heapUsed - before.heapUsed, 'heap growth after a collection').toBeLessThanOrEqual(3 * 1048576);
  expect(after.procRss - before.procRss, 'RSS growth').toBeLessThanOrEqual(10 * 1048576);

  // A last batch stays: the list shows exactly what `docker ps -a` does, names and states.
  const last = Array.from({length: 6}, (_, i) => `${prefix}-end${i}`);
  const ids = await create(last);
  await pool(ids.slice(0, 3), async id => void (await api('POST', `/containers/${id}/start`)));
  const expected = docker(['ps', '-a', '--filter', `label=${label}`, '--format', '{{.Names}} {{.State}}'])
    .trim()
    .split('\n')
    .sort();
  const shown = (s: string) =>
    s
      .split('\n')
      .flatMap(line => {
        const match = new RegExp(`(${prefix}-\\S+)`).exec(line);
        return match ? [`${match[1]} ${line.includes('●') ? 'running' : 'created'}`] : [];
      })
      .sort();
  await t.waitUntil(s => shown(s).join() === expected.join(), `the list to be ${expected.join(', ')}`, 15_000);
}, 300_000);
