import {render} from 'ink-testing-library';
import {afterEach, expect, test} from 'vitest';
import {Controller} from '../../../source/ui/controller.js';
import {AppRoot} from '../../../source/ui/components/AppRoot.js';
import {DEFAULT_VIEWS} from '../../../source/ui/view-set.js';
import {bannerLines, bannerRows} from '../../../source/ui/components/Banner.js';

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
  expect(frame()).toMatch(/retrying in [5-6]s \(ctrl-r now\) · gone/);
  // A silent engine: the try takes as long as its first-byte limit, and "retrying in 0s" would stand meanwhile.
  controller.dispatch({
    type: 'connection',
    connection: {status: 'down', target: 'unix:///nowhere.sock', reason: 'gone', retryAt: Date.now() - 1},
  });
  await tick();
  expect(frame()).toMatch(/retrying now · gone/);
  expect(frame()).not.toMatch(/retrying in/);
});

test('at 80 columns a long reason wraps whole, every row indented, the countdown never cut', () => {
  const reason =
    'engine tcp://127.0.0.1:2375: connection refused; is dockerd listening there? (check the port, or --host/DOCKER_HOST, or point berth at your engine)';
  const lines = bannerLines(reason, 12, 80);
  expect(lines.length).toBeLessThanOrEqual(3);
  for (const line of lines) {
    expect(line.length).toBeLessThanOrEqual(79);
    expect(line).toMatch(/^ \S/);
  }
  expect(lines[0]).toMatch(/^ retrying in 12s \(ctrl-r now\) · engine/);
  expect(lines.join(' ')).toContain('point berth at your engine)');
  expect(bannerRows(reason, 80)).toBe(lines.length);
});
