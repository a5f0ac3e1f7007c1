import {render} from 'ink-testing-library';
import {afterEach, expect, test} from 'vitest';
import {composeLabels} from '../../../../source/engine/compose/labels.js';
import {Controller} from '../../../../source/ui/controller.js';
import {DEFAULT_VIEWS} from '../../../../source/ui/view-set.js';
import {AppRoot} from '../../../../source/ui/components/AppRoot.js';

const config = {logBufferLines: 10, logTail: 10, shells: [], readonly: false, registries: [], registryOptions: {}};
const tick = () => new Promise(resolve => setTimeout(resolve, 30));
let unmount: (() => void) | undefined;
afterEach(() => unmount?.());

test('view 3 in the real key path; esc then enter in one read are two keys (the second is enter, not a character)', async () => {
  const controller = new Controller('unix:///nowhere.sock', config, DEFAULT_VIEWS);
  const instance = render(<AppRoot controller={controller} />);
  unmount = instance.unmount;
  controller.dispatch({
    type: 'containers.loaded',
    items: [
      {
        id: 'a',
        name: 'shop_web_1',
        image: 'i',
        state: 'running',
        status: 'Up 1 minute',
        ports: '',
        created: 1,
        compose: composeLabels({'com.docker.compose.project': 'shop', 'com.docker.compose.service': 'web'}),
      },
    ],
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

test('hostile project and service labels are shown, never obeyed', async () => {
  const controller = new Controller('unix:///nowhere.sock', config, DEFAULT_VIEWS);
  const instance = render(<AppRoot controller={controller} />);
  unmount = instance.unmount;
  const labels = {
    'com.docker.compose.project': 'evil\x1b]0;pwned\x07\x1b[2Jx',
    'com.docker.compose.service': 'svc\u202egnp',
    'com.docker.compose.project.working_dir': '/tmp/\x1b[31mred',
  };
  controller.dispatch({
    type: 'containers.loaded',
    items: [
      {
        id: 'a',
        name: 'c1',
        image: 'i',
        state: 'running',
        status: 'Up',
        ports: '',
        created: 1,
        compose: composeLabels(labels),
      },
    ],
  });
  instance.stdin.write('3');
  await tick();
  instance.stdin.write('\r');
  await tick();
  const frame = instance.lastFrame() ?? '';
  expect(frame).not.toContain('\x1b]0;');
  expect(frame).not.toContain('\x1b[2J');
  expect(frame).not.toContain('\u202e');
  // The bidi control is a visible marker (dim), cut with the column here.
  expect(frame.replace(/\x1b\[[0-9;]*m/g, '')).toMatch(/svc‹U\+/);
  expect(frame).toMatch(/project evil/);
});
