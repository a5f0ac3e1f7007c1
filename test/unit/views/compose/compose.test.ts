import {describe, expect, test} from 'vitest';
import {composeLabels} from '../../../../source/engine/compose/labels.js';
import type {ContainerRow} from '../../../../source/engine/containers/rows.js';
import {DEFAULT_KEYMAP, readonlyKeymap, resolveKey} from '../../../../source/ui/keymap.js';
import {completeCommandLine} from '../../../../source/ui/complete.js';
import {activeScopes} from '../../../../source/ui/scopes.js';
import {DEFAULT_VIEWS} from '../../../../source/ui/view-set.js';
import {unavailable} from '../../../../source/views/compose/effects.js';
import {selectedProject, selectedService, visibleProjects} from '../../../../source/views/compose/selectors.js';
import {downOverlay, logPane, reduce, unitConfig as config} from '../../../helpers/app-state.js';

const row = (id: string, project: string, service: string, state = 'running'): ContainerRow => ({
  id,
  name: `${project}_${service}_1`,
  image: 'i',
  state,
  status: state,
  ports: '',
  created: 1,
  compose: composeLabels({
    'com.docker.compose.project': project,
    'com.docker.compose.service': service,
    'com.docker.compose.project.working_dir': '/nowhere',
    'com.docker.compose.project.config_files': 'docker-compose.yml',
  }),
});

describe('compose view', () => {
  const start = reduce(
    reduce({...DEFAULT_VIEWS.initialState('t', config), viewportRows: 10}, {type: 'view.show', view: 'compose'}),
    {
      type: 'containers.loaded',
      items: [
        row('a', 'shop', 'web'),
        row('b', 'shop', 'worker', 'exited'),
        row('c', 'blog', 'app'),
        {...row('d', 'x', 'y'), compose: undefined},
      ],
    },
  );

  test('3 shows it; projects from the container list, by name; enter opens the services, esc goes back', () => {
    expect(start.view).toBe('compose');
    expect(visibleProjects(start).map(p => p.name)).toEqual(['blog', 'shop']);
    let state = reduce(start, {type: 'cursor.down'});
    expect(selectedProject(state)?.name).toBe('shop');
    state = reduce(state, {type: 'compose.open'});
    expect(state.compose.open).toBe('shop');
    expect(activeScopes(DEFAULT_VIEWS, state)).toEqual([
      'composeServices',
      'composeActions',
      'list',
      'move',
      'tabs',
      'global',
    ]);
    state = reduce(state, {type: 'cursor.down'});
    expect(selectedService(state)?.container?.id).toBe('b');
    // The project list's cursor did not move while the services had it.
    expect(state.compose.list.cursor).toBe(1);
    expect(resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, state), 'escape')).toBe('compose.back');
    state = reduce(state, {type: 'compose.back'});
    expect(state.compose.open).toBeUndefined();
    expect(selectedProject(state)?.name).toBe('shop');
  });

  test('its keys: b u D L c s S in the project list; hidden with --readonly except logs', () => {
    const scopes = activeScopes(DEFAULT_VIEWS, start);
    expect(['b', 'u', 'D', 'L', 'c', 's', 'S'].map(key => resolveKey(DEFAULT_KEYMAP, scopes, key))).toEqual([
      'compose.build',
      'compose.up',
      'compose.down',
      'compose.projectLogs',
      'compose.output',
      'compose.stop',
      'compose.start',
    ]);
    const readonly = readonlyKeymap(DEFAULT_KEYMAP);
    expect(['b', 'u', 'D', 'L'].map(key => resolveKey(readonly, scopes, key))).toEqual([
      undefined,
      undefined,
      undefined,
      'compose.projectLogs',
    ]);
  });

  test('ctrl-c interrupts compose only in the pane of a running compose command; elsewhere it quits', () => {
    const pane = logPane({
      containerId: 'compose-run:shop:up',
      name: 'shop',
      owner: 'compose',
      kind: 'compose',
      status: 'running',
    });
    const running = reduce(start, {type: 'logs.opened', pane});
    expect(resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, running), 'ctrl-c')).toBe('compose.interrupt');
    const ended = reduce(running, {type: 'logs.changed', version: 1, total: 3, appended: 0, status: 'exit 0'});
    expect(resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, ended), 'ctrl-c')).toBe('app.quit');
    expect(
      resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, reduce(running, {type: 'logs.back'})), 'ctrl-c'),
    ).toBe('app.quit');
    expect(resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, start), 'ctrl-c')).toBe('app.quit');
  });

  test(':compose completes its operations, then the projects', () => {
    const commands = DEFAULT_VIEWS.commands();
    expect(completeCommandLine('compose b', 9, commands, start)).toEqual({draft: 'compose build ', cursor: 14});
    expect(completeCommandLine('compose up s', 12, commands, start)).toEqual({draft: 'compose up shop ', cursor: 16});
    expect(completeCommandLine('compose up ', 11, commands, start).draft).toBe('compose up ');
  });

  test('the down dialog toggles --volumes and --remove-orphans', () => {
    let state = reduce(start, {
      type: 'overlay.show',
      overlay: downOverlay('shop', ['container shop_web_1']),
    });
    expect(activeScopes(DEFAULT_VIEWS, state)[0]).toBe('composeDown');
    state = reduce(reduce(state, {type: 'composeDown.toggleVolumes'}), {type: 'composeDown.toggleOrphans'});
    state = reduce(state, {type: 'composeDown.targets', project: 'shop', networks: ['shop_default'], volumes: []});
    expect(state.overlay).toMatchObject({
      withVolumes: true,
      removeOrphans: true,
      networks: ['shop_default'],
      loading: false,
    });
  });

  test('without files only what works without them is offered, and why', () => {
    const shop = visibleProjects(start).find(p => p.name === 'shop')!;
    expect(shop.filesKnown).toBe(false);
    const v1 = {kind: 'v1' as const, program: 'docker-compose', version: '1.29.2'};
    expect(unavailable(v1, undefined, shop, {op: 'up'})).toMatch(
      /up needs the project's files, and its directory \/nowhere does not exist here/,
    );
    expect(unavailable(v1, undefined, shop, {op: 'down'})).toMatch(/down needs the project's files with compose v1/);
    expect(unavailable({...v1, kind: 'v2', program: 'docker'}, undefined, shop, {op: 'down'})).toBeUndefined();
    expect(unavailable(undefined, 'no compose found: install…', shop, {op: 'build'})).toBe(
      'no compose found: install…',
    );
  });
});
