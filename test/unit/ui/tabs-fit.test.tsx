import {render} from 'ink-testing-library';
import {afterEach, expect, test} from 'vitest';
import {Controller} from '../../../source/ui/controller.js';
import {Tabs} from '../../../source/ui/components/Tabs.js';
import {ViewSet} from '../../../source/ui/view-set.js';
import {MODULES_WITHOUT_TAB, VIEWS} from '../../../source/views/all-views.js';
import type {ViewModule} from '../../../source/views/types.js';
import {AppRoot} from '../../../source/ui/components/AppRoot.js';

// Eight tabs and a filter at 80 columns: the tabs not shown get
// short titles, or only their keys, so the shown view's title and the filter stay whole.
const extra = (id: string, key: string, title: string): ViewModule => ({id, key, title});
const config = {logBufferLines: 10, logTail: 10, shells: [], readonly: false, registries: [], registryOptions: {}};
let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

function tabsAt(width: number, filter: string, marked: readonly string[] = [], runningOnly = false): string {
  // The real swarm view shows only on a swarm manager: a stand-in that is always there takes its place.
  const views = new ViewSet(
    [...VIEWS.filter(view => view.id !== 'swarm'), extra('swarm', '6', 'Swarm')],
    MODULES_WITHOUT_TAB,
  );
  const controller = new Controller('unix:///nowhere.sock', config, views);
  controller.store.set(state => ({
    ...state,
    containers: {...state.containers, runningOnly, list: {...state.containers.list, filter, marked}},
  }));
  const instance = render(
    <AppRoot controller={controller}>
      <Tabs width={width} />
    </AppRoot>,
  );
  unmount = instance.unmount;
  return instance.lastFrame() ?? '';
}

test('the tab line fits: full titles when there is room, short ones, then keys only', () => {
  const wide = tabsAt(140, '');
  for (const tab of [
    '1 Containers',
    '2 Images',
    '3 Compose',
    '4 Registry',
    '5 Engine',
    '6 Swarm',
    '7 Volumes',
    '8 Networks',
  ])
    expect(wide).toContain(tab);
  const narrow = tabsAt(80, '');
  expect(narrow).toContain('1 Containers  2 Imag');
  expect(narrow).toContain('8 Netw');
  const filtered = tabsAt(80, 'bench-idle');
  expect(filtered).toContain('1 Containers');
  expect(filtered).toContain('filter: bench-idle');
  expect(filtered.length).toBeLessThanOrEqual(80);
});

test('the notes on the right are each whole or left out at 80 columns, never cut in the middle', () => {
  const line = tabsAt(80, 'acc-webworker-with-a-long-name', ['a', 'b'], true).split('\n')[0] ?? '';
  expect(line.length).toBeLessThanOrEqual(80);
  expect(line).toContain('filter: acc-webworker-with-a-long-name');
  // What did not fit is left out whole: no note starts or ends cut.
  expect(line).not.toMatch(/…/);
  for (const note of ['2 marked', 'running only']) {
    const at = line.indexOf(note.slice(0, 3));
    if (at >= 0) expect(line).toContain(note);
  }
  // A filter longer than the line has room for is cut at its end.
  const long = tabsAt(80, 'x'.repeat(120)).split('\n')[0] ?? '';
  expect(long.length).toBeLessThanOrEqual(80);
  expect(long).toMatch(/filter: x+…/);
});
