import {execFileSync} from 'node:child_process';
import {mkdtempSync, readFileSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {connectEngine, type EngineClient} from '../../source/engine/client.js';
import {LogSession} from '../../source/engine/logs/log-session.js';
import {MergedLogs} from '../../source/engine/logs/merged-logs.js';
import {saveLines} from '../../source/engine/logs/save-lines.js';
import type {LogSource} from '../../source/engine/logs/log-source.js';
import {resolveEngineTarget} from '../../source/engine/target.js';
import {FilteredLines, type LogFilterSpec} from '../../source/views/kit/log-pane/filter.js';
import {benchEnv, docker, runTestContainer, uniqueName} from '../helpers/bench.js';
import {at} from '../helpers/found.js';

// The pane's filter (& &! C) over logs read from the bench engine, checked against GNU grep on `docker logs`.

let client: EngineClient;
let dir: string;
const base = uniqueName('it-lfilter');
const names: string[] = [];

// Requests with a status, a 5xx now and then, and a warning on stderr every 13th.
const REQUESTS = (letter: string) =>
  `i=1; while [ $i -le 400 ]; do s=200; [ $((i % 17)) -eq 0 ] && s=503; echo "${letter} GET /item/$i status $s"; [ $((i % 13)) -eq 0 ] && echo "${letter} warn slow $i" >&2; i=$((i+1)); done`;

function sh(command: string): string {
  return execFileSync('sh', ['-c', command], {env: {...process.env, ...benchEnv()}, encoding: 'utf8'});
}

const linesOf = (text: string) => text.split('\n').filter((_, i, all) => i < all.length - 1);

// grep over what `docker logs NAME` prints: both streams through one pipe, in the engine's order, or one of them.
function grep(name: string, flags: string, pattern: string, streams: 'both' | 'stdout' | 'stderr' = 'both'): string[] {
  const quoted = `'${pattern.replace(/'/g, `'\\''`)}'`;
  const redirect = {both: '2>&1', stdout: '2>/dev/null', stderr: '2>&1 >/dev/null'}[streams];
  return linesOf(sh(`docker logs ${name} ${redirect} | grep --no-group-separator -i ${flags} -e ${quoted} || true`));
}

function run(letter: string, script: string): string {
  const name = `${base}-${letter}`;
  names.push(name);
  return runTestContainer(name, ['sh', '-c', script]).trim();
}

async function until(done: () => boolean, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise(resolve => setTimeout(resolve, 50));
  }
}

async function readAll(source: LogSource): Promise<void> {
  source.start();
  await until(() => source.status === 'ended' || source.status === 'error', 'the log to be read');
  expect(source.status).toBe('ended');
}

const shown = (source: LogSource, spec: LogFilterSpec) =>
  [...new FilteredLines(spec).update(source.buffer)].map(l => l.text);

beforeAll(async () => {
  client = await connectEngine(resolveEngineTarget({}, benchEnv()));
  dir = mkdtempSync(join(tmpdir(), 'berth-log-filter-'));
});

afterAll(() => {
  client?.close();
  if (names.length) docker(['rm', '-f', ...names]);
  rmSync(dir, {recursive: true, force: true});
});

describe('the log filter against grep on docker logs (bench engine)', () => {
  let name: string;
  let session: LogSession;

  beforeAll(async () => {
    const id = run('a', REQUESTS('a'));
    name = at(names, 0); // (run() has just named it)
    execFileSync('docker', ['wait', id], {env: {...process.env, ...benchEnv()}});
    session = new LogSession(client.docker, {containerId: id, window: {tail: 'all'}, follow: false});
    await readAll(session);
  });

  test('text, re:, &! and context lines select what grep -i, -E, -v and -C select', () => {
    const cases: [LogFilterSpec, string, string][] = [
      [{query: 'STATUS 503', hide: false, context: 0}, '-F', 'status 503'],
      [{query: 're:warn slow [0-9]*0$', hide: false, context: 0}, '-E', 'warn slow [0-9]*0$'],
      [{query: 'status 200', hide: true, context: 0}, '-F -v', 'status 200'],
      [{query: 'status 503', hide: false, context: 2}, '-F -C 2', 'status 503'],
      [{query: 're:/item/1[0-9]{2} ', hide: false, context: 9}, '-E -C 9', '/item/1[0-9]{2} '],
      [{query: 'slow', hide: true, context: 1}, '-F -v -C 1', 'slow'],
    ];
    for (const [spec, flags, pattern] of cases) {
      const expected = grep(name, flags, pattern);
      expect(expected.length, pattern).toBeGreaterThan(0);
      expect(shown(session, spec), JSON.stringify(spec)).toEqual(expected);
    }
  });

  test('saving what the filter shows writes what grep prints', async () => {
    const file = join(dir, 'shown.log');
    const filter = new FilteredLines({query: 'status 503', hide: false, context: 1}).update(session.buffer);
    expect(await saveLines(file, [...filter])).toEqual({lines: filter.length});
    expect(linesOf(readFileSync(file, 'utf8'))).toEqual(grep(name, '-F -C 1', 'status 503'));
  });

  // Merged lines are in time order, and the engine files a container's stdout and stderr in an order of its own
  // (docs/engine-facts.md): compare each container's streams one by one.
  test('merged logs of two containers: each one’s lines as grep finds them, in time order', async () => {
    const id = run('b', REQUESTS('b'));
    execFileSync('docker', ['wait', id], {env: {...process.env, ...benchEnv()}});
    const first = (await client.docker.getContainer(name).inspect()).Id;
    const merged = new MergedLogs(client.docker, {
      targets: [{id: first}, {id}],
      window: {tail: 'all'},
      follow: false,
      describe: target => ({label: target.id === id ? 'b' : 'a', hue: 0}),
    });
    await readAll(merged);
    try {
      // Merged lines wait a moment for a slower stream (merge-order.ts): all of both, then filter.
      const total = ['a', 'b'].reduce(
        (sum, letter) => sum + linesOf(sh(`docker logs ${base}-${letter} 2>&1`)).length,
        0,
      );
      await until(() => merged.buffer.length === total, `${total} merged lines`);
      const lines = new FilteredLines({query: 're:status 503|slow', hide: false, context: 0}).update(merged.buffer);
      const got = [...lines];
      for (const letter of ['a', 'b'])
        for (const stream of ['stdout', 'stderr'] as const) {
          const ours = got
            .filter(l => l.stream === stream && l.text.startsWith(`${letter} | `))
            .map(l => l.text.slice(4));
          expect(ours).toEqual(grep(`${base}-${letter}`, '-E', 'status 503|slow', stream));
        }
      const times = got.map(l => l.mergeTime ?? l.time!);
      expect(times).toEqual([...times].sort());
    } finally {
      merged.stop();
    }
  });

  test('follow: new matching lines keep arriving, and they are the ones grep finds', async () => {
    const id = run(
      'f',
      'i=0; while :; do i=$((i+1)); echo "tick $i"; [ $((i % 4)) -eq 0 ] && echo "tick $i match"; usleep 50000; done',
    );
    const live = new LogSession(client.docker, {containerId: id, window: {tail: 'all'}, follow: true});
    const filter = new FilteredLines({query: 'match', hide: false, context: 0});
    live.start();
    try {
      await until(() => filter.update(live.buffer).length >= 3, 'three matches');
      const before = filter.length;
      await until(() => filter.update(live.buffer).length >= before + 3, 'three more matches');
      const held = live.buffer.length;
      const all = linesOf(sh(`docker logs ${names.at(-1)} 2>&1`)).slice(0, held);
      expect([...filter.update(live.buffer)].map(l => l.text)).toEqual(all.filter(text => text.includes('match')));
    } finally {
      live.stop();
    }
  });
});
