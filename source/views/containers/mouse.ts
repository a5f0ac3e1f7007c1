import type {Action} from '../../store/actions.js';
import type {AppState} from '../../store/state.js';
import {listMessage} from '../kit/messages.js';
import {severalEngines} from '../../store/engine-connections.js';
import type {MouseAreas, Size} from '../types.js';
import {columnsFor, contentWidths, NOUN, ORDER} from './ContainerList.js';
import {hasOwnPane} from './ContainersView.js';
import {listWithLogsAreas} from '../kit/list-with-logs/areas.js';
import {visibleContainers} from './selectors.js';

// The sort orders `o` steps through, and the heading each one is clicked on.
const SORTS = ['name', 'cpu', 'memory'] as const;
const SORT_OF: Partial<Record<(typeof ORDER)[number], (typeof SORTS)[number]>> = {
  name: 'name',
  cpu: 'cpu',
  mem: 'memory',
};

// ContainerList's layout: the heading, the message line when there is one, the rows; NAME, CPU and MEM sort.
export function containersMouseAreas(state: AppState, body: Size): MouseAreas {
  const rows = visibleContainers(state);
  const message = listMessage(NOUN, {
    engine: state.connection.status,
    loaded: state.containers.loaded,
    total: state.containers.items.length,
    shown: rows.length,
  });
  const {listWidth, ...areas} = listWithLogsAreas(state, body, hasOwnPane, () => 1 + (message ? 1 : 0));
  if (!areas.list) return areas;
  const {showSize, stats} = state.containers;
  const columns = columnsFor(
    listWidth,
    showSize,
    stats.on,
    contentWidths(state.containers.items),
    severalEngines(state),
  );
  const sorts: {from: number; to: number; actions: Action[]}[] = [];
  let left = 3;
  for (const id of ORDER) {
    if (columns[id] <= 0) continue;
    const sort = SORT_OF[id];
    if (sort) {
      // `o` steps name → cpu → memory: as many steps as take the order shown now to this one.
      const steps = (SORTS.indexOf(sort) - SORTS.indexOf(stats.sort) + SORTS.length) % SORTS.length;
      sorts.push({
        from: left,
        to: left + columns[id],
        actions: Array.from({length: steps}, (): Action => ({type: 'containers.sortUsage'})),
      });
    }
    left += columns[id] + 1;
  }
  return {...areas, sorts: {row: areas.list.top - (message ? 2 : 1), left: 0, columns: sorts}};
}
