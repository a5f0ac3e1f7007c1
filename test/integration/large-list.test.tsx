// The containers list at 100,000 containers, served by a stand-in engine (bench/fake-engine.mjs: no engine on
// this machine holds that many) that berth reaches through DOCKER_HOST as it would a real one. Work is counted,
// not timed (the times are bench/ui-scale.mjs's): a key draws only the rows on screen and measures none, and an
// event asks the engine for its one container and measures, sanitises and places that row alone.
import {render} from 'ink';
import {Stdin, Stdout} from '../helpers/ink-streams.js';
import {afterAll, beforeAll, describe, expect, test, vi} from 'vitest';
import {startFakeEngine, type FakeEngine} from '../../bench/fake-engine.mjs';
import {connectEngine} from '../../source/engine/client.js';
import {EngineSession} from '../../source/engine/session.js';
import {resolveEngineTarget} from '../../source/engine/target.js';
import {AppRoot} from '../../source/ui/components/AppRoot.js';
import {Controller} from '../../source/ui/controller.js';
import {containerColumns} from '../../source/views/containers/columns.js';
import {containersTable} from '../../source/views/containers/table.js';
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
  stdout = new Stdout(140, ROWS);
  stdin = new Stdin();
  const app = render(<AppRoot controller={controller} />, {
    stdout: stdout as never,
    stderr: new Stdout(140, ROWS) as never,
    stdin: stdin as never,
    debug: true,
    exitOnCtrlC: false,
    patchConsole: false,
  });
  stop = () => {
    app.unmount();
    app.cleanup();
    session.close();
  };
  await until('the list of 100,000', () => controller.store.get().containers.items.length === COUNT);
  await until('the first rows on screen', () => stdout.frame.includes(`${engine.name(0)} `));
}, 120_000);

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
    expect(after.filter(row => !before.includes(row)).map(row => row.name)).toEqual([engine.name(1)]);
    await until('the started row on screen', () => /fake-000001 +up/.test(stdout.frame));
    expect(cells).toHaveBeenCalledTimes(1);
    cells.mockRestore();
  });

  test('berth asked nothing the stand-in does not answer', () => {
    expect(engine.unknown).toEqual([]);
  });
});
