import {afterEach, expect, test} from 'vitest';
import type {ContainerRow} from '../../../../source/engine/containers/rows.js';
import {shownStatus} from '../../../../source/ui/components/StatusLine.js';
import {Controller} from '../../../../source/ui/controller.js';
import {DEFAULT_VIEWS} from '../../../../source/ui/view-set.js';
import {downOverlay} from '../../../helpers/app-state.js';
import {startCompose} from '../../../../source/views/compose/effects.js';
import {shownComposeEngine} from '../../../../source/views/compose/selectors.js';

// View 3 on an engine that is away: compose is not run against it (it failed with a Python traceback of its
// own); the status line says why.
const config = {logBufferLines: 10, logTail: 10, shells: [], readonly: false, registries: [], registryOptions: {}};
const controllers: Controller[] = [];
afterEach(() => {
  for (const c of controllers.splice(0)) void c.close();
});

const member: ContainerRow = {
  id: 'second-shop-web',
  engine: 'second',
  name: 'shop-web-1',
  image: 'busybox',
  state: 'exited',
  status: 'Exited (0)',
  ports: '',
  created: 1,
  compose: {project: 'shop', service: 'web', configFiles: [], oneoff: false},
};

test('u on a project of an engine away: refused with the reason, nothing run', async () => {
  const c = new Controller('unix:///nowhere.sock', config, DEFAULT_VIEWS);
  controllers.push(c);
  c.store.set(state => ({
    ...state,
    engines: [
      {name: 'bench', connection: {status: 'connecting', target: 'tcp://127.0.0.1:2375'}},
      {
        name: 'second',
        connection: {status: 'down', target: 'tcp://127.0.0.1:1', reason: 'connection refused', retryAt: 0},
      },
    ],
    containers: {...state.containers, loaded: true, items: [member]},
  }));
  c.dispatch({type: 'view.show', view: 'compose'});
  c.dispatch({type: 'filter.open'});
  c.dispatch({type: 'overlay.draft', draft: 'engine:second'});
  c.dispatch({type: 'overlay.submit'});
  expect(shownComposeEngine(c.store.get())).toBe('second');
  const started = await startCompose(c.services, 'shop', {op: 'up'});
  expect(started).toBeUndefined();
  const status = shownStatus(c.store.get());
  expect(status?.kind).toBe('error');
  expect(status?.text).toMatch(/engine second is away \(connection refused\)/);
});

test(':compose down NAME with a name view 3 does not know says which there are', () => {
  const c = new Controller('unix:///nowhere.sock', config, DEFAULT_VIEWS);
  controllers.push(c);
  c.store.set(state => ({
    ...state,
    containers: {...state.containers, loaded: true, items: [{...member, engine: undefined}]},
  }));
  c.dispatch({type: 'command.open'});
  c.dispatch({type: 'overlay.draft', draft: 'compose down nosuch'});
  c.dispatch({type: 'overlay.submit'});
  expect(shownStatus(c.store.get())?.text).toMatch(/no compose project named "nosuch" \(there are: shop\)/);
});

// D's dialog opened a moment after up created a container, before berth listed it: the list that comes adds it
// to what the dialog says goes (down then removed a container the dialog had not named).
test("D's dialog follows the project's containers while it is open", () => {
  const c = new Controller('unix:///nowhere.sock', config, DEFAULT_VIEWS);
  controllers.push(c);
  const base = {...member, engine: undefined, id: 'b1', name: 'shop-base-1', state: 'running'};
  const extra = {
    ...base,
    id: 'e1',
    name: 'shop-extra-1',
    compose: {project: 'shop', service: 'extra', configFiles: [], oneoff: false},
  };
  c.dispatch({type: 'containers.loaded', items: [base]});
  c.dispatch({type: 'view.show', view: 'compose'});
  c.store.set(state => ({
    ...state,
    overlay: downOverlay('shop', ['container shop-base-1  (web, running)'], {loading: false}),
  }));
  c.dispatch({type: 'containers.loaded', items: [base, extra]});
  const overlay = c.store.get().overlay;
  const listed = overlay?.kind === 'composeDown' ? overlay.containers.join('\n') : '';
  expect(listed).toContain('container shop-base-1');
  expect(listed).toContain('container shop-extra-1');
});
