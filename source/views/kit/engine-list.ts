import {errorMessage} from '../../errors.js';
import {listArea, wholeBody} from './mouse-areas.js';
import type {Action} from '../../store/actions.js';
import {makeMatcher, type ListState} from '../../store/list.js';
import {memoLast} from '../../store/memo.js';
import type {AppState} from '../../store/state.js';
import {relocateList} from '../focused-list.js';
import type {FocusedList, Services, Size} from '../types.js';
import type {EngineListKit, EngineListSpec} from './types.js';

export type {EngineListKit, EngineListSpec};
import {cellsOf, columnWidths, contentWidths} from './columns.js';
import {loader} from './loader.js';
import {ListBody} from './ListBody.js';
import {listMessage} from './messages.js';
import {targetRows, withLoadedRows} from './targets.js';
import {ROW_PREFIX_CELLS} from './glyphs.js';

// A list of rows a view loads from the engine, described once: where its slice is, a row's key, what the filter
// reads, its columns and how to fetch it. `engineList` makes everything else — loading (one in flight per app,
// one more after), stale on engine events with one coalesced reload, the loaded/failed/stale reducer cases,
// cursor, filter and marks, "marked rows else the selected one", the message when there is nothing to show,
// column widths from the content, and the view module around it (see views/volumes/ for the smallest user).

const shows = (state: AppState, id: string) => state.view === id;

export function engineList<Row extends object>(spec: EngineListSpec<Row>): EngineListKit<Row> {
  const rows = spec.rows ?? ((state: AppState) => spec.slice(state).items);
  const filtered = memoLast((items: readonly Row[], filter: string): readonly Row[] => {
    if (!filter) return items;
    const match = makeMatcher(filter);
    return items.filter(row => spec.filterText(row).some(text => match(text)));
  });
  const visible = (state: AppState) => filtered(rows(state), spec.slice(state).list.filter);
  const keysOf = memoLast((items: readonly Row[]) => items.map(spec.key));
  const selected = (state: AppState): Row | undefined => visible(state)[spec.slice(state).list.cursor];
  const putList = (state: AppState, list: ListState) => {
    const slice = spec.slice(state);
    return list === slice.list ? state : spec.put(state, {...slice, list});
  };
  const focused = (state: AppState): FocusedList => ({
    ids: keysOf(visible(state)),
    list: spec.slice(state).list,
    put: putList,
  });
  const cache = new WeakMap<Row, readonly string[]>();
  const cells = (row: Row) => cellsOf(spec.columns, cache, row);
  const content = memoLast((items: readonly Row[]) => contentWidths(spec.columns, items.map(cells)));
  const widths = memoLast((items: readonly Row[], width: number) =>
    columnWidths(spec.columns, content(items), width - ROW_PREFIX_CELLS),
  );

  const loaded = `${spec.id}.loaded`;
  const failed = `${spec.id}.failed`;
  const stale = `${spec.id}.stale`;
  function reduce(state: AppState, action: Action): AppState {
    const slice = spec.slice(state);
    if (action.type === loaded) {
      const items = (action as unknown as {items: readonly Row[]}).items;
      const next = spec.put(state, withLoadedRows(slice, items, spec.key));
      return shows(state, spec.id) ? relocateList(next, focused(next)) : next;
    }
    if (action.type === failed)
      return spec.put(state, {...slice, loaded: true, error: (action as unknown as {error: string}).error});
    if (action.type === stale) return slice.stale ? state : spec.put(state, {...slice, stale: true});
    return state;
  }

  const listLoader = loader(async services => {
    const client = services.engine()?.client;
    if (!client) return;
    const asked = services.store.get();
    try {
      const items = await spec.fetch(client, asked);
      // An answer from an engine berth has since left (a context switch), or to a question since changed, is
      // dropped; in the second case the next load is already asked for.
      if (services.engine()?.client !== client) return;
      if (spec.sameQuestion && !spec.sameQuestion(asked, services.store.get())) return;
      services.dispatch({type: loaded, items} as unknown as Action);
      if (spec.afterLoad) void spec.afterLoad(services, client, items);
    } catch (error) {
      if (services.engine()?.client === client)
        services.dispatch({type: failed, error: errorMessage(error)} as unknown as Action);
    }
  });

  // A stable object while nothing it says changes (components select it).
  const messageOf = memoLast(
    (
      engine: AppState['connection']['status'],
      done: boolean,
      error: string | undefined,
      total: number,
      shown: number,
    ) => listMessage(spec.noun, {engine, loaded: done, error, total, shown}),
  );
  const message = (state: AppState) => {
    const slice = spec.slice(state);
    return messageOf(state.connection.status, slice.loaded, slice.error, rows(state).length, visible(state).length);
  };

  const kit: EngineListKit<Row> = {
    spec,
    rows,
    visible,
    selected,
    targets: state => targetRows(rows(state), spec.slice(state).list, spec.key, selected(state)),
    focused,
    reduce,
    loader: listLoader,
    message,
    cells,
    widths,
    // The heading, and the message line when there is one.
    listRows: (state, body) => Math.max(1, body.height - 1 - (message(state) ? 1 : 0)),
    view(parts) {
      const {reduce: own, effect, onEngine, close, engineEvents, ...rest} = parts;
      return {
        ...rest,
        id: spec.id,
        engineBound: true,
        engineEvents: [...(spec.events ?? []), ...(engineEvents ?? [])],
        reduce: own ? (state, action) => own(reduce(state, action), action) : reduce,
        Body: parts.Body ?? ((size: Size) => ListBody({kit, ...size})),
        list: focused,
        listRows: kit.listRows,
        // ListBody's heading and message line, then the rows.
        mouseAreas:
          parts.mouseAreas ??
          ((state, body) =>
            parts.Body ? {} : {list: listArea(wholeBody(body), body.height - kit.listRows(state, body))}),
        effect(services, action, before, after) {
          const showing = shows(after, spec.id);
          const opened = !shows(before, spec.id) && showing;
          const connected = action.type === 'connection' && action.connection.status === 'connected';
          if (showing && (opened || connected || action.type === 'refresh')) void listLoader.load(services);
          return effect?.(services, action, before, after);
        },
        onEngine(services: Services, update) {
          if (update.kind === 'stale') services.dispatch({type: stale} as unknown as Action);
          else if (
            update.kind === 'event' &&
            spec.events?.includes(update.event.Type ?? '') &&
            shows(services.store.get(), spec.id)
          )
            listLoader.reloadSoon(services);
          onEngine?.(services, update);
        },
        close(services) {
          listLoader.cancel(services);
          close?.(services);
        },
      };
    },
  };
  return kit;
}
