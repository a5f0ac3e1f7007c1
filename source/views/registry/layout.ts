import type {Size} from '../types.js';

// The list on the left and the details pane on the right; below 100 columns they stack, and the list keeps all
// the height the details do not need (at most 40% goes to them).
export function registryLayout(body: Size, detailRows = 0): {wide: boolean; listWidth: number; listHeight: number} {
  const wide = body.width >= 100;
  if (wide) return {wide, listWidth: Math.floor(body.width * 0.4), listHeight: body.height};
  const details = Math.min(detailRows, Math.floor(body.height * 0.4));
  return {wide, listWidth: body.width, listHeight: Math.max(3, body.height - details)};
}
