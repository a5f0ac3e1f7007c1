import {render} from 'ink-testing-library';
import {afterEach, expect, test} from 'vitest';
import {composeLabels} from '../../../source/engine/compose/labels.js';
import {Controller} from '../../../source/ui/controller.js';
import {App} from '../../../source/ui/components/App.js';
import {ControllerContext} from '../../../source/ui/hooks/use-controller.js';
import {DEFAULT_VIEWS} from '../../../source/ui/view-set.js';
import {AppContext} from '../../../source/views/use-store.js';

const config = {logBufferLines: 10, logTail: 10, shells: [], readonly: false, registries: [], registryOptions: {}};
const tick = () => new Promise(resolve => setTimeout(resolve, 30));
let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

test('view 3 in the real key path; esc then enter in one read are two keys (the second is enter, not a character)', async () => {
  const controller = new Controller('unix:///nowhere.sock', config, DEFAULT_VIEWS);
  const instance = render(
    <ControllerContext.Provider value={controller}>
      <AppContext.Provider value={{services: controller.services, keymap: controller.keymap}}>
        <App />
      </AppContext.Provider>
    </ControllerContext.Provider>,
  );
  unmount = instance.unmount;
  controller.dispatch({
    type: 'containers.loaded',
    items: [{id: 'a', name: 'shop_web_1', image: 'i', state: 'running', status: 'Up 1 minute', ports: '', created: 1, compose: composeLabels({'com.docker.compose.project': 'shop', 'com.docker.compose.service': 'web'})}],
  });
  await tick();
  instance.stdin.write('3');
  await tick();
  expect(instance.lastFrame()).toMatch(/shop +running 1\/1/);
  instance.stdin.write('\x1b\r');
  await tick();
  expect(controller.store.get().compose.open).toBe('shop');
  expect(instance.lastFrame()).toMatch(/web +shop_web_1/);
});
