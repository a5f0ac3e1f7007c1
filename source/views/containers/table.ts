import {memoLast} from '../../store/memo.js';
import type {AppState} from '../../store/state.js';
import {containerKey} from '../kit/merge-engine-rows.js';
import {listMessage} from '../kit/messages.js';
import {table} from '../kit/table.js';
import {containerColumns, containerLive, containerSortColumns, type Live} from './columns.js';
import {visibleContainers} from './selectors.js';
import type {ContainerRow} from './state.js';

export const NOUN = {one: 'container', many: 'containers'};

const glyph = (state: string) => (state === 'running' ? '●' : state === 'paused' ? '‖' : '○');
const stateRole = (row: ContainerRow) =>
  row.state === 'running'
    ? /\(unhealthy\)/i.test(row.status)
      ? 'unhealthy'
      : 'running'
    : row.state === 'exited' || row.state === 'dead'
      ? 'exited'
      : 'paused';

const messageOf = memoLast((engine: AppState['connection']['status'], loaded: boolean, total: number, shown: number) =>
  listMessage(NOUN, {engine, loaded, total, shown}),
);

// The containers view's list: every container (running ones first, as engine/ lists them), the filter and `r`
// applied, sorted by usage when asked.
export const containersTable = table<ContainerRow, Live>({
  id: 'containers',
  rows: visibleContainers,
  measured: state => state.containers.items,
  columns: containerColumns,
  sortable: containerSortColumns,
  list: state => state.containers.list,
  key: containerKey,
  message: state =>
    messageOf(
      state.connection.status,
      state.containers.loaded,
      state.containers.items.length,
      visibleContainers(state).length,
    ),
  stale: state => state.containers.stale,
  context: containerLive,
  // A row of an engine that is away: × where its state was (the state is no longer known).
  lead: (row, away) => (away ? {glyph: '×'} : {glyph: glyph(row.state), role: stateRole(row)}),
});
