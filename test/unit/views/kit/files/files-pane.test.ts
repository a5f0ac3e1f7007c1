import {describe, expect, test} from 'vitest';
import type {FileEntry} from '../../../../../source/engine/container-files/file-entry.js';
import {changeTree} from '../../../../../source/engine/container-files/changes.js';
import type {Action} from '../../../../../source/store/actions.js';
import type {AppState} from '../../../../../source/store/state.js';
import {DEFAULT_KEYMAP, resolveKey} from '../../../../../source/ui/keymap.js';
import {activeScopes} from '../../../../../source/ui/scopes.js';
import {DEFAULT_VIEWS} from '../../../../../source/ui/view-set.js';
import {findMatch, selectedPath, visibleEntries} from '../../../../../source/views/kit/files/reducer.js';
import {modified} from '../../../../../source/views/kit/files/table.js';
import {localPath} from '../../../../../source/views/kit/files/effects.js';
import {reduce, unitConfig as config} from '../../../../helpers/app-state.js';

const run = (state: AppState, ...actions: Action[]) => actions.reduce(reduce, state);
const keyIn = (state: AppState, key: string) => resolveKey(DEFAULT_KEYMAP, activeScopes(DEFAULT_VIEWS, state), key);
const row = {id: 'c1', name: 'web-1', image: 'busybox', state: 'running', status: 'Up', ports: '', created: 1};
const listed = run(
  DEFAULT_VIEWS.initialState('t', config),
  {type: 'containers.loaded', items: [row]},
  {
    type: 'viewport',
    rows: 20,
  },
);

const entry = (name: string, kind: FileEntry['kind'] = 'file'): FileEntry => ({
  name,
  kind,
  size: 10,
  mode: 0o644,
  owner: 'root',
  group: 'root',
  mtime: 0,
});
const target = {id: 'c1', name: 'web-1', running: true};
const opened = run(
  listed,
  {type: 'files.opened', target, path: '/'},
  {
    type: 'files.listed',
    listing: {
      path: '/',
      entries: [entry('zz'), entry('etc', 'directory'), entry('.env'), entry('bin', 'directory')],
      truncated: false,
      via: 'exec',
    },
  },
);

describe('files pane: keys', () => {
  test('f on a container asks for the pane; the pane takes its own keys, then moving, then :, q and ?', () => {
    expect(keyIn(listed, 'f')).toBe('files.open');
    expect(opened.overlay).toEqual({kind: 'files'});
    expect(keyIn(opened, 'enter')).toBe('files.enter');
    expect(keyIn(opened, 'backspace')).toBe('files.up');
    expect(keyIn(opened, 'escape')).toBe('files.back');
    expect(keyIn(opened, '/')).toBe('files.filter');
    expect(keyIn(opened, 'y')).toBe('files.copyPath');
    expect(keyIn(opened, 'c')).toBe('files.copyOut');
    expect(keyIn(opened, 'D')).toBe('files.changes');
    // n and N search in a file; in a directory they are nothing of the pane's.
    expect(keyIn(opened, 'n')).toBeUndefined();
    expect(keyIn(opened, 'j')).toBe('cursor.down');
    expect(keyIn(opened, ':')).toBe('command.open');
    expect(keyIn(opened, 'q')).toBe('app.quit');
  });

  test('a copy under way takes esc to cancel it', () => {
    const copying = reduce(opened, {type: 'files.copyStarted', title: 'copying', backToPane: true});
    expect(copying.overlay).toEqual({kind: 'fileCopy'});
    expect(keyIn(copying, 'escape')).toBe('files.copyCancel');
    const progressed = reduce(copying, {
      type: 'files.copyProgress',
      progress: {bytes: 5, rate: 1, phase: 'transfer'},
    });
    expect(progressed.fileCopy?.progress?.bytes).toBe(5);
    // Started from the pane: the pane comes back when it ends.
    expect(reduce(progressed, {type: 'files.copyFinished'}).overlay).toEqual({kind: 'files'});
    const fromCommand = run(
      listed,
      {type: 'files.copyStarted', title: 'copying', backToPane: false},
      {
        type: 'files.copyFinished',
      },
    );
    expect(fromCommand.overlay).toBeUndefined();
  });
});

describe('files pane: reducer', () => {
  test('directories first, then names; the filter narrows while it is typed', () => {
    expect(visibleEntries(opened).map(e => e.name)).toEqual(['bin', 'etc', '.env', 'zz']);
    const typing = run(opened, {type: 'files.filter'}, {type: 'overlay.draft', draft: 'e'});
    expect(typing.overlay).toMatchObject({kind: 'filesPrompt', purpose: 'filter'});
    expect(visibleEntries(typing).map(e => e.name)).toEqual(['etc', '.env']);
    const kept = reduce(typing, {type: 'files.prompted', purpose: 'filter', text: 'e'});
    expect(kept.overlay).toEqual({kind: 'files'});
    expect(kept.files?.list.filter).toBe('e');
    // esc clears the filter first, then closes the pane.
    const cleared = reduce(kept, {type: 'files.back'});
    expect(cleared.files?.list.filter).toBe('');
    expect(reduce(cleared, {type: 'files.back'}).overlay).toBeUndefined();
  });

  test('enter opens a directory (a new listing is due), backspace goes up, not above /', () => {
    const atEtc = run(opened, {type: 'cursor.down'}, {type: 'files.enter'});
    expect(atEtc.files?.path).toBe('/etc');
    expect(atEtc.files?.listing).toBeUndefined();
    const up = reduce(atEtc, {type: 'files.up'});
    expect(up.files?.path).toBe('/');
    expect(reduce(up, {type: 'files.up'})).toBe(up);
    // enter on a file leaves the path: the effect reads it.
    const onFile = run(opened, {type: 'cursor.end'}, {type: 'files.enter'});
    expect(onFile.files?.path).toBe('/');
    expect(selectedPath(onFile)).toBe('/zz');
  });

  test('moving keys stay in the pane, even where the cursor cannot move (the list under it keeps its row)', () => {
    const two = {...row, id: 'c2', name: 'web-2'};
    const both = run(opened, {type: 'containers.loaded', items: [row, two]});
    const pressed = run(both, {type: 'cursor.up'}, {type: 'cursor.down'}, {type: 'cursor.end'}, {type: 'cursor.down'});
    expect(pressed.files?.list.cursor).toBe(3);
    expect(pressed.containers.list.cursor).toBe(both.containers.list.cursor);
  });

  test('a listing of another path than the one shown is dropped; the cursor stays on the list', () => {
    const moved = run(opened, {type: 'cursor.end'});
    expect(moved.files?.list.cursor).toBe(3);
    const stale = reduce(moved, {
      type: 'files.listed',
      listing: {path: '/etc', entries: [], truncated: false, via: 'exec'},
    });
    expect(stale).toBe(moved);
  });

  test('a file: shown, searched with n and N, back to the list with backspace or esc', () => {
    const lines = ['alpha', 'beta', 'gamma', 'beta again'];
    const viewing = reduce(opened, {
      type: 'files.viewed',
      view: {path: '/zz', size: 30, binary: false, truncated: false, lines, search: '', scroll: 0},
    });
    expect(viewing.files?.mode).toBe('view');
    expect(keyIn(viewing, 'n')).toBe('files.next');
    expect(keyIn(viewing, 'N')).toBe('files.previous');
    expect(keyIn(viewing, 'enter')).toBeUndefined();
    expect(run(viewing, {type: 'files.filter'}).overlay).toMatchObject({kind: 'filesPrompt', purpose: 'search'});
    const found = reduce(viewing, {type: 'files.prompted', purpose: 'search', text: 'beta'});
    expect(found.files?.view?.scroll).toBe(1);
    expect(reduce(found, {type: 'files.next'}).files?.view?.scroll).toBe(3);
    expect(reduce(found, {type: 'files.previous'}).files?.view?.scroll).toBe(3);
    expect(reduce(found, {type: 'files.up'}).files?.mode).toBe('list');
    expect(reduce(found, {type: 'files.back'}).files?.mode).toBe('list');
    expect(findMatch(lines, 'nothing', 0, 1)).toBeUndefined();
  });

  test('c prompts for a local path named after the selection', () => {
    const prompting = run(opened, {type: 'cursor.down'}, {type: 'files.copyOut'});
    expect(prompting.overlay).toEqual({kind: 'filesPrompt', purpose: 'copyOut', draft: './etc'});
  });

  test('loading blocks moving away; a failure is said in the pane', () => {
    const loading = reduce(opened, {type: 'files.loading', what: 'listing /', bytes: 100});
    expect(reduce(loading, {type: 'files.back'})).toBe(loading);
    const failed = reduce(loading, {type: 'files.failed', error: 'no such directory'});
    expect(failed.files?.loading).toBeUndefined();
    expect(failed.files?.error).toBe('no such directory');
  });

  test('f again on the same container comes back where it was', () => {
    const atEtc = run(opened, {type: 'cursor.down'}, {type: 'files.enter'}, {type: 'files.back'}, {type: 'files.back'});
    expect(atEtc.overlay).toBeUndefined();
    const again = reduce(atEtc, {type: 'files.opened', target, path: '/'});
    expect(again.files?.path).toBe('/etc');
    const other = reduce(atEtc, {type: 'files.opened', target: {...target, id: 'c2'}, path: '/app'});
    expect(other.files?.path).toBe('/app');
  });
});

describe('files pane: what it draws from', () => {
  test('changes as a tree with counts below each directory', () => {
    const {lines, totals} = changeTree([
      {path: '/etc', kind: 'C'},
      {path: '/etc/hosts', kind: 'C'},
      {path: '/tmp/new', kind: 'A'},
      {path: '/var/log/old', kind: 'D'},
    ]);
    expect(totals).toEqual({A: 1, C: 2, D: 1});
    expect(lines.map(line => `${'  '.repeat(line.depth)}${line.kind ?? ' '} ${line.name}`)).toEqual([
      'C etc',
      '  C hosts',
      '  tmp',
      '  A new',
      '  var',
      '    log',
      '    D old',
    ]);
    expect(lines.find(line => line.name === 'var')?.below).toEqual({A: 0, C: 0, D: 1});
  });

  test('local paths keep the ends docker cp reads meaning from', () => {
    expect(localPath('/tmp/x/')).toBe('/tmp/x/');
    expect(localPath('/tmp/x/.')).toBe('/tmp/x/.');
    expect(localPath('/tmp/x')).toBe('/tmp/x');
    expect(localPath('  ')).toBe(process.cwd());
    expect(localPath('~/a')).toMatch(/^\/.*\/a$/);
  });

  test('times as ls -l prints them', () => {
    expect(modified(0)).toMatch(/^19(69|70)-\d\d-\d\d \d\d:\d\d$/);
  });
});
