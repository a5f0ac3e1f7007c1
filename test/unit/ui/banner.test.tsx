import {render} from 'ink-testing-library';
import {afterEach, expect, test} from 'vitest';
import {Controller} from '../../../source/ui/controller.js';
import {AppRoot} from '../../../source/ui/components/AppRoot.js';
import {DEFAULT_VIEWS} from '../../../source/ui/view-set.js';

const config = {logBufferLines: 10, logTail: 10, shells: [], readonly: false, registries: [], registryOptions: {}};
const tick = () => new Promise(resolve => setTimeout(resolve, 30));
let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

test('the engine away: the banner counts down to the next try, then says the try is under way', async () => {
  const controller = new Controller('unix:///nowhere.sock', config, DEFAULT_VIEWS);
  const instance = render(<AppRoot controller={controller} />);
  unmount = instance.unmount;
  const frame = () => (instance.lastFrame() ?? '').replace(/\x1b\[[0-9;]*m/g, '');
  controller.dispatch({
    type: 'connection',
    connection: {status: 'down', target: 'unix:///nowhere.sock', reason: 'gone', retryAt: Date.now() + 5_000},
  });
  await tick();
  expect(frame()).toMatch(/gone · retrying in [5-6]s \(ctrl-r now\)/);
  // A silent engine: the try takes as long as its first-byte limit, and "retrying in 0s" would stand meanwhile.
  controller.dispatch({
    type: 'connection',
    connection: {status: 'down', target: 'unix:///nowhere.sock', reason: 'gone', retryAt: Date.now() - 1},
  });
  await tick();
  expect(frame()).toMatch(/gone · retrying now/);
  expect(frame()).not.toMatch(/retrying in/);
});
