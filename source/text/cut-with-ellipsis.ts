import {truncateCells} from './cells.js';

export const ELLIPSIS = '…';

// Cuts text to at most `width` cells; when something is left out, the last cell is `…` so a cut line never
// passes for a whole one (`end` in a 2-cell pane shows as `e…`, not `en`). Cost is proportional to the width,
// not the line: a 64 KiB log line is never measured whole.
export function cutWithEllipsis(text: string, width: number): string {
  const kept = truncateCells(text, width);
  if (kept === text) return text;
  if (!(width >= 1)) return '';
  return truncateCells(text, width - 1) + ELLIPSIS;
}
