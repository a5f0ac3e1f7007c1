import type {AppState} from '../store/state.js';
import {cellWidth} from '../text/cells.js';
import {fit} from '../text/format.js';
import {sanitizeLine} from '../text/sanitize.js';
import {resolveKey, type Keymap} from './keymap.js';
import {activeScopes} from './scopes.js';
import type {ViewSet} from './view-set.js';

export type TabCell = {id: string; text: string; selected: boolean};

// The tab line's texts: one cell per view offered, and the notes on its right. The Tabs component draws them
// and the mouse finds the tab under a click from them, so both see the same columns.
export function tabLine(
  views: ViewSet,
  keymap: Keymap,
  state: AppState,
  width: number,
): {tabs: readonly TabCell[]; right: string} {
  const available = views.available(state);
  const focused = views.active(state)?.list?.(state)?.list;
  const filter = focused?.filter ?? '';
  const marked = focused?.marked.length ?? 0;
  // A focused pane's notes come first: the log pane says what the digits do there.
  const notes = [
    ...views.panes.flatMap(pane => (pane.scopes?.(state) ? (pane.tabNotes?.(state) ?? []) : [])),
    ...(views.active(state)?.tabNotes?.(state) ?? []),
  ];
  // A tab shows its key only where that key switches to it (not while the log pane spends the digits).
  const scopes = activeScopes(views, state);
  const live = new Set(
    available.filter(v => v.key && resolveKey(keymap, scopes, v.key) === `view.${v.id}`).map(v => v.id),
  );
  // The notes on the right, most important first: each is shown whole or left out, never cut in the middle (a
  // filter too long for the line is cut at its end, with …).
  const parts = [
    ...(state.readonly ? ['read-only'] : []),
    ...(filter ? [`filter: ${sanitizeLine(filter)}`] : []),
    ...(marked ? [`${marked} marked`] : []),
    ...notes,
  ];
  const joined = (shown: readonly string[]) => (shown.length ? `${shown.join('  ')} ` : '');
  // Eight views and the filter do not fit 80 columns with every title: then the tabs not shown get a short title,
  // or only their key; the shown one keeps its title.
  const label = (level: number, id: string, title: string) =>
    id === state.view || level === 0 ? title : level === 1 ? title.slice(0, 4) : '';
  const text = (level: number, id: string, key: string, title: string) =>
    ` ${[live.has(id) ? key : '', label(level, id, title)].filter(Boolean).join(' ') || title.slice(0, 4)} `;
  const widthAt = (level: number) =>
    available.reduce((sum, v) => sum + cellWidth(text(level, v.id, v.key ?? '', v.title)), 0);
  const level = [0, 1, 2].find(l => widthAt(l) + cellWidth(joined(parts)) <= width) ?? 2;
  const room = width - widthAt(level);
  const shown: string[] = [];
  for (const part of parts)
    if (cellWidth(joined([...shown, part])) <= room) shown.push(part);
    else if (part.startsWith('filter: ') && !shown.length && room > 12) shown.push(fit(part, room - 1));
  // Drawn in the order they read best: read-only, the pane's and the view's notes, the marks, the filter last.
  const order = (part: string) =>
    part === 'read-only' ? 0 : part.startsWith('filter: ') ? 3 : /^\d+ marked$/.test(part) ? 2 : 1;
  const right = joined([...shown].sort((a, b) => order(a) - order(b)));
  return {
    tabs: available.map(v => ({
      id: v.id,
      text: text(level, v.id, v.key ?? '', v.title),
      selected: v.id === state.view,
    })),
    right,
  };
}

// The view whose tab is drawn at `column` (0-based) of the tab line.
export function tabAt(tabs: readonly TabCell[], column: number): string | undefined {
  let left = 0;
  for (const tab of tabs) {
    const right = left + cellWidth(tab.text);
    if (column >= left && column < right) return tab.id;
    left = right;
  }
  return undefined;
}
