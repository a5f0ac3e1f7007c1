import {ELLIPSIS} from './cut-with-ellipsis.js';
import {cellWidth, truncateCells} from './cells.js';

// Sanitised plain text (no escape sequences) wrapped at spaces into rows of at most `width` cells; a word longer
// than a row is cut across rows. Past `maxRows`, the last row ends with `…`, so a cut message never passes for
// a whole one, and a whole one never shows `…`.
export function wrapWords(text: string, width: number, maxRows = Number.MAX_SAFE_INTEGER): string[] {
  const room = Math.max(1, width);
  const rows: string[] = [];
  for (const paragraph of text.split('\n')) {
    let row = '';
    for (const word of paragraph.split(' ')) {
      const joined = row ? `${row} ${word}` : word;
      if (cellWidth(joined) <= room) {
        row = joined;
        continue;
      }
      if (row) rows.push(row);
      row = word;
      while (cellWidth(row) > room) {
        // A row wider than the room has a first character; it alone is the head when not even it fits.
        const [first = ''] = row;
        const head = truncateCells(row, room) || first;
        rows.push(head);
        row = row.slice(head.length);
      }
    }
    rows.push(row);
  }
  if (rows.length <= maxRows) return rows;
  // More rows than maxRows, and at least one kept: there is a last row to end with the ellipsis.
  const kept = rows.slice(0, Math.max(1, maxRows));
  const last = kept.pop() ?? '';
  return [...kept, `${truncateCells(last, room - 1)}${ELLIPSIS}`];
}
