import {compareText} from '../../text/compare.js';
import type {Column} from './columns.js';

// Several engines in one kit list (the images, volumes and networks views): each row carries the engine (its context's name) it was listed
// from, the same image ID, volume or network name may be on two engines, so a row's key is engine + key, and
// every action goes to the row's own engine. With one engine rows carry none and nothing here shows.

export type OnEngine = {engine?: string};

export const engineOf = (row: object): string | undefined => (row as OnEngine).engine;

// A row's identity in the list (marks, cursor): `engine/key` with several engines (a context's name has no `/`).
export const engineKey = (engine: string | undefined, key: string): string => (engine ? `${engine}/${key}` : key);

// How a target is named in a confirmation or a status line: `prod/web-data`.
export const onEngineName = (row: object, name: string): string => engineKey(engineOf(row), name);

// One engine's answer to a load: its rows, or none when it is away or failed (its previous rows then stay).
export type EngineAnswer<Row> = {engine: string; rows?: readonly Row[]; error?: string};

// The list across engines: each engine that answered replaces only its own rows; one that did not keeps the
// rows it had (drawn dim while it is away), so one engine down never empties the others. `order` is the view's
// own (what each engine's list already comes in): the rows of all engines are sorted by it, as one engine's
// are, and the same row on two engines (equal by `order`) comes in the engines' name order. Without `order`
// they stay grouped in the engines' order.
export function mergeEngineLists<Row extends object>(
  previous: readonly Row[],
  answers: readonly EngineAnswer<Row>[],
  order?: (a: Row, b: Row) => number,
): Row[] {
  const merged = answers.flatMap(answer =>
    answer.rows
      ? answer.rows.map(row => ({...row, engine: answer.engine}))
      : previous.filter(row => engineOf(row) === answer.engine),
  );
  return order ? merged.sort((a, b) => order(a, b) || compareText(engineOf(a) ?? '', engineOf(b) ?? '')) : merged;
}

// The ENGINE column, first, shown only when rows carry an engine.
export function withEngineColumn<Row extends object, Ctx = undefined>(
  columns: readonly Column<Row, Ctx>[],
): readonly Column<Row, Ctx>[] {
  return [{id: 'engine', title: 'ENGINE', cell: row => engineOf(row) ?? '', required: true, max: 20}, ...columns];
}

// Items of another list (the containers view's containers) grouped by engine, for a row's "used by" on its own engine.
export function groupByEngine<Item extends OnEngine>(items: readonly Item[]): Map<string | undefined, Item[]> {
  const groups = new Map<string | undefined, Item[]>();
  for (const item of items) {
    const group = groups.get(item.engine);
    if (group) group.push(item);
    else groups.set(item.engine, [item]);
  }
  return groups;
}

// For each row, what `of` makes of the items on the row's own engine (with one engine, of all of them): a
// volume's or a network's users from the containers view's containers, each engine's computed once.
export function perEngine<Item extends OnEngine, Index>(
  items: readonly Item[],
  of: (items: readonly Item[]) => Index,
): (row: object) => Index {
  const groups = groupByEngine(items);
  const done = new Map<string | undefined, Index>();
  return row => {
    const engine = engineOf(row);
    if (!done.has(engine)) done.set(engine, of(engine === undefined ? items : (groups.get(engine) ?? [])));
    return done.get(engine)!;
  };
}
