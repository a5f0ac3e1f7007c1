import {spawnSync} from 'node:child_process';
import {createHash} from 'node:crypto';
import {existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {PassThrough} from 'node:stream';
import {afterAll, beforeAll, describe, expect, test} from 'vitest';
import {connectEngine, type EngineClient} from '../../source/engine/client.js';
import {ArchiveCancelledError} from '../../source/engine/archives/archive-errors.js';
import {exportContainer} from '../../source/engine/archives/export.js';
import {loadImages} from '../../source/engine/archives/load.js';
import type {ArchiveProgress} from '../../source/engine/archives/progress.js';
import {saveImages} from '../../source/engine/archives/save.js';
import {resolveEngineTarget} from '../../source/engine/target.js';
import {BUSYBOX, benchEnv, docker, uniqueName} from '../helpers/bench.js';

// The engine side as the UI calls it: progress, cancel, a stream destination.
let client: EngineClient;
const dir = mkdtempSync(join(tmpdir(), 'berth-archives-engine-'));
const container = uniqueName('berth-archives-progress');
const savedState = process.env.XDG_STATE_HOME;

beforeAll(async () => {
  process.env.XDG_STATE_HOME = join(dir, 'state');
  client = await connectEngine(resolveEngineTarget({}, benchEnv()));
  // ~8 MB of files, so an export takes several chunks.
  docker([
    'run',
    '--name',
    container,
    '--network',
    'none',
    BUSYBOX,
    'sh',
    '-c',
    'dd if=/dev/urandom of=/blob bs=1M count=8 2>/dev/null',
  ]);
});

afterAll(() => {
  client?.close();
  spawnSync('docker', ['rm', '-f', container], {env: {...process.env, ...benchEnv()}});
  rmSync(dir, {recursive: true, force: true});
  if (savedState === undefined) delete process.env.XDG_STATE_HOME;
  else process.env.XDG_STATE_HOME = savedState;
});

describe('archives on the engine', () => {
  test("export reports bytes and a percentage of the image's size, ending at 100", async () => {
    const events: ArchiveProgress[] = [];
    const path = join(dir, 'progress.tar');
    const result = await exportContainer(
      client.docker,
      container,
      {kind: 'file', path},
      {onProgress: p => events.push(p)},
    );
    expect(result.bytes).toBe(statSync(path).size);
    const last = events.at(-1)!;
    expect(last).toMatchObject({phase: 'done', percent: 100, bytes: result.bytes});
    expect(events.some(e => e.phase === 'transfer' && e.bytes > 0)).toBe(true);
    for (const e of events)
      if (e.percent !== undefined && e.phase !== 'done') expect(e.percent).toBeLessThanOrEqual(99);
  });

  test("export's bytes are docker export's, byte for byte (its batches' memory is reused as it goes)", async () => {
    const ours = join(dir, 'ours.tar');
    const theirs = join(dir, 'theirs.tar');
    await exportContainer(client.docker, container, {kind: 'file', path: ours});
    docker(['export', '-o', theirs, container]);
    const sha = (path: string) => createHash('sha256').update(readFileSync(path)).digest('hex');
    expect(statSync(ours).size).toBeGreaterThan(8 * 1024 * 1024);
    expect(sha(ours)).toBe(sha(theirs));
  });

  test('cancelling a save removes the partial file and writes nothing', async () => {
    const controller = new AbortController();
    const path = join(dir, 'cancelled.tar');
    const saving = saveImages(
      client.docker,
      [BUSYBOX],
      {kind: 'file', path},
      {signal: controller.signal, onProgress: () => controller.abort()},
    );
    await expect(saving).rejects.toBeInstanceOf(ArchiveCancelledError);
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dir).filter(name => name.startsWith('cancelled'))).toEqual([]);
  });

  test('cancelling an export to a stream stops it', async () => {
    const controller = new AbortController();
    const sink = new PassThrough();
    sink.resume();
    const exporting = exportContainer(
      client.docker,
      container,
      {kind: 'stream', stream: sink, name: 'test'},
      {signal: controller.signal, onProgress: () => controller.abort()},
    );
    await expect(exporting).rejects.toThrow(/cancelled/);
  });

  test("load from a stream reports the engine phase and returns the engine's lines", async () => {
    const path = join(dir, 'busybox.tar');
    await saveImages(client.docker, [BUSYBOX], {kind: 'file', path});
    const phases = new Set<string>();
    const {createReadStream} = await import('node:fs');
    const result = await loadImages(
      client.docker,
      {kind: 'stream', stream: createReadStream(path), name: 'a stream'},
      {onProgress: p => phases.add(p.phase)},
    );
    expect(result.loaded).toEqual([`Loaded image: ${BUSYBOX}`]);
    expect(result.bytes).toBe(statSync(path).size);
    expect(phases.has('done')).toBe(true);
  });
});
