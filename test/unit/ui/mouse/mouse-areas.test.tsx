import {render} from 'ink-testing-library';
import {afterEach, expect, test} from 'vitest';
import {composeLabels} from '../../../../source/engine/compose/labels.js';
import {toNodeRow, toSecretRow, toServiceRow} from '../../../../source/engine/swarm/lists.js';
import type {ContainerRow} from '../../../../source/engine/containers/rows.js';
import {Controller} from '../../../../source/ui/controller.js';
import {AppRoot} from '../../../../source/ui/components/AppRoot.js';
import {routeMouse} from '../../../../source/ui/mouse/route.js';
import type {MouseEvent} from '../../../../source/ui/mouse/sgr.js';
import {DEFAULT_VIEWS} from '../../../../source/ui/view-set.js';
import {at} from '../../../helpers/found.js';

// Where the mouse thinks a row is must be where the frame shows it: each view's mouseAreas against the frame Ink
// draws, with the banner above the tabs, message lines and notes above the rows.
const config = {logBufferLines: 10, logTail: 10, shells: [], readonly: false, registries: [], registryOptions: {}};
const tick = () => new Promise(resolve => setTimeout(resolve, 30));
let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

const leftClick = (column: number, row: number): MouseEvent => ({
  button: 'left',
  release: false,
  drag: false,
  column,
  row,
});

const container = (name: string, project?: string): ContainerRow => ({
  id: `id-${name}`,
  name,
  image: 'busybox',
  state: 'running',
  status: 'Up 1 minute',
  ports: '',
  created: 1,
  compose: composeLabels(
    project ? {'com.docker.compose.project': project, 'com.docker.compose.service': name.split('_')[1] ?? name} : {},
  ),
});

async function app() {
  const controller = new Controller('unix:///nowhere.sock', config, DEFAULT_VIEWS);
  const instance = render(<AppRoot controller={controller} />);
  unmount = instance.unmount;
  await tick();
  return {controller, instance, frame: () => (instance.lastFrame() ?? '').replace(/\x1b\[[0-9;]*m/g, '')};
}

// Clicks each name where the frame shows it and expects the cursor on it.
async function clickEach(
  setup: Awaited<ReturnType<typeof app>>,
  names: readonly string[],
  cursor: () => number,
): Promise<void> {
  for (const [index, name] of [...names.entries()].reverse()) {
    const lines = setup.frame().split('\n');
    // The name as a word of its own (a project's name is also the start of its containers' names).
    const word = new RegExp(`(^|[^\\w-])${name}(\\s|$)`);
    const row = lines.findIndex(line => word.test(line));
    expect(row, `${name} on screen:\n${setup.frame()}`).toBeGreaterThan(-1);
    routeMouse(setup.controller, leftClick(at(lines, row).search(word) + 2, row + 1));
    await tick();
    expect(cursor(), `click on ${name} (row ${row + 1})`).toBe(index);
  }
}

test('view 1: a click selects the row drawn there, under the connecting banner and with the engine away', async () => {
  const setup = await app();
  const names = ['alpha', 'bravo', 'charlie', 'delta'];
  setup.controller.dispatch({type: 'containers.loaded', items: names.map(name => container(name))});
  await tick();
  // The banner says "connecting" (one row over the tabs).
  expect(setup.frame()).toContain('connecting to');
  await clickEach(setup, names, () => setup.controller.store.get().containers.list.cursor);
  // The engine away: a two-row banner, and the list's message line over the rows.
  setup.controller.dispatch({
    type: 'connection',
    connection: {status: 'down', target: 'unix:///nowhere.sock', reason: 'gone', retryAt: Date.now() + 60_000},
  });
  await tick();
  expect(setup.frame()).toContain('engine not connected');
  await clickEach(setup, names, () => setup.controller.store.get().containers.list.cursor);
});

test('view 3: projects (heading, message) and a project’s services (its notes over the heading)', async () => {
  const setup = await app();
  setup.controller.dispatch({
    type: 'containers.loaded',
    items: [container('shop_web', 'shop'), container('shop_db', 'shop'), container('blog_app', 'blog')],
  });
  setup.controller.dispatch({type: 'view.compose'});
  await tick();
  await clickEach(setup, ['blog', 'shop'], () => setup.controller.store.get().compose.list.cursor);
  // Two clicks on the same row within 400 ms are enter: the project opens.
  const lines = setup.frame().split('\n');
  const row = lines.findIndex(line => /\bshop /.test(line));
  routeMouse(setup.controller, leftClick(5, row + 1));
  await tick();
  expect(setup.controller.store.get().compose.open).toBeUndefined();
  routeMouse(setup.controller, leftClick(5, row + 1));
  await tick();
  expect(setup.controller.store.get().compose.open).toBe('shop');
  await clickEach(setup, ['shop_db', 'shop_web'], () => setup.controller.store.get().compose.services.cursor);
});

test('a click on a tab shows its view; a click on a heading sorts by it, again the other way', async () => {
  const setup = await app();
  setup.controller.dispatch({type: 'containers.loaded', items: [container('alpha')]});
  await tick();
  const lines = setup.frame().split('\n');
  const heading = lines.findIndex(line => /^\s+NAME/.test(line));
  const name = at(lines, heading).indexOf('NAME') + 2;
  routeMouse(setup.controller, leftClick(name, heading + 1));
  await tick();
  expect(setup.controller.store.get().sorts.containers).toEqual({column: 'name', descending: false});
  routeMouse(setup.controller, leftClick(name, heading + 1));
  await tick();
  expect(setup.controller.store.get().sorts.containers).toEqual({column: 'name', descending: true});
  const tabs = lines.findIndex(line => line.includes('Volumes'));
  routeMouse(setup.controller, leftClick(at(lines, tabs).indexOf('Volumes') + 2, tabs + 1));
  await tick();
  expect(setup.controller.store.get().view).toBe('volumes');
});

test('with M the mouse does nothing until M again', async () => {
  const setup = await app();
  setup.controller.dispatch({type: 'containers.loaded', items: [container('alpha'), container('bravo')]});
  setup.controller.dispatch({type: 'mouse.toggle'});
  await tick();
  expect(setup.frame()).toContain('mouse off: M');
  const lines = setup.frame().split('\n');
  const row = lines.findIndex(line => line.includes(' bravo'));
  routeMouse(setup.controller, leftClick(5, row + 1));
  expect(setup.controller.store.get().containers.list.cursor).toBe(0);
  setup.controller.dispatch({type: 'mouse.toggle'});
  routeMouse(setup.controller, leftClick(5, row + 1));
  expect(setup.controller.store.get().containers.list.cursor).toBe(1);
});

test('over a dialog clicks do nothing; the wheel scrolls one that scrolls (help)', async () => {
  const setup = await app();
  setup.controller.dispatch({type: 'containers.loaded', items: [container('alpha'), container('bravo')]});
  setup.controller.dispatch({type: 'help.toggle'});
  await tick();
  const lines = setup.frame().split('\n');
  routeMouse(setup.controller, leftClick(5, 5));
  expect(setup.controller.store.get().overlay?.kind).toBe('help');
  expect(setup.controller.store.get().containers.list.cursor).toBe(0);
  routeMouse(setup.controller, {...leftClick(5, lines.length - 3), button: 'wheelDown'});
  const overlay = setup.controller.store.get().overlay;
  expect(overlay && 'scroll' in overlay ? overlay.scroll : undefined).toBe(3);
});

test('view 6: the lists line, the heading and the rows of services, then of nodes', async () => {
  const setup = await app();
  const service = (name: string) =>
    toServiceRow({
      ID: `svc-${name}-0000000`,
      Spec: {Name: name, Mode: {Replicated: {Replicas: 1}}, TaskTemplate: {ContainerSpec: {Image: 'app:1'}}},
      ServiceStatus: {RunningTasks: 1, DesiredTasks: 1},
    });
  const node = (id: string, host: string) =>
    toNodeRow(
      {ID: id, Description: {Hostname: host}, Spec: {Role: 'worker', Availability: 'active'}, Status: {State: 'ready'}},
      'n1',
    );
  setup.controller.dispatch({type: 'swarm.role', role: {state: 'active', manager: true, nodeId: 'n1'}});
  setup.controller.dispatch({type: 'view.swarm'});
  setup.controller.dispatch({
    type: 'swarm.loaded',
    services: ['web', 'api', 'worker'].map(service),
    nodes: [node('n1', 'host-one'), node('n2', 'host-two')],
    secrets: [toSecretRow({ID: 's1', Spec: {Name: 'token'}})],
  });
  await tick();
  const state = () => setup.controller.store.get().swarm;
  await clickEach(setup, ['web', 'api', 'worker'], () => state().lists.services.cursor);
  setup.controller.dispatch({type: 'swarm.showNodes'});
  await tick();
  await clickEach(setup, ['host-one', 'host-two'], () => state().lists.nodes.cursor);
});
