import {describe, expect, test} from 'vitest';
import {toImageRows, type ImageRow} from '../../../../source/engine/images/list.js';
import type {Action} from '../../../../source/store/actions.js';
import type {AppState, Overlay} from '../../../../source/store/state.js';
import {resolveKey, DEFAULT_KEYMAP} from '../../../../source/ui/keymap.js';
import {reduceApp} from '../../../../source/ui/reducer.js';
import {activeScopes} from '../../../../source/ui/scopes.js';
import {DEFAULT_VIEWS} from '../../../../source/ui/view-set.js';
import {parsePruneArgs} from '../../../../source/views/images/commands.js';
import {createFromForm, openCreate, parseCreate} from '../../../../source/views/images/create.js';
import {targetImages} from '../../../../source/views/images/list.js';
import {reduce, unitConfig as config} from '../../../helpers/app-state.js';

const image = (id: string, tags: string[], created: number): ImageRow[] =>
  toImageRows({Id: `sha256:${id.padEnd(64, '0')}`, Created: created, Size: 1, RepoTags: tags}, 0);

describe('images view', () => {
  const start = reduce(
    reduce({...DEFAULT_VIEWS.initialState('t', config), viewportRows: 5}, {type: 'view.show', view: 'images'}),
    {
      type: 'images.loaded',
      items: [...image('a', ['app:1', 'app:2'], 3), ...image('b', [], 2), ...image('c', ['db:1'], 1)],
    },
  );

  test('each tag is a row; marks act on rows; the filter matches name:tag and short ID', () => {
    expect(start.images.items.map(row => row.reference)).toEqual(['app:1', 'app:2', 'b00000000000', 'db:1']);
    // space marks and moves on, as in the containers view.
    let state = reduce(start, {type: 'list.mark'});
    state = reduce(state, {type: 'list.mark'});
    expect(targetImages(state).map(row => row.reference)).toEqual(['app:1', 'app:2']);
    state = reduce(reduce(start, {type: 'filter.open'}), {type: 'overlay.draft', draft: 'db:'});
    expect(targetImages(reduce(state, {type: 'overlay.submit'})).map(row => row.reference)).toEqual(['db:1']);
  });

  test('a and D are exclusive toggles; its keys apply only while it shows', () => {
    const all = reduce(start, {type: 'images.toggleAll'});
    expect(all.images).toMatchObject({all: true, dangling: false});
    expect(reduce(all, {type: 'images.toggleDangling'}).images).toMatchObject({all: false, dangling: true});
    const scopes = activeScopes(DEFAULT_VIEWS, start);
    expect(scopes[0]).toBe('images');
    expect(resolveKey(DEFAULT_KEYMAP, scopes, 'D')).toBe('images.toggleDangling');
    expect(resolveKey(DEFAULT_KEYMAP, scopes, 'enter')).toBe('images.history');
    expect(resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, {...start, view: 'containers'}), 'D')).not.toBe(
      'images.toggleDangling',
    );
  });

  test('the c form: tab moves through the fields, space flips tty, the fields become the request', () => {
    let overlay: Overlay | undefined;
    const services = {
      store: {get: () => ({...start, view: 'images'})},
      dispatch: (a: {type: string; overlay?: Overlay}) => (overlay = a.overlay),
    } as never;
    openCreate(services, 'busybox:1');
    let state: AppState = {...start, overlay};
    const step = (action: Action) => (state = reduceApp(DEFAULT_VIEWS, state, action, DEFAULT_KEYMAP));
    step({type: 'overlay.draft', draft: 'web-1'});
    step({type: 'form.next'});
    step({type: 'overlay.draft', draft: 'sh -c "echo hi; sleep 1"'});
    step({type: 'form.next'});
    step({type: 'overlay.draft', draft: 'A="x y" B=2'});
    step({type: 'form.next'});
    step({type: 'form.toggle'});
    step({type: 'form.previous'});
    const form = state.overlay as Extract<Overlay, {kind: 'imageCreate'}>;
    expect(form.draft).toBe('A="x y" B=2');
    expect(createFromForm('busybox:1', form)).toEqual({
      name: 'web-1',
      image: 'busybox:1',
      cmd: ['sh', '-c', 'echo hi; sleep 1'],
      env: ['A=x y', 'B=2'],
      tty: true,
    });
    expect(() => createFromForm('busybox:1', {...form, draft: 'NOVALUE'})).toThrow(/env "NOVALUE": write KEY=VALUE/);
    // An empty name is the engine's to pick.
    expect(createFromForm('busybox:1', {...form, form: {...form.form, focus: 0}, draft: ''}).name).toBeUndefined();
  });

  test(':prune and :create parse their words', () => {
    expect(parsePruneArgs([])).toEqual({kind: 'system', all: false, volumes: false});
    expect(parsePruneArgs(['--all', '--volumes'])).toEqual({kind: 'system', all: true, volumes: true});
    expect(parsePruneArgs(['volumes', '--all'])).toEqual({kind: 'volumes', all: true});
    expect(() => parsePruneArgs(['images', '--volumes'])).toThrow(/takes --all only/);
    expect(() => parsePruneArgs(['--bogus'])).toThrow(/unknown option/);
    expect(parseCreate('img', ['web', '-t', '-e', 'A=1', 'sh', '-c', 'x'])).toEqual({
      name: 'web',
      image: 'img',
      cmd: ['sh', '-c', 'x'],
      env: ['A=1'],
      tty: true,
    });
    expect(parseCreate(undefined, ['web', 'img', 'true'])).toMatchObject({name: 'web', image: 'img', cmd: ['true']});
    expect(() => parseCreate(undefined, ['web'])).toThrow(/give an image/);
  });
});
