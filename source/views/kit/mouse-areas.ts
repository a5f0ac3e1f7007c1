import type {Area, Size} from '../types.js';

// The rows of a list drawn in `box` under `above` lines (its heading, a message line, notes).
export function listArea(box: Area, above: number): Area {
  return {top: box.top + above, left: box.left, width: box.width, height: Math.max(0, box.height - above)};
}

// The list's box and the log pane's, as containersLayout placed them (beside from 120 columns, else below), in a
// body starting `top` rows down.
export function listAndPane(
  layout: {wide: boolean; listWidth: number; listHeight: number},
  body: Size,
  hasLogs: boolean,
  top = 0,
): {list: Area; logs?: Area} {
  const list = {top, left: 0, width: layout.listWidth, height: layout.listHeight};
  if (!hasLogs) return {list};
  return {
    list,
    logs: layout.wide
      ? {top, left: layout.listWidth, width: body.width - layout.listWidth, height: body.height}
      : {top: top + layout.listHeight, left: 0, width: body.width, height: body.height - layout.listHeight},
  };
}

export const wholeBody = (body: Size, top = 0): Area => ({
  top,
  left: 0,
  width: body.width,
  height: body.height - top,
});
