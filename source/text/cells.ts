import {cellWidth} from './sanitize.js';

// Plain text cut into rows of `width` cells, in one pass; only the last `keep` rows are kept, which is all a
// pane drawn from the bottom can show (a 64 KiB line would otherwise be laid out whole on every frame).
export function wrapCells(plain: string, width: number, keep: number): string[] {
  const rows: string[] = [];
  let row = '';
  let used = 0;
  for (const char of plain) {
    const w = cellWidth(char);
    if (used + w > width && row) {
      rows.push(row);
      if (rows.length > keep) rows.shift();
      row = '';
      used = 0;
    }
    row += char;
    used += w;
  }
  if (row || rows.length === 0) rows.push(row);
  if (rows.length > keep) rows.shift();
  return rows;
}
