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
import {table} from './table.js';
import {sorter} from './sort.js';
import {loader} from './loader.js';
import {ListBody} from './ListBody.js';
import {listMessage} from './messages.js';
import {targetRows, withLoadedRows} from './targets.js';
import {engineKey, engineOf, mergeEngineLists, withEngineColumn, type EngineAnswer} from './across-engines.js';
import {splitEngineFilter} from './merge-engine-rows.js';
import type {EngineClient} from '../../engine/client.js';

// A list of rows a view loads from the engine, described once: where its slice is, a row's key, what the filter
// reads, its columns and how to fetch it. `engineList` makes everything else — loading (one in flight per app,
// one more after), stale on engine events with one coalesced reload, the loaded/failed/stale reducer cases,
// cursor, filter and marks, "marked rows else the selected one", the message when there is nothing to show,
// column widths from the content, and the view module around it (see views/volumes/ for the smallest user).
// With several engines it lists every engine's rows (kit/across-engines.ts): an ENGINE column, rows keyed engine + key,
// `engine:NAME` in the filter, and the actions of the view go to each row's engine.

const shows = (state: AppState, id: string) => state.view === id;

export function engineList<Row extends object>(spec: EngineListSpec<Row>): EngineListKit<Row> {
  const rows = spec.rows ?? ((state: AppState) => spec.slice(state).items);
  const key = (row: Row) => engineKey(engineOf(row), spec.key(row));
  const filtered = memoLast((items: readonly Row[], filter: string): readonly Row[] => {
    if (!filter) return items;
    // engine:NAME narrows to one engine; the rest also matches the engine's name (as in the containers view).
    const {engine, rest} = splitEngineFilter(filter);
    const match = makeMatcher(rest);
    return items.filter(row => {
      const on = engineOf(row);
      if (engine !== undefined && on !== engine) return false;
      return !rest || spec.filterText(row).some(text => match(text)) || (on !== undefined && match(on));
    });
  });
  // Rows listed from several engines carry their engine: the ENGINE column comes first then.
  const engineColumns = withEngineColumn(spec.columns);
  const columnsOf = (row: Row | undefined) => (row && engineOf(row) !== undefined ? engineColumns : spec.columns);
  const sorted = sorter<Row, undefined>();
  // Filtered, then in the order `o` chose (else as fetched).
  const visible = (state: AppState) => {
    const all = rows(state);
    return sorted(filtered(all, spec.slice(state).list.filter), columnsOf(all[0]), state.sorts[spec.id], undefined);
  };
  const keysOf = memoLast((items: readonly Row[]) => items.map(key));
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
  const loaded = `${spec.id}.loaded`;
  const failed = `${spec.id}.failed`;
  const stale = `${spec.id}.stale`;
  function reduce(state: AppState, action: Action): AppState {
    const slice = spec.slice(state);
    if (action.type === loaded) {
      const items = (action as unknown as {items: readonly Row[]}).items;
      const next = spec.put(state, withLoadedRows(slice, items, key));
      return shows(state, spec.id) ? relocateList(next, focused(next)) : next;
    }
    if (action.type === failed)
      return spec.put(state, {...slice, loaded: true, error: (action as unknown as {error: string}).error});
    if (action.type === stale) return slice.stale ? state : spec.put(state, {...slice, stale: true});
    return state;
  }

  async function loadOne(services: Services): Promise<void> {
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
  }

  // Every engine at once; one that is away or fails keeps its rows (dim while away) and never holds the others.
  async function loadAll(services: Services): Promise<void> {
    const asked = services.store.get();
    const answers = await Promise.all(
      services.engines().map(async (session): Promise<EngineAnswer<Row> & {client?: EngineClient}> => {
        const client = session.client;
        if (!client) return {engine: session.name};
        try {
          return {engine: session.name, client, rows: await spec.fetch(client, asked)};
        } catch (error) {
          return {engine: session.name, error: errorMessage(error)};
        }
      }),
    );
    const now = services.store.get();
    if (spec.sameQuestion && !spec.sameQuestion(asked, now)) return;
    const errors = answers.filter(answer => answer.error);
    if (errors.length && errors.length === answers.length) {
      const error = errors.map(answer => `${answer.engine}: ${answer.error}`).join(' · ');
      services.dispatch({type: failed, error} as unknown as Action);
      return;
    }
    const items = mergeEngineLists(spec.slice(now).items, answers, spec.order);
    services.dispatch({type: loaded, items} as unknown as Action);
    // What each engine fetches behind its rows, on its own client.
    for (const answer of answers)
      if (spec.afterLoad && answer.client && answer.rows)
        void spec.afterLoad(
          services,
          answer.client,
          items.filter(row => engineOf(row) === answer.engine),
        );
    if (errors.length)
      services.status(
        `${spec.noun.many} not listed on ${errors.map(answer => `${answer.engine}: ${answer.error}`).join('; ')}`,
        'error',
      );
  }

  const listLoader = loader(services => (services.engines().length > 1 ? loadAll(services) : loadOne(services)));

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

  const listTable = table<Row>({
    id: spec.id,
    rows: visible,
    measured: rows,
    columns: state => columnsOf(rows(state)[0]),
    list: state => spec.slice(state).list,
    key,
    message,
    stale: state => spec.slice(state).stale,
    ...(spec.dim && {tone: row => (spec.dim?.(row) ? 'dim' : undefined)}),
  });

  const kit: EngineListKit<Row> = {
    spec,
    table: listTable,
    rows,
    visible,
    selected,
    key,
    columns: (items: readonly Row[]) => columnsOf(items[0]),
    targets: state => targetRows(rows(state), spec.slice(state).list, key, selected(state)),
    focused,
    reduce,
    loader: listLoader,
    message,
    cells: row => listTable.cells(columnsOf(row), row),
    listRows: (state, body) => listTable.rowsOnScreen(state, body.height),
    view(parts) {
      const {reduce: own, effect, onEngine, close, engineEvents, ...rest} = parts;
      return {
        ...rest,
        id: spec.id,
        engineBound: true,
        allEngineEvents: true,
        engineEvents: [...(spec.events ?? []), ...(engineEvents ?? [])],
        reduce: own ? (state, action) => own(reduce(state, action), action) : reduce,
        Body: parts.Body ?? ((size: Size) => ListBody({kit, ...size})),
        list: focused,
        table: () => listTable,
        listRows: kit.listRows,
        // ListBody's heading and message line, then the rows.
        mouseAreas:
          parts.mouseAreas ??
          ((state, body) =>
            parts.Body ? {} : {list: listArea(wholeBody(body), body.height - kit.listRows(state, body))}),
        effect(services, action, before, after) {
          const showing = shows(after, spec.id);
          const opened = !shows(before, spec.id) && showing;
          const connected = action.type === 'connection' && action.connection.status === 'connected' && !action.facts;
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
          return close?.(services);
        },
      };
    },
  };
  return kit;
}
