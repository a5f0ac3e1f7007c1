import {describe, expect, test} from 'vitest';
import {DEFAULT_KEYMAP, resolveKey} from '../../../../../source/ui/keymap.js';
import {activeScopes} from '../../../../../source/ui/scopes.js';
import {DEFAULT_VIEWS} from '../../../../../source/ui/view-set.js';
import {defaultArchivePath} from '../../../../../source/views/kit/archives/reducer.js';
import {reduce, unitConfig as config} from '../../../../helpers/app-state.js';

const row = {id: 'c1', name: 'web-1', image: 'busybox', state: 'exited', status: 'Exited (0)', ports: '', created: 1};
const listed = reduce(DEFAULT_VIEWS.initialState('t', config), {type: 'containers.loaded', items: [row]});

describe('archives: reducer and keys', () => {
  test('x in view 1 opens the path prompt for the selected container, with a path made from its name', () => {
    expect(resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, listed), 'x')).toBe('archive.exportPrompt');
    const state = reduce(listed, {type: 'archive.exportPrompt'});
    expect(state.overlay).toEqual({kind: 'archivePath', draft: './web-1.tar', operation: 'export', targets: ['web-1']});
  });

  test('the progress window takes esc (cancel) and closes when the archive ends; progress lands in the job', () => {
    const job = {
      request: {operation: 'save' as const, targets: ['a'], path: '/tmp/a.tar'},
      title: 'saving a to /tmp/a.tar',
    };
    let state = reduce(listed, {type: 'archive.started', job});
    expect(state.overlay?.kind).toBe('archiveProgress');
    expect(resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, state), 'escape')).toBe('archive.cancel');
    state = reduce(state, {
      type: 'archive.progress',
      progress: {bytes: 10, total: 100, rate: 5, percent: 10, phase: 'transfer'},
    });
    expect(state.archives.job?.progress?.percent).toBe(10);
    state = reduce(state, {type: 'archive.finished'});
    expect(state.overlay).toBeUndefined();
    expect(state.archives.job).toBeUndefined();
  });

  test('default paths are file names', () => {
    expect(defaultArchivePath('127.0.0.1:5000/apps/web:1.1')).toBe('./127.0.0.1-5000-apps-web-1.1.tar');
    expect(defaultArchivePath('../../../etc')).toBe('./etc.tar');
  });
});
