import type {Action} from '../../store/actions.js';
import type {AppState} from '../../store/state.js';
import type {MouseAreas, Size} from '../types.js';
import {hasOwnPane} from './ContainersView.js';
import {listWithLogsAreas} from '../kit/list-with-logs/areas.js';
import {containersTable} from './table.js';

// The list's layout (kit ListTable): the heading, the message line when there is one, the rows; a click on a
// column's heading sorts by it (again: the other way), as o does.
export function containersMouseAreas(state: AppState, body: Size): MouseAreas {
  const message = containersTable.message(state);
  const {listWidth, ...areas} = listWithLogsAreas(state, body, hasOwnPane, () => 1 + (message ? 1 : 0));
  if (!areas.list) return areas;
  const sorts = containersTable.spans(state, listWidth).map(span => ({
    from: span.from,
    to: span.to,
    actions: [{type: 'sort.by', table: 'containers', column: span.id} satisfies Action],
  }));
  return {...areas, sorts: {row: areas.list.top - (message ? 2 : 1), left: 0, columns: sorts}};
}
