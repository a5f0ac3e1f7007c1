import {render} from 'ink-testing-library';
import {afterEach, expect, test} from 'vitest';
import type {VolumeRow} from '../../../../source/engine/volumes/volumes.js';
import {AppRoot} from '../../../../source/ui/components/AppRoot.js';
import {Controller} from '../../../../source/ui/controller.js';
import {DEFAULT_VIEWS} from '../../../../source/ui/view-set.js';
import {loader} from '../../../../source/views/kit/loader.js';
import {perApp} from '../../../../source/views/kit/runtime.js';

// Two apps in one process (as a test runner, or one berth showing two engines, would have them): everything
// one keeps — its state, selection, filter, reload timers, loads in flight — is its own.
const config = {logBufferLines: 10, logTail: 10, shells: [], readonly: false, registries: [], registryOptions: {}};
const tick = (ms = 30) => new Promise(resolve => setTimeout(resolve, ms));
const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
});

const volume = (name: string): VolumeRow => ({
  name,
  driver: 'local',
  scope: 'local',
  mountpoint: `/var/lib/docker/volumes/${name}/_data`,
  labels: {},
  options: {},
  usedBy: [],
});

function mount() {
  const controller = new Controller('unix:///nowhere.sock', config, DEFAULT_VIEWS);
  const instance = render(<AppRoot controller={controller} />);
  unmounts.push(() => {
    instance.unmount();
    void controller.close();
  });
  return {controller, instance};
}

test('two mounted apps: view, rows, cursor, marks and filter of one do not move the other', async () => {
  const a = mount();
  const b = mount();
  for (const app of [a, b]) {
    // The volumes view's USED BY comes from the container list: its keys wait for both lists.
    app.controller.dispatch({type: 'containers.loaded', items: []});
    app.controller.dispatch({type: 'volumes.loaded', items: [volume('alpha'), volume('beta'), volume('gamma')]});
  }
  a.instance.stdin.write('7');
  b.instance.stdin.write('7');
  await tick();
  a.instance.stdin.write('j');
  await tick();
  a.instance.stdin.write(' ');
  await tick();
  const volumesOf = (app: typeof a) => app.controller.store.get().volumes.list;
  expect(volumesOf(a)).toMatchObject({cursor: 2, marked: ['beta']});
  expect(volumesOf(b)).toMatchObject({cursor: 0, marked: []});
  b.controller.dispatch({type: 'overlay.show', overlay: {kind: 'filter', draft: 'gam'}});
  b.controller.dispatch({type: 'overlay.submit'});
  b.controller.dispatch({type: 'volumes.loaded', items: [volume('gamma')]});
  await tick();
  expect(a.controller.store.get().volumes.items).toHaveLength(3);
  expect(a.instance.lastFrame()).toMatch(/›\* +beta|› +gamma/);
  expect(b.instance.lastFrame()).toMatch(/› +gamma/);
  expect(b.instance.lastFrame()).not.toContain('alpha');
  expect(a.instance.lastFrame()).toContain('alpha');
});

test("a list's load in flight and its coalesced reload belong to one app", async () => {
  const a = mount().controller.services;
  const b = mount().controller.services;
  const calls: string[] = [];
  let release = () => {};
  const list = loader(async services => {
    calls.push(services === a ? 'a' : 'b');
    if (services === a) await new Promise<void>(resolve => (release = resolve));
  });
  // a's load is in flight; b's is not held up by it (one flight per app, not per process).
  const first = list.load(a);
  expect(list.busy(a)).toBe(true);
  expect(list.busy(b)).toBe(false);
  await list.load(b);
  expect(calls).toEqual(['a', 'b']);
  // A burst in a: one reload once it settles; b's timer is b's, and cancelling it leaves a's alone.
  list.reloadSoon(b);
  list.reloadSoon(a);
  list.reloadSoon(a);
  list.cancel(b);
  release();
  await first;
  await tick(250);
  expect(calls).toEqual(['a', 'b', 'a']);
  expect(list.busy(b)).toBe(false);
});

test('per-app parts: made on first use in each app, stopped with that app only', () => {
  const a = mount().controller;
  const b = mount().controller;
  const stopped: string[] = [];
  const part = perApp(
    () => ({name: '', timer: setInterval(() => {}, 1000)}),
    value => {
      clearInterval(value.timer);
      stopped.push(value.name);
    },
  );
  part(a.services).name = 'a';
  part(b.services).name = 'b';
  expect(part(a.services).name).toBe('a');
  void b.close();
  expect(stopped).toEqual(['b']);
  expect(part(a.services).name).toBe('a');
  void a.close();
  expect(stopped).toEqual(['b', 'a']);
});
