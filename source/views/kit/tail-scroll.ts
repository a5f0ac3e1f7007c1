// A view drawn from its newest line up (the log pane, view 9's events) scrolls back until its oldest line is at the
// top of a full page: `rows` is what the view last drew (it says so once laid out). Until it has said, or when a
// line may take several rows (wrapped), only the oldest line itself is known to be in reach, and the view fills
// the page below it.
export function furthestBack(total: number, rows: number | undefined, oneRowEach = true): number {
  return Math.max(0, rows && oneRowEach ? total - rows : total - 1);
}
