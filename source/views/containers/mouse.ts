import type {Action} from '../../store/actions.js';
import type {AppState} from '../../store/state.js';
import type {MouseAreas, Size} from '../types.js';
import {hasOwnPane} from './ContainersView.js';
import {listWithLogsAreas} from '../kit/list-with-logs/areas.js';
import {containersTable} from './table.js';

// The sort orders `o` steps through, and the heading each one is clicked on.
const SORTS = ['name', 'cpu', 'memory'] as const;
const SORT_OF: Partial<Record<string, (typeof SORTS)[number]>> = {name: 'name', cpu: 'cpu', mem: 'memory'};

// The list's layout (kit ListTable): the heading, the message line when there is one, the rows; NAME, CPU and MEM
// sort.
export function containersMouseAreas(state: AppState, body: Size): MouseAreas {
  const message = containersTable.message(state);
  const {listWidth, ...areas} = listWithLogsAreas(state, body, hasOwnPane, () => 1 + (message ? 1 : 0));
  if (!areas.list) return areas;
  const {stats} = state.containers;
  const sorts: {from: number; to: number; actions: Action[]}[] = [];
  for (const span of containersTable.spans(state, listWidth)) {
    const sort = SORT_OF[span.id];
    // `o` steps name → cpu → memory: as many steps as take the order shown now to this one.
    if (sort)
      sorts.push({
        from: span.from,
        to: span.to,
        actions: Array.from(
          {length: (SORTS.indexOf(sort) - SORTS.indexOf(stats.sort) + SORTS.length) % SORTS.length},
          (): Action => ({type: 'containers.sortUsage'}),
        ),
      });
  }
  return {...areas, sorts: {row: areas.list.top - (message ? 2 : 1), left: 0, columns: sorts}};
}
