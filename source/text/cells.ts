import {cellWidth, isEscapeStart, isSgrReset, scanEscape} from './sanitize.js';

const SGR_RESET = '\x1b[0m';
// SGR sequences carried from one row to the next: a line that sets colour a thousand times without a reset
// would otherwise prefix every row with all of them. The last ones win in a terminal anyway, except for
// attributes set long before (bold, then 40 colour changes): those are lost, a bounded and harmless cost.
const MAX_CARRIED_SGR = 16;

// Sanitised text (SGR colour is the only escape sequence left) cut into rows of `width` cells, in one pass;
// only the last `keep` rows are kept, which is all a pane drawn from the bottom can show (a 64 KiB line would
// otherwise be laid out whole on every frame). A colour set on one row carries on to the next: each row starts
// with the SGR sequences still in force and ends with a reset when a colour is open, so every row draws alone.
export function wrapCells(text: string, width: number, keep: number): string[] {
  const rows: string[] = [];
  let row = '';
  let rowHasText = false;
  let used = 0;
  let active: string[] = [];
  const push = () => {
    rows.push(active.length ? row + SGR_RESET : row);
    if (rows.length > keep) rows.shift();
    row = active.join('');
    rowHasText = false;
    used = 0;
  };
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    if (isEscapeStart(code)) {
      const token = scanEscape(text, i);
      const sequence = text.slice(i, token.end);
      i = token.end;
      if (!token.isSgr) continue;
      if (isSgrReset(sequence)) active = [];
      else {
        active.push(sequence);
        if (active.length > MAX_CARRIED_SGR) active.shift();
      }
      row += sequence;
      continue;
    }
    const point = text.codePointAt(i)!;
    const char = String.fromCodePoint(point);
    i += char.length;
    const w = cellWidth(char);
    if (used + w > width && rowHasText) push();
    row += char;
    rowHasText = true;
    used += w;
  }
  if (rowHasText || rows.length === 0) rows.push(active.length ? row + SGR_RESET : row);
  if (rows.length > keep) rows.shift();
  return rows;
}
