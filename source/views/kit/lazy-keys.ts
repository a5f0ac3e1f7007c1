import type {RowKeys} from '../../store/list.js';

// The cursor's keys for a list of rows, made for the rows it asks about and not for every row (a memo of the last
// rows, as store/memo.ts memoLast). At 100,000 containers, keys for every row a filter keystroke kept were a third of
// the keystroke's time (docs/benchmarks.md, "Large lists"); the cursor reads one or two of them. `couldBe` is a cheap
// test that a row may have a key, so that looking a key up does not make the key of every row before it.
export function lazyKeys<Row>(
  key: (row: Row) => string,
  couldBe: (row: Row, key: string) => boolean,
): (rows: readonly Row[]) => RowKeys {
  let last: {rows: readonly Row[]; keys: RowKeys} | undefined;
  return rows => {
    if (last?.rows !== rows) last = {rows, keys: keysOn(rows, key, couldBe)};
    return last.keys;
  };
}

function keysOn<Row>(
  rows: readonly Row[],
  key: (row: Row) => string,
  couldBe: (row: Row, key: string) => boolean,
): RowKeys {
  return {
    length: rows.length,
    at(index) {
      const row = rows.at(index);
      return row === undefined ? undefined : key(row);
    },
    indexOf(wanted) {
      let index = 0;
      for (const row of rows) {
        if (couldBe(row, wanted) && key(row) === wanted) return index;
        index++;
      }
      return -1;
    },
  };
}
