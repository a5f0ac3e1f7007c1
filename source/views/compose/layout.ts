import type {Size} from '../types.js';

// As view 1: the list has the body until the log pane opens (right of it from 120 columns, else below it, the
// focused one getting the larger share).
export function composeLayout(
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
