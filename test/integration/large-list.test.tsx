// The containers list at 100,000 containers, served by a stand-in engine (bench/fake-engine.mjs: no engine on
// this machine holds that many) that berth reaches through DOCKER_HOST as it would a real one. Work is counted,
// not timed (the times are bench/ui-scale.mjs's): a key draws only the rows on screen and measures none, and an
// event asks the engine for its one container and measures, sanitises and places that row alone.
import {renderSized, type Stdin, type Stdout} from '../helpers/ink-streams.js';
import {afterAll, beforeAll, describe, expect, test, vi} from 'vitest';
import {startFakeEngine, type FakeEngine} from '../../bench/fake-engine.mjs';
import {connectEngine} from '../../source/engine/client.js';
import {EngineSession} from '../../source/engine/session.js';
import {resolveEngineTarget} from '../../source/engine/target.js';
import {Controller} from '../../source/ui/controller.js';
import {containerColumns} from '../../source/views/containers/columns.js';
import {containersTable} from '../../source/views/containers/table.js';
import {visibleContainers} from '../../source/views/containers/selectors.js';
import {at} from '../helpers/found.js';

const COUNT = 100_000;
const ROWS = 40;

const sleep = (ms: number) => new Promise(resolve => setTimeout(resolve, ms));
async function until(what: string, check: () => boolean, timeout = 60_000): Promise<void> {
  const end = Date.now() + timeout;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

let engine: FakeEngine;
let controller: Controller;
let stdout: Stdout;
let stdin: Stdin;
let stop: (() => void) | undefined;

beforeAll(async () => {
  engine = await startFakeEngine(COUNT);
  const target = resolveEngineTarget({}, {DOCKER_HOST: engine.host});
  controller = new Controller(target.url, {registries: [], logBufferLines: 1000, logTail: 200, shells: ['sh']});
  const session = new EngineSession(target, controller.sessionListener, controller.engineEventTypes());
  controller.session = session;
  session.start(connectEngine(target));
  const sized = renderSized(controller, 140, ROWS);
  stdout = sized.stdout;
  stdin = sized.stdin;
  const app = sized.instance;
  stop = () => {
    app.unmount();
    app.cleanup();
    session.close();
  };
  await until('the list of 100,000', () => controller.store.get().containers.items.length === COUNT);
  await until('the first rows on screen', () => stdout.frame.includes(`${engine.name(0)} `));
}, 120_000);

// Reads of the listed rows' fields, counted from now on: going over the list (to filter, sort, key or patch it)
// reads at least one field of every row. And the lookups of every weak map (the table's caches of each row's cells
// and widths): measuring the list's columns again looks up every row.
let reads = 0;
const counted = new WeakSet<object>();
function countScans(rows: readonly object[]): {reads: () => number; lookups: () => number; stop: () => void} {
  for (const row of rows) {
    if (counted.has(row)) continue;
    counted.add(row);
    for (const field of ['id', 'name', 'state', 'image']) {
      const value: unknown = (row as Record<string, unknown>)[field];
      Object.defineProperty(row, field, {
        get: () => {
          reads++;
          return value;
        },
        enumerable: true,
        configurable: true,
      });
    }
  }
  const start = reads;
  const lookups = vi.spyOn(WeakMap.prototype, 'get');
  return {reads: () => reads - start, lookups: () => lookups.mock.calls.length, stop: () => lookups.mockRestore()};
}

const newRows = <Row,>(before: readonly Row[], after: readonly Row[]) => {
  const old = new Set(before);
  return after.filter(row => !old.has(row));
};

// Far fewer than the rows: the rows on screen drawn again, the rows the event named, binary searches.
const FEW = COUNT / 50;

afterAll(async () => {
  stop?.();
  await engine?.close();
});

describe('the containers list at 100,000 containers (a stand-in engine)', () => {
  test('a key draws the rows on screen and measures none', async () => {
    const name = at(containerColumns(controller.store.get()), 0);
    const cells = vi.spyOn(name, 'cell');
    const drawn = vi.spyOn(containersTable, 'text');
    for (let i = 0; i < 5; i++) {
      stdin.write('\x1b[B');
      await sleep(60);
    }
    await until('the cursor on the sixth row', () => controller.store.get().containers.list.cursor === 5);
    expect(cells).not.toHaveBeenCalled();
    // One frame per key at most, each of the rows on screen (fewer than the terminal's lines).
    expect(drawn.mock.calls.length).toBeGreaterThan(0);
    expect(drawn.mock.calls.length).toBeLessThanOrEqual(5 * ROWS);
    cells.mockRestore();
    drawn.mockRestore();
  });

  test('an event asks for its one container and measures that row alone', async () => {
    const before = controller.store.get().containers.items;
    const name = at(containerColumns(controller.store.get()), 0);
    const cells = vi.spyOn(name, 'cell');
    const asked = engine.requests.length;
    const scans = countScans(before);
    // fake-000001 was exited, off screen at the end of the list; started, it goes among the running ones on top.
    engine.event(1, 'start');
    await until('the list patched', () => controller.store.get().containers.items !== before);
    const after = controller.store.get().containers.items;
    const requests = engine.requests.slice(asked);
    expect(requests).toEqual([expect.stringMatching(/^GET \/containers\/json\?.*filters=/)]);
    expect(decodeURIComponent(at(requests, 0))).toContain(`"id":["${'1'.padStart(64, '0')}"]`);
    expect(after).toHaveLength(COUNT);
    // Every other row is the same object, in the same order: nothing re-sorted, nothing measured again.
    const moved = after.findIndex(row => row.name === engine.name(1));
    expect(moved).toBe(1);
    expect(newRows(before, after).map(row => row.name)).toEqual([engine.name(1)]);
    await until('the started row on screen', () => /fake-000001 +up/.test(stdout.frame));
    expect(cells).toHaveBeenCalledTimes(1);
    // Patched, filtered, keyed and measured without going over the list: no read of every row.
    expect(scans.reads()).toBeLessThan(FEW);
    expect(scans.lookups()).toBeLessThan(FEW);
    scans.stop();
    cells.mockRestore();
  });

  test('an event for a row off screen that keeps its place changes that row alone, in its place', async () => {
    const before = controller.store.get().containers.items;
    const name = at(containerColumns(controller.store.get()), 0);
    const cells = vi.spyOn(name, 'cell');
    // fake-050001 is exited, far below the screen: it dies again, its status changes, its place does not.
    const place = before.findIndex(row => row.name === engine.name(50_001));
    const scans = countScans(before);
    engine.event(50_001, 'die');
    await until('the list patched', () => controller.store.get().containers.items !== before);
    await sleep(200);
    const work = {reads: scans.reads(), lookups: scans.lookups()};
    scans.stop();
    expect(work.reads).toBeLessThan(FEW);
    expect(work.lookups).toBeLessThan(FEW);
    expect(cells).toHaveBeenCalledTimes(1);
    const after = controller.store.get().containers.items;
    expect(after).toHaveLength(COUNT);
    expect(after.findIndex(row => row.name === engine.name(50_001))).toBe(place);
    expect(newRows(before, after).map(row => row.name)).toEqual([engine.name(50_001)]);
    cells.mockRestore();
  });

  test('filtered and sorted by a column, an event moves its row alone in what is listed', async () => {
    stdin.write('/');
    await sleep(100);
    stdin.write('fake-00');
    controller.dispatch({type: 'sort.by', table: 'containers', column: 'image'});
    await until('the filter and the sort applied', () => {
      const rows = visibleContainers(controller.store.get());
      return rows.length < COUNT && rows[0]?.image === 'example/app-0:latest';
    });
    const before = controller.store.get().containers.items;
    const shown = visibleContainers(controller.store.get());
    const scans = countScans(before);
    // fake-000002 (example/app-2) was exited: started, it stays among the app-2 rows, ahead of the exited ones.
    engine.event(2, 'start');
    await until('the list patched', () => controller.store.get().containers.items !== before);
    const listed = visibleContainers(controller.store.get());
    expect(scans.reads()).toBeLessThan(FEW);
    expect(scans.lookups()).toBeLessThan(FEW);
    scans.stop();
    expect(newRows(shown, listed).map(row => row.name)).toEqual([engine.name(2)]);
    // What filtering and sorting every row again gives.
    const state = controller.store.get();
    const whole = visibleContainers({...state, containers: {...state.containers, items: [...state.containers.items]}});
    expect(listed.map(row => row.id)).toEqual(whole.map(row => row.id));
    stdin.write('\x1b');
    await sleep(100);
    stdin.write('\x1b');
    await until('the filter cleared', () => controller.store.get().containers.list.filter === '');
  });

  test('berth asked nothing the stand-in does not answer', () => {
    expect(engine.unknown).toEqual([]);
  });
});
