import type {EngineClient} from '../../engine/client.js';
import type {Action} from '../../store/actions.js';
import type {EngineList} from '../../store/list.js';
import type {AppState, NoFields} from '../../store/state.js';
import type {FocusedList, Services, Size, ViewModule} from '../types.js';
import type {Column} from './columns.js';
import type {Table} from './table.js';
import type {Loader} from './loader.js';
import type {ListMessage, Noun} from './messages.js';

// The actions every kit list has (its view's state.ts declares them: `interface ActionMap extends ...`).
export type EngineListActions<Id extends string, Row> = {[K in `view.${Id}` | `${Id}.stale`]: NoFields} & {
  [K in `${Id}.loaded`]: {items: readonly Row[]};
} & {[K in `${Id}.failed`]: {error: string}};

export type EngineListSpec<Row extends object> = {
  // The view's id: its actions are `<id>.loaded`, `<id>.failed` and `<id>.stale` (declared in its state.ts).
  id: string;
  noun: Noun;
  slice: (state: AppState) => EngineList<Row>;
  put: (state: AppState, slice: EngineList<Row>) => AppState;
  key: (row: Row) => string;
  // The rows as shown, when they are more than the slice's items (joined with another list); memoised.
  rows?: (state: AppState) => readonly Row[];
  // The texts of a row the filter is matched against.
  filterText: (row: Row) => readonly string[];
  columns: readonly Column<Row>[];
  // Rows drawn dim (predefined networks).
  dim?: (row: Row) => boolean;
  // The order `fetch` returns rows in (engine/ sorts them): with several engines the merged list is sorted by it,
  // the engine breaking ties, so rows of all engines interleave as one engine's do.
  order?: (a: Row, b: Row) => number;
  // The list from the engine: a function of engine/ (views never call dockerode themselves).
  fetch: (client: EngineClient, state: AppState) => Promise<readonly Row[]>;
  // Whether an answer to the question asked in `asked` still answers the one in `now` (a toggle pressed while
  // the list was read: the next load is coming). Default: yes.
  sameQuestion?: (asked: AppState, now: AppState) => boolean;
  // More to fetch behind the list, once it is shown (sizes the engine is slow to compute); outside the flight.
  // With several engines it runs once per engine, with that engine's rows (still in the list if unchanged).
  afterLoad?: (services: Services, client: EngineClient, items: readonly Row[]) => Promise<void>;
  // Engine event types that change the list: each one reloads it once a burst settles (while it shows).
  events?: readonly string[];
};

export type EngineListKit<Row extends object> = {
  spec: EngineListSpec<Row>;
  // A row's identity in the list: the spec's key, after `engine/` when rows come from several engines.
  key: (row: Row) => string;
  // The columns drawn for these rows: ENGINE first when they come from several engines.
  columns: (rows: readonly Row[]) => readonly Column<Row>[];
  rows: (state: AppState) => readonly Row[];
  visible: (state: AppState) => readonly Row[];
  selected: (state: AppState) => Row | undefined;
  // Marked rows, else the selected one.
  targets: (state: AppState) => Row[];
  focused: (state: AppState) => FocusedList;
  reduce: (state: AppState, action: Action) => AppState;
  loader: Loader;
  message: (state: AppState) => ListMessage | undefined;
  // The row's cells, sanitised (cached per row object).
  cells: (row: Row) => readonly string[];
  // The list as ListTable draws it.
  table: Table<Row>;
  listRows: (state: AppState, body: Size) => number;
  // A view module with everything above wired in; the view adds its key, title, bindings and actions.
  view: (parts: ListViewParts) => ViewModule;
};

export type ListViewParts = Omit<ViewModule, 'id' | 'list' | 'reduce' | 'listRows' | 'Body' | 'engineBound'> & {
  key: string;
  // Default: the kit's ListBody (heading, message, rows).
  Body?: ViewModule['Body'];
  // Its own reducer cases, run after the kit's.
  reduce?: ViewModule['reduce'];
};
