import type {Action} from '../../../store/actions.js';
import type {AppState} from '../../../store/state.js';
import {openedAtFirst, shownFiles, shownLayer} from './files.js';
import type {FilesMode, LayersOverlay} from './state.js';

const MODES: readonly FilesMode[] = ['layer', 'merged', 'waste'];

function withOverlay(state: AppState, change: (overlay: LayersOverlay) => LayersOverlay | undefined): AppState {
  const overlay = state.overlay;
  if (overlay?.kind !== 'layers') return state;
  const next = change(overlay);
  return next ? {...state, overlay: {...next, kind: 'layers'}} : state;
}

// The files part with focus: its cursor is the overlay's scroll, its row count what the shell scrolls over.
function focusFiles(overlay: LayersOverlay, expanded: ReadonlySet<string>, cursor: number): LayersOverlay {
  const layer = shownLayer(overlay);
  const next: LayersOverlay = {...overlay, focus: 'files', layer, expanded, scroll: cursor, fileCursor: cursor};
  return {...next, count: shownFiles(next).rows.length};
}

// tab: from the layers to the files of the one under the cursor (opened as at first when it is another), and back.
function toggleFocus(o: LayersOverlay): LayersOverlay | undefined {
  if (!o.result) return undefined;
  if (o.focus === 'files')
    return {...o, focus: 'layers', fileCursor: o.scroll, scroll: o.layer, count: o.result.layers.length};
  const moved = o.mode === 'layer' && shownLayer(o) !== o.layer;
  return focusFiles(o, moved ? openedAtFirst(o.result, o.mode, shownLayer(o)) : o.expanded, moved ? 0 : o.fileCursor);
}

export function reduceLayers(state: AppState, action: Action): AppState {
  switch (action.type) {
    case 'layers.started':
      return {
        ...state,
        overlay: {
          kind: 'layers',
          job: action.job,
          title: action.title,
          focus: 'layers',
          scroll: 0,
          layer: 0,
          fileCursor: 0,
          mode: 'layer',
          expanded: new Set(),
          count: 0,
        },
      };
    case 'layers.progress':
      return withOverlay(state, o => (o.job === action.job ? {...o, progress: action.progress} : undefined));
    case 'layers.failed':
      return withOverlay(state, o => (o.job === action.job ? {...o, error: action.error} : undefined));
    case 'layers.done':
      return withOverlay(state, o =>
        o.job === action.job
          ? {
              ...o,
              result: action.result,
              count: action.result.layers.length,
              expanded: openedAtFirst(action.result, 'layer', 0),
            }
          : undefined,
      );
    case 'layers.close':
      return state.overlay?.kind === 'layers' ? {...state, overlay: undefined} : state;
    case 'layers.focus':
      return withOverlay(state, toggleFocus);
    case 'layers.mode':
      return withOverlay(state, o => {
        if (!o.result) return undefined;
        const mode = MODES[(MODES.indexOf(o.mode) + 1) % MODES.length] ?? 'layer';
        const next = {...o, mode, layer: shownLayer(o), fileCursor: 0};
        const expanded = openedAtFirst(o.result, mode, next.layer);
        return o.focus === 'files' ? focusFiles(next, expanded, 0) : {...next, expanded};
      });
    case 'layers.open':
      return withOverlay(state, o => {
        if (!o.result) return undefined;
        if (o.focus === 'layers') return toggleFocus(o);
        const row = shownFiles(o).rows[o.scroll];
        if (!row?.node.children || o.expanded.has(row.path)) return undefined;
        return focusFiles(o, new Set([...o.expanded, row.path]), o.scroll);
      });
    case 'layers.shut':
      return withOverlay(state, o => {
        if (!o.result || o.focus === 'layers') return undefined;
        const {rows} = shownFiles(o);
        const row = rows[o.scroll];
        if (!row) return undefined;
        if (row.node.children && o.expanded.has(row.path)) {
          const expanded = new Set(o.expanded);
          expanded.delete(row.path);
          return focusFiles(o, expanded, o.scroll);
        }
        // On a file or a closed directory: up to the directory it is in.
        const parent = row.path.slice(0, Math.max(0, row.path.lastIndexOf('/')));
        const at = rows.findIndex(r => r.path === parent);
        return at < 0 ? undefined : {...o, scroll: at, fileCursor: at};
      });
  }
  return state;
}
