import {cellWidth} from '../../text/sanitize.js';

// `width` cells of plain text starting at cell `from` (a wide character never straddles the cut).
export function sliceCells(plain: string, from: number, width: number): string {
  let at = 0;
  let out = '';
  for (const char of plain) {
    const w = cellWidth(char);
    if (at >= from && at + w <= from + width) out += char;
    at += w;
    if (at >= from + width) break;
  }
  return out;
}
