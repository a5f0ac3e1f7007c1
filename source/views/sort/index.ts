import {loadSorts, saveSorts} from '../../config/saved-sorts.js';
import type {AppState} from '../../store/state.js';
import {relocateList} from '../focused-list.js';
import type {SortChoice} from '../kit/sort.js';
import type {SortableTable, ViewModule} from '../types.js';
import {SORT_BINDINGS} from './keys.js';
import {SortMenu} from './SortMenu.js';
import './state.js';

// o and O in every list: sort it by any of its columns, either way, remembered per list across runs. Each view's
// rows are put in that order by its own selectors (views/kit/sort.ts `sortRows`, with the sort keys of its
// columns): the cursor moves over the order shown. Not a tab: a part every list has.
export function sortModule(views: () => readonly ViewModule[]): ViewModule {
  const active = (state: AppState) => views().find(view => view.id === state.view);
  const tableOf = (state: AppState): SortableTable | undefined =>
    state.focus === 'list' ? active(state)?.table?.(state) : undefined;
  // The same row stays under the cursor when the order changes.
  const relocate = (state: AppState) => relocateList(state, active(state)?.list?.(state));
  const offered = (table: SortableTable, state: AppState) => (table.sortable ?? table.columns)(state);

  function sortBy(state: AppState, table: SortableTable, column: string): AppState {
    const current = state.sorts[table.id];
    const descendingFirst = offered(table, state).find(c => c.id === column)?.descendingFirst ?? false;
    const choice: SortChoice =
      current?.column === column ? {column, descending: !current.descending} : {column, descending: descendingFirst};
    return relocate({...state, sorts: {...state.sorts, [table.id]: choice}});
  }

  return {
    id: 'sort',
    title: 'Sort',
    scopeTitles: {sortMenu: 'Sort menu (o over a list)'},
    bindings: SORT_BINDINGS,
    initial: config => ({sorts: config.uiStateFile ? loadSorts(config.uiStateFile) : {}}),
    reduce(state, action) {
      switch (action.type) {
        case 'sort.menu': {
          const table = tableOf(state);
          if (!table) return state;
          const columns = offered(table, state).map(({id, title}) => ({id, title}));
          const at = columns.findIndex(column => column.id === state.sorts[table.id]?.column);
          return {...state, overlay: {kind: 'sortMenu', table: table.id, columns, scroll: Math.max(0, at)}};
        }
        case 'sort.reverse': {
          const table = tableOf(state);
          const current = table && state.sorts[table.id];
          // Nothing sorted yet: by the first column, the other way than it goes first.
          const column = current?.column ?? table?.columns(state)[0]?.id;
          if (!table || !column) return state;
          return current
            ? sortBy(state, table, column)
            : relocate({...state, sorts: {...state.sorts, [table.id]: {column, descending: true}}});
        }
        case 'sort.by': {
          const table = active(state)?.table?.(state);
          return table?.id === action.table ? sortBy(state, table, action.column) : state;
        }
      }
      return state;
    },
    effect(services, action, before, after) {
      const file = services.config.uiStateFile;
      if (file && after.sorts !== before.sorts) saveSorts(file, after.sorts);
      return undefined;
    },
    overlays: {
      sortMenu: {
        Component: SortMenu,
        scopes: ['sortMenu', 'dialog', 'move'],
        rows: overlay => (overlay.kind === 'sortMenu' ? overlay.columns.length : 0),
        height: overlay => (overlay.kind === 'sortMenu' ? 1 + overlay.columns.length : 1),
        submit(services, overlay) {
          if (overlay.kind !== 'sortMenu') return undefined;
          // The shell closes the menu on submit.
          const column = overlay.columns[overlay.scroll];
          if (column) services.dispatch({type: 'sort.by', table: overlay.table, column: column.id});
          return undefined;
        },
      },
    },
  };
}
