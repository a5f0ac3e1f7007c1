import type {Size} from '../../types.js';

// The list has the whole body until a log pane opens (right of it, or below on narrow terminals). A detail
// pane that followed the cursor would rewrite half the screen on every arrow key; `i` shows the details.
// Stacked, the focused pane gets the larger share. Compose and swarm lay out their log panes the same way.
export function containersLayout(
  hasLogs: boolean,
  body: Size,
  logsFocused = false,
): {wide: boolean; listWidth: number; listHeight: number} {
  const wide = body.width >= 120;
  return {
    wide,
    listWidth: wide && hasLogs ? Math.floor(body.width * 0.4) : body.width,
    listHeight: wide || !hasLogs ? body.height : Math.max(3, Math.floor(body.height * (logsFocused ? 0.4 : 0.6))),
  };
}
