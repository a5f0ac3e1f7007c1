import {afterEach, expect, test} from 'vitest';
import type {ContainerRow} from '../../../../source/engine/containers/rows.js';
import {Controller} from '../../../../source/ui/controller.js';
import {DEFAULT_VIEWS} from '../../../../source/ui/view-set.js';

// r restarts after a dialog that names its targets, as s stops (a restart stops the process); S starts at once.
const config = {logBufferLines: 10, logTail: 10, shells: [], readonly: false, registries: [], registryOptions: {}};
const controllers: Controller[] = [];
afterEach(() => {
  for (const c of controllers.splice(0)) void c.close();
});

const row: ContainerRow = {
  id: 'c0ffee',
  name: 'web-1',
  image: 'busybox',
  state: 'running',
  status: 'Up 2 minutes',
  ports: '',
  created: 1,
};

test('r asks first, naming the container; y is what restarts it', () => {
  const controller = new Controller('unix:///nowhere.sock', config, DEFAULT_VIEWS);
  controllers.push(controller);
  controller.dispatch({type: 'containers.loaded', items: [row]});
  controller.dispatch({type: 'container.restart'});
  const overlay = controller.store.get().overlay;
  expect(overlay?.kind).toBe('confirm');
  if (overlay?.kind !== 'confirm') return;
  expect(overlay.confirm.title).toBe('Restart this container?');
  expect(overlay.confirm.targets.join('\n')).toContain('web-1');
  expect(overlay.confirm).toMatchObject({operation: 'restart', ids: ['c0ffee']});
});
