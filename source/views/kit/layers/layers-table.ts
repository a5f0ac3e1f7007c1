import type {LayerSummary} from '../../../engine/layers/analysis.js';
import {memoLast} from '../../../store/memo.js';
import type {ListState} from '../../../store/list.js';
import type {AppState} from '../../../store/state.js';
import {bytes} from '../../../text/format.js';
import type {Column} from '../columns.js';
import {table} from '../table.js';
import {shownLayer} from './files.js';

// The layer table shows this many layers at most; the files get the rest of the pane.
export const LAYER_ROWS = 6;

const COLUMNS: readonly Column<LayerSummary>[] = [
  {id: 'index', title: '#', cell: row => String(row.index + 1), align: 'right', required: true},
  {id: 'size', title: 'SIZE', cell: row => bytes(row.size), align: 'right', required: true},
  {id: 'added', title: 'ADD', cell: row => String(row.added), align: 'right', required: true},
  {id: 'modified', title: 'CHG', cell: row => String(row.modified), align: 'right', required: true},
  {id: 'deleted', title: 'DEL', cell: row => String(row.deleted), align: 'right', required: true},
  {id: 'command', title: 'INSTRUCTION', cell: row => row.command || '(no history)', required: true},
];

const NO_ROWS: readonly LayerSummary[] = [];

const listOf = memoLast((cursor: number): ListState => ({
  cursor,
  scrollTop: Math.max(0, cursor - LAYER_ROWS + 1),
  filter: '',
  marked: [],
}));

const overlayOf = (state: AppState) => (state.overlay?.kind === 'layers' ? state.overlay : undefined);

// The layers of the image in the pane, with the cursor on the layer whose files show.
export const layersTable = table<LayerSummary>({
  id: 'layers',
  rows: state => overlayOf(state)?.result?.layers ?? NO_ROWS,
  columns: () => COLUMNS,
  list: state => {
    const overlay = overlayOf(state);
    return listOf(overlay ? shownLayer(overlay) : 0);
  },
  key: row => String(row.index),
  message: () => undefined,
});
