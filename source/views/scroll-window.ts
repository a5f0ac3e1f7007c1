import {keyLabel} from '../text/key-label.js';
import type {Binding} from './types.js';

// Which rows of a scrolled list an overlay draws in `room` rows: all of them when they fit; otherwise one row
// says what is hidden and how to scroll, the others show the list from `top`. `reach` is the furthest scroll
// that still fills the room (the last row at the bottom, never alone at the top of an empty frame).
export type ScrollWindow = {top: number; count: number; reach: number; above: number; below: number};

export function scrollWindow(total: number, room: number, scroll: number): ScrollWindow {
  if (total <= room) return {top: 0, count: total, reach: 0, above: 0, below: 0};
  const count = Math.max(1, room - 1);
  const reach = total - count;
  const top = Math.max(0, Math.min(scroll, reach));
  return {top, count, reach, above: top, below: total - top - count};
}

// A key of the action as the keymap has it (a letter where there is one: j rather than ↓).
function keyOf(keymap: readonly Binding[], action: string): string | undefined {
  const keys = keymap.find(binding => binding.scope === 'move' && binding.action === action)?.keys ?? [];
  const key = keys.find(k => k.length === 1) ?? keys[0];
  return key === undefined ? undefined : keyLabel(key);
}

// The hint row: how many rows are hidden above and below, and the keys that show them.
export function scrollHint(window: ScrollWindow, keymap: readonly Binding[]): string {
  const pairs = [
    ['cursor.down', 'cursor.up'],
    ['cursor.pageDown', 'cursor.pageUp'],
    ['cursor.end', 'cursor.home'],
  ]
    .map(([down = '', up = '']) => [keyOf(keymap, down), keyOf(keymap, up)].filter(Boolean).join('/'))
    .filter(Boolean);
  const hidden = [
    window.above ? `↑ ${window.above} more above` : '',
    window.below ? `↓ ${window.below} more below` : '',
  ].filter(Boolean);
  return `  ${hidden.join(' · ')}${pairs.length ? ` (scroll: ${pairs.join(' ')})` : ''}`;
}
