import {mkdtempSync, writeFileSync} from 'node:fs';
import {join} from 'node:path';
import {afterAll, beforeAll, describe, expect, test, vi} from 'vitest';
import {loadConfig} from '../../../../source/config.js';
import type {ContainerRow} from '../../../../source/engine/containers/rows.js';
import {Controller} from '../../../../source/ui/controller.js';
import {DEFAULT_KEYMAP, resolveKey} from '../../../../source/ui/keymap.js';
import {activeScopes} from '../../../../source/ui/scopes.js';
import {DEFAULT_VIEWS} from '../../../../source/ui/view-set.js';
import {scratchDir} from '../../../helpers/scratch.js';

const row = (name: string, state = 'running'): ContainerRow => ({
  id: `${name}-0123456789abcdef0123456789abcdef0123456789abcdef0123456789`,
  name,
  image: 'berth-test/busybox:latest',
  state,
  status: state,
  ports: '',
  created: 0,
});

// No desktop tool and no tmux where the tests happen to run.
beforeAll(() => {
  vi.stubEnv('DISPLAY', '');
  vi.stubEnv('WAYLAND_DISPLAY', '');
  vi.stubEnv('TMUX', '');
});
afterAll(() => vi.unstubAllEnvs());

function app(clipboard = true) {
  const controller = new Controller('tcp://t', {clipboard, configFile: '/home/u/.config/berth/config.yml'});
  controller.dispatch({type: 'containers.loaded', items: [row('web'), row('old', 'exited')]});
  return controller;
}
const scratch = scratchDir('berth-copy-config-');

const key = (controller: Controller, name: string) => {
  const action = resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, controller.store.get()), name);
  if (action) controller.dispatch({type: action} as never);
  return action;
};

describe('y: the copy menu', () => {
  test('y in a list opens the menu of the selected row: ID, name, image and docker commands', () => {
    const controller = app();
    expect(key(controller, 'y')).toBe('copy.open');
    const overlay = controller.store.get().overlay;
    expect(overlay?.kind).toBe('copy');
    if (overlay?.kind !== 'copy') return;
    expect(overlay.what).toBe('container web');
    expect(Object.fromEntries(overlay.items.map(item => [item.action, item.text]))).toEqual({
      'copy.id': row('web').id,
      'copy.name': 'web',
      'copy.image': 'berth-test/busybox:latest',
      'copy.logsCommand': 'docker logs -f web',
      'copy.shellCommand': 'docker exec -it web sh',
      'copy.inspectCommand': 'docker inspect web',
      'copy.removeCommand': 'docker rm -f web',
    });
    // Letters the menu does not offer do nothing; esc closes it.
    expect(key(controller, 'd')).toBe('copy.digest');
    expect(controller.store.get().overlay?.kind).toBe('copy');
    key(controller, 'escape');
    expect(controller.store.get().overlay).toBeUndefined();
  });

  test('a stopped container has no shell command, and is removed without -f', () => {
    const controller = app();
    key(controller, 'down');
    key(controller, 'y');
    const overlay = controller.store.get().overlay;
    if (overlay?.kind !== 'copy') throw new Error('no menu');
    expect(overlay.items.map(item => item.action)).not.toContain('copy.shellCommand');
    expect(overlay.items.find(item => item.action === 'copy.removeCommand')?.text).toBe('docker rm old');
  });

  test('a letter closes the menu and copies (no terminal in a unit test: the status says so)', async () => {
    const controller = app();
    key(controller, 'y');
    key(controller, 'n');
    expect(controller.store.get().overlay).toBeUndefined();
    await new Promise(resolve => setTimeout(resolve, 50));
    expect(controller.store.get().status?.text).toBe(
      'copy the name of container web: no terminal to copy to (OSC 52) and no clipboard tool (xclip, wl-copy, pbcopy)',
    );
  });

  test('clipboard: false: y says copying is off and how to turn it on', () => {
    const controller = app(false);
    key(controller, 'y');
    expect(controller.store.get().overlay).toBeUndefined();
    expect(controller.store.get().status?.text).toBe(
      'copying is off (clipboard: false in /home/u/.config/berth/config.yml); set clipboard: true there to turn it on',
    );
  });

  test('the config key: true or false; anything else is named and the default (on) kept', async () => {
    const dir = mkdtempSync(join(scratch, 'config-'));
    writeFileSync(join(dir, 'off.yml'), 'clipboard: false\n');
    writeFileSync(join(dir, 'bad.yml'), 'clipboard: off-ish\n');
    expect((await loadConfig(join(dir, 'off.yml'), {})).config.clipboard).toBe(false);
    const bad = await loadConfig(join(dir, 'bad.yml'), {});
    expect(bad.config.clipboard).toBe(true);
    expect(bad.problems.join()).toMatch(/clipboard must be true or false/);
  });
});
