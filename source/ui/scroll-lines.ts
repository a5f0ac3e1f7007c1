// Frame-to-frame scrolling for Ink's incremental writer (wired in by scripts/build.mjs, see docs/architecture.md
// "Patched dependencies"). Ink compares a frame with the previous one line by line: when a list scrolls by one
// row every row of it differs from the row drawn there before, so the whole list was rewritten (~4 KB for a key
// at the bottom of a 24-row list). When a run of lines reappears k rows higher or lower, the terminal moves them
// itself with delete-line / insert-line (DL, IL) and only the rows that are really new are written.
//
// DL and IL act on the cursor's row and everything below it down to the bottom of the screen, and need no
// absolute position: the region's lines are deleted k rows at its top (what is below moves up k) and k blank
// rows are inserted just below the region's new end (what is below moves back down; what fell off the screen's
// bottom is the k blank rows DL made there). So the rows under the region, and anything outside the frame, end
// where they were. The cursor is at the frame's first row before and after.

const CSI = '\x1b[';
// A shift smaller than this many moved lines is not worth the escapes (each moved line saves a rewrite).
const MIN_MOVED = 3;

export type Scroll = {
  // Escapes to write with the cursor at the frame's first row; they leave it there.
  escape: string;
  // What the screen shows after the escapes, for the line-by-line comparison that follows ('' for blank rows).
  previous: string[];
};

const down = (n: number) => (n > 0 ? `${CSI}${n}B` : '');
const up = (n: number) => (n > 0 ? `${CSI}${n}A` : '');

// The longest run of lines of `next` that are `previous` shifted by `shift` rows (next[i] = previous[i + shift])
// and changed (next[i] !== previous[i]: identical blank rows are not a scroll).
function longestRun(
  previous: readonly string[],
  next: readonly string[],
  count: number,
  shift: number,
): {start: number; length: number} {
  let best = {start: 0, length: 0};
  let start = -1;
  for (let i = 0; i <= count; i++) {
    const j = i + shift;
    const moved = i < count && j >= 0 && j < count && next[i] === previous[j] && next[i] !== previous[i];
    if (moved) {
      if (start < 0) start = i;
      continue;
    }
    if (start >= 0 && i - start > best.length) best = {start, length: i - start};
    start = -1;
  }
  return best;
}

// `count` lines of each frame are compared (the frames have the same number of visible lines). Shifts up to
// `maxShift` rows either way are tried; the one that moves the most lines wins.
export function scrollLines(
  previous: readonly string[],
  next: readonly string[],
  count: number,
  maxShift = Math.floor(count / 2),
): Scroll | undefined {
  if (count < MIN_MOVED + 1) return undefined;
  let best: {shift: number; start: number; length: number} | undefined;
  for (let k = 1; k <= maxShift; k++) {
    for (const shift of [k, -k]) {
      const run = longestRun(previous, next, count, shift);
      if (run.length >= MIN_MOVED && (!best || run.length > best.length)) best = {shift, ...run};
    }
  }
  if (!best) return undefined;
  const {shift, start, length} = best;
  const shown = previous.slice(0, count);
  const k = Math.abs(shift);
  let escape: string;
  if (shift > 0) {
    // Content moved up: rows start..start+length+k-1 of the old frame become rows start..start+length-1, then k
    // blank rows.
    const blankAt = start + length;
    escape = `${down(start)}${CSI}${k}M${down(blankAt - start)}${CSI}${k}L${up(blankAt)}`;
    for (let i = 0; i < length; i++) shown[start + i] = previous[start + i + shift];
    for (let i = 0; i < k; i++) shown[blankAt + i] = '';
  } else {
    // Content moved down: old rows start-k..end-k-1 become rows start..end-1 under k blank rows; old rows
    // end-k..end-1 are deleted first, so what is below the region comes back to where it was.
    const top = start - k;
    const end = start + length;
    escape = `${down(end - k)}${CSI}${k}M${up(end - k - top)}${CSI}${k}L${up(top)}`;
    for (let i = length - 1; i >= 0; i--) shown[start + i] = previous[start + i + shift];
    for (let i = 0; i < k; i++) shown[top + i] = '';
  }
  return {escape, previous: [...shown, ...previous.slice(count)]};
}
