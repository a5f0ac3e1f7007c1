import {childPath, parentPath, type FileEntry} from '../../../engine/container-files/file-entry.js';
import type {Action} from '../../../store/actions.js';
import {emptyList, makeMatcher, moveCursor} from '../../../store/list.js';
import {memoLast} from '../../../store/memo.js';
import type {AppState} from '../../../store/state.js';
import type {FilesState, FilesTarget} from './state.js';

// The pane's rows besides its list: the frame (2), its title, the line about the directory and the heading; the
// focused list's rows (viewportRows) are the body's less its own heading. Used until the pane says how many it drew.
const PANE_CHROME_ROWS = 4;

// Rows of the pane's list or text on screen, for paging and keeping the cursor in sight.
export const paneRows = (state: AppState) => state.files?.rows ?? Math.max(1, state.viewportRows - PANE_CHROME_ROWS);

// Directories first, then by name (as file managers show them); the filter as typed, even while its prompt is
// open, so the list narrows with each key.
const sorted = memoLast((entries: readonly FileEntry[]) =>
  [...entries].sort((a, b) =>
    (a.kind === 'directory') !== (b.kind === 'directory')
      ? a.kind === 'directory'
        ? -1
        : 1
      : a.name < b.name
        ? -1
        : a.name > b.name
          ? 1
          : 0,
  ),
);
const filtered = memoLast((entries: readonly FileEntry[], filter: string) => {
  if (!filter) return entries;
  const matches = makeMatcher(filter);
  return entries.filter(entry => matches(entry.name));
});

export const NO_ENTRIES: readonly FileEntry[] = [];

export function shownFilter(state: AppState): string {
  const overlay = state.overlay;
  if (overlay?.kind === 'filesPrompt' && overlay.purpose === 'filter') return overlay.draft;
  return state.files?.list.filter ?? '';
}

export function visibleEntries(state: AppState): readonly FileEntry[] {
  const listing = state.files?.listing;
  if (!listing) return NO_ENTRIES;
  return filtered(sorted(listing.entries), shownFilter(state));
}

export function selectedEntry(state: AppState): FileEntry | undefined {
  const files = state.files;
  return files ? visibleEntries(state)[files.list.cursor] : undefined;
}

// The container path of the selected entry (or of the file shown).
export function selectedPath(state: AppState): string | undefined {
  const files = state.files;
  if (!files) return undefined;
  if (files.mode === 'view' && files.view) return files.view.path;
  if (files.mode === 'changes') return undefined;
  const entry = selectedEntry(state);
  return entry ? childPath(files.path, entry.name) : files.path;
}

// f on a container: the pane opens at `path`; again where it was for the same container.
function opened(state: AppState, target: FilesTarget, path: string): AppState {
  const before = state.files;
  const same = before?.id === target.id && before.engine === target.engine;
  const files: FilesState =
    same && before
      ? // Listed again (sizes and times move), the cursor kept where it was.
        {...before, ...target, mode: 'list', error: undefined, listing: undefined, loading: undefined}
      : {...target, path, mode: 'list', list: emptyList()};
  return {...state, files, overlay: {kind: 'files'}};
}

const atPath = (files: FilesState, path: string): FilesState => ({
  ...files,
  path,
  mode: 'list',
  listing: undefined,
  error: undefined,
  list: emptyList(),
});

const clamp = (value: number, low: number, high: number) => Math.max(low, Math.min(high, value));
const withFiles = (state: AppState, files: FilesState): AppState => ({...state, files});

function move(state: AppState, files: FilesState, by: (at: number, page: number, count: number) => number): AppState {
  const page = paneRows(state);
  if (files.mode === 'view' && files.view) {
    const view = files.view;
    const scroll = clamp(by(view.scroll, page, view.lines.length), 0, Math.max(0, view.lines.length - page));
    return withFiles(state, {...files, view: {...view, scroll}});
  }
  if (files.mode === 'changes' && files.changes) {
    const changes = files.changes;
    const scroll = clamp(by(changes.scroll, page, changes.lines.length), 0, Math.max(0, changes.lines.length - page));
    return withFiles(state, {...files, changes: {...changes, scroll}});
  }
  const ids = visibleEntries(state).map(entry => entry.name);
  const list = moveCursor(files.list, ids, by(files.list.cursor, page, ids.length), page);
  // A new state even when nothing moved: the key is the pane's, and the list under the pane must not take it.
  return withFiles(state, list === files.list ? files : {...files, list});
}

// The line of the next (or previous) match after (before) `from`, going round; undefined when none matches.
export function findMatch(lines: readonly string[], search: string, from: number, step: 1 | -1): number | undefined {
  if (!search || !lines.length) return undefined;
  const matches = makeMatcher(search);
  for (let i = 1; i <= lines.length; i++) {
    const at = (((from + step * i) % lines.length) + lines.length) % lines.length;
    if (matches(lines[at] ?? '')) return at;
  }
  return undefined;
}

const backToPane = (state: AppState): AppState => ({...state, overlay: {kind: 'files'}});

// Keys reach the pane only while it is open (its overlay's scopes); news from the engine may come after it closed.
export function reduceFiles(state: AppState, action: Action): AppState {
  if (action.type === 'files.opened') return opened(state, action.target, action.path);
  if (action.type === 'files.copyStarted')
    return {...state, fileCopy: {title: action.title, backToPane: action.backToPane}, overlay: {kind: 'fileCopy'}};
  if (action.type === 'files.copyProgress')
    return state.fileCopy ? {...state, fileCopy: {...state.fileCopy, progress: action.progress}} : state;
  if (action.type === 'files.copyFinished') {
    const job = state.fileCopy;
    const overlay =
      state.overlay?.kind === 'fileCopy'
        ? job?.backToPane && state.files
          ? {kind: 'files' as const}
          : undefined
        : state.overlay;
    return {...state, fileCopy: undefined, overlay};
  }
  const files = state.files;
  if (!files) return state;
  if (action.type === 'files.rows')
    return action.rows === files.rows ? state : withFiles(state, {...files, rows: action.rows});
  const open = state.overlay?.kind === 'files';
  switch (action.type) {
    case 'cursor.up':
      return open ? move(state, files, at => at - 1) : state;
    case 'cursor.down':
      return open ? move(state, files, at => at + 1) : state;
    case 'cursor.pageUp':
      return open ? move(state, files, (at, page) => at - page) : state;
    case 'cursor.pageDown':
      return open ? move(state, files, (at, page) => at + page) : state;
    case 'cursor.home':
      return open ? move(state, files, () => 0) : state;
    case 'cursor.end':
      return open ? move(state, files, (_at, _page, count) => count) : state;
    case 'files.enter': {
      if (!open || files.mode !== 'list' || files.loading) return state;
      const entry = selectedEntry(state);
      // A file is read by the effect (files.viewed); a link may lead to a directory: the effect asks the engine.
      if (entry?.kind !== 'directory') return state;
      return withFiles(state, atPath(files, childPath(files.path, entry.name)));
    }
    case 'files.up':
      if (!open) return state;
      if (files.mode !== 'list') return withFiles(state, {...files, mode: 'list'});
      if (files.path === '/' || files.loading) return state;
      return withFiles(state, atPath(files, parentPath(files.path)));
    case 'files.back':
      if (!open) return state;
      // A listing under way is cancelled by the effect; the pane stays.
      if (files.loading) return state;
      if (files.mode !== 'list') return withFiles(state, {...files, mode: 'list'});
      if (files.list.filter)
        return withFiles(state, {...files, list: {...files.list, filter: '', cursor: 0, scrollTop: 0}});
      return {...state, overlay: undefined};
    case 'files.goTo':
      return withFiles(state, atPath(files, action.path));
    case 'files.reload':
      return open && files.mode === 'list' && !files.loading ? withFiles(state, atPath(files, files.path)) : state;
    case 'files.filter':
      if (!open || files.mode === 'changes') return state;
      return {
        ...state,
        overlay:
          files.mode === 'view'
            ? {kind: 'filesPrompt', purpose: 'search', draft: files.view?.search ?? ''}
            : {kind: 'filesPrompt', purpose: 'filter', draft: files.list.filter},
      };
    case 'files.copyOut': {
      if (!open || files.mode === 'changes') return state;
      const path = selectedPath(state);
      const name = path?.split('/').pop();
      if (!name) return state;
      return {...state, overlay: {kind: 'filesPrompt', purpose: 'copyOut', draft: `./${name}`}};
    }
    case 'files.prompted':
      if (action.purpose === 'filter') {
        const list = {...files.list, filter: action.text, cursor: 0, scrollTop: 0, selectedId: undefined};
        return backToPane(withFiles(state, {...files, list}));
      }
      if (action.purpose === 'search' && files.view) {
        const view = files.view;
        const at = findMatch(view.lines, action.text, view.scroll - 1, 1);
        return backToPane(
          withFiles(state, {...files, view: {...view, search: action.text, scroll: at ?? view.scroll}}),
        );
      }
      return backToPane(state);
    case 'files.next':
    case 'files.previous': {
      if (!open || files.mode !== 'view' || !files.view) return state;
      const view = files.view;
      const at = findMatch(view.lines, view.search, view.scroll, action.type === 'files.next' ? 1 : -1);
      return at === undefined ? state : withFiles(state, {...files, view: {...view, scroll: at}});
    }
    case 'files.loading':
      return withFiles(state, {...files, loading: {what: action.what, bytes: action.bytes}, error: undefined});
    case 'files.listed': {
      if (action.listing.path !== files.path) return state;
      const next = {...files, listing: action.listing, loading: undefined, error: undefined};
      const ids = visibleEntries(withFiles(state, next)).map(entry => entry.name);
      return withFiles(state, {...next, list: moveCursor(files.list, ids, files.list.cursor, paneRows(state))});
    }
    case 'files.viewed':
      return withFiles(state, {...files, mode: 'view', view: action.view, loading: undefined, error: undefined});
    case 'files.changed':
      return withFiles(state, {
        ...files,
        mode: 'changes',
        changes: {lines: action.lines, totals: action.totals, scroll: 0},
        loading: undefined,
        error: undefined,
      });
    case 'files.failed':
      return withFiles(state, {...files, loading: undefined, error: action.error || undefined});
    default:
      return state;
  }
}
