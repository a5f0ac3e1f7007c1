// CONTRIBUTING.md's "Adding a list view" holds: the two files of test/helpers/sample-view are a whole list view.
// Added to the app's views, it gets a tab and a key, loads, moves, marks, filters and says when it is empty or
// failed, with nothing written for it anywhere else.
import {readFileSync} from 'node:fs';
import {render} from 'ink-testing-library';
import {afterEach, expect, test} from 'vitest';
import {AppRoot} from '../../../../source/ui/components/AppRoot.js';
import {Controller} from '../../../../source/ui/controller.js';
import {ViewSet} from '../../../../source/ui/view-set.js';
import {MODULES_WITHOUT_TAB, VIEWS} from '../../../../source/views/all-views.js';
import {plugins} from '../../../helpers/sample-view/index.js';
import type {PluginRow} from '../../../helpers/sample-view/state.js';

const config = {logBufferLines: 10, logTail: 10, shells: [], readonly: false, registries: [], registryOptions: {}};
const tick = (ms = 40) => new Promise(resolve => setTimeout(resolve, ms));
const unmounts: (() => void)[] = [];
afterEach(() => {
  for (const unmount of unmounts.splice(0)) unmount();
});

const plugin = (name: string, enabled = true): PluginRow => ({
  id: `${name}-0123456789abcdef`,
  name,
  enabled,
  types: ['docker.volumedriver/1.0'],
});

function mount() {
  const views = new ViewSet([...VIEWS, plugins], MODULES_WITHOUT_TAB);
  const controller = new Controller('unix:///nowhere.sock', config, views);
  const instance = render(<AppRoot controller={controller} />);
  unmounts.push(() => {
    instance.unmount();
    void controller.close();
  });
  return {controller, instance, screen: () => instance.lastFrame() ?? ''};
}

test('the sample view has a tab and a key, and lists, moves, marks and filters its rows', async () => {
  const {controller, instance, screen} = mount();
  controller.dispatch({type: 'plugins.loaded', items: [plugin('sshfs'), plugin('local-persist', false)]});
  instance.stdin.write('0');
  await tick();
  expect(screen()).toContain('0 Plugins');
  expect(screen()).toMatch(/NAME\s+ENABLED\s+TYPES/);
  expect(screen()).toMatch(/sshfs\s+yes\s+docker\.volumedriver\/1\.0/);
  instance.stdin.write('j');
  await tick();
  instance.stdin.write(' ');
  await tick();
  expect(controller.store.get().plugins.list).toMatchObject({cursor: 1, marked: ['local-persist-0123456789abcdef']});
  for (const key of ['/', 's', 's', 'h', '\r']) {
    instance.stdin.write(key);
    await tick(20);
  }
  expect(screen()).toContain('sshfs');
  expect(screen()).not.toContain('local-persist');
});

test('empty and failed lists say so in the kit wording', async () => {
  const {controller, instance, screen} = mount();
  instance.stdin.write('0');
  await tick();
  controller.dispatch({type: 'plugins.loaded', items: []});
  await tick();
  expect(screen()).toMatch(/no plugins/);
  controller.dispatch({type: 'plugins.failed', error: 'permission denied'});
  await tick();
  expect(screen()).toMatch(/plugins.*permission denied/);
});

test("CONTRIBUTING.md shows the sample view's two files as they are", () => {
  const guide = readFileSync('CONTRIBUTING.md', 'utf8');
  for (const file of ['state.ts', 'index.ts'])
    expect(guide).toContain(
      `\`${file}\`:\n\n\`\`\`ts\n${readFileSync(`test/helpers/sample-view/${file}`, 'utf8')}\`\`\``,
    );
});
