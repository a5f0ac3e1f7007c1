// When the log pane draws the lines that arrived since its last frame. Every line is kept in the buffer whatever
// the pace; only how often the screen shows them changes.
//
// Normally at once (the session already publishes at most 10 times a second). In a flood — more than two
// screenfuls between frames, which nobody reads line by line — at most FLOOD_FRAME_MS apart: more lines per frame,
// and a frame's cost (a whole pane of new rows) paid 4 times a second, not 10. The flood pace holds until no flood
// has been seen for FLOOD_HOLD_MS: a logger that writes in bursts (500 lines every 100 ms) sends the tail of a
// burst just after a frame, and judging that tail alone drew a second, almost identical frame 20-50 ms later
// (a third of all frames).
export const FLOOD_FRAME_MS = 250;
export const FLOOD_HOLD_MS = 1000;

export class FramePace {
  private lastFrame = Number.NEGATIVE_INFINITY;
  private floodSeen = Number.NEGATIVE_INFINITY;

  // ms to wait before drawing `newLines` lines in a pane of `rows` rows (0: draw now).
  wait(newLines: number, rows: number, now: number): number {
    if (newLines > rows * 2) this.floodSeen = now;
    if (now - this.floodSeen > FLOOD_HOLD_MS) return 0;
    return Math.max(0, this.lastFrame + FLOOD_FRAME_MS - now);
  }

  drawn(now: number): void {
    this.lastFrame = now;
  }
}
