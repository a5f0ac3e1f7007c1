import {afterEach, expect, test} from 'vitest';
import {Controller} from '../../../../source/ui/controller.js';
import {DEFAULT_VIEWS} from '../../../../source/ui/view-set.js';
import {addRegistry} from '../../../../source/views/registry/effects.js';

const config = {logBufferLines: 1, logTail: 1, shells: [], readonly: false, registries: [], registryOptions: {}};
const controllers: Controller[] = [];
afterEach(() => {
  for (const c of controllers.splice(0)) void c.close();
});

// + starts its prompt with https://: a URL pasted whole after it is taken as pasted (it read
// "https://https://127.0.0.1:5000: has a path").
test.each([
  ['https://https://127.0.0.1:5000', 'https://127.0.0.1:5000'],
  ['https://http://localhost:5000', 'http://localhost:5000'],
  ['https://127.0.0.1:5000', 'https://127.0.0.1:5000'],
])('%s is added as %s', async (typed, added) => {
  const c = new Controller('unix:///nowhere.sock', config, DEFAULT_VIEWS);
  controllers.push(c);
  await addRegistry(c.services, typed);
  expect(c.store.get().registry.urls).toEqual([added]);
});
