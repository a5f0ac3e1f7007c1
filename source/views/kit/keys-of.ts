import {changesSince, mapChanges} from '../../util/row-changes.js';

// The cursor's list of keys for the rows listed (a memo of the last rows, as store/memo.ts memoLast): rows patched by
// an event (source/util/row-changes.ts) change the keys of those rows alone.
export function keysOf<Row>(key: (row: Row) => string): (rows: readonly Row[]) => readonly string[] {
  let last: {rows: readonly Row[]; keys: readonly string[]} | undefined;
  return rows => {
    if (last?.rows === rows) return last.keys;
    const changes = changesSince(last?.rows, rows);
    const keys = changes && last ? mapChanges(last.keys, changes, key) : rows.map(key);
    last = {rows, keys};
    return keys;
  };
}
