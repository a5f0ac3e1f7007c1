import {wrapCells} from '../text/cells.js';
import {sanitizeLine} from '../text/sanitize.js';

// A wrapped text overlay's rows at a width, made once for its lines and that width (its height and its frame both
// ask for them): each line sanitized, then cut into rows of the width, colour carried over.
const made = new WeakMap<readonly string[], {width: number; rows: readonly string[]}>();

export function wrappedRows(lines: readonly string[], width: number): readonly string[] {
  const cached = made.get(lines);
  if (cached?.width === width) return cached.rows;
  const rows = lines.flatMap(line => wrapCells(sanitizeLine(line), Math.max(1, width), Infinity));
  made.set(lines, {width, rows});
  return rows;
}
