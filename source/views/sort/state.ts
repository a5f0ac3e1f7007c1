// o: sort the focused list by one of its columns (a menu), O: the other way; remembered per list (views/sort/).
import type {SortChoice} from '../kit/sort.js';
import type {NoFields} from '../../store/state.js';

declare module '../../store/state.js' {
  interface ViewSlices {
    // By table id ('containers', 'swarm.nodes', …): the lists that are sorted by a column.
    sorts: Readonly<Record<string, SortChoice>>;
  }
  interface ViewOverlays {
    // The list's columns, the one under the cursor (`scroll`), and which list it sorts.
    sortMenu: {table: string; columns: readonly {id: string; title: string}[]; scroll: number};
  }
}

declare module '../../store/actions.js' {
  interface ActionMap {
    'sort.menu': NoFields;
    'sort.reverse': NoFields;
    // A column picked (the menu, a click on its heading): again on the sorted column turns it the other way.
    'sort.by': {table: string; column: string};
  }
}
