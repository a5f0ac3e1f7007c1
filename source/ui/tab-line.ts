import type {AppState} from '../store/state.js';
import {cellWidth} from '../text/cells.js';
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
  ].join('  ');
  // A tab shows its key only where that key switches to it (not while the log pane spends the digits).
  const scopes = activeScopes(views, state);
  const live = new Set(
    available.filter(v => v.key && resolveKey(keymap, scopes, v.key) === `view.${v.id}`).map(v => v.id),
  );
  const right = `${state.readonly ? 'read-only  ' : ''}${notes ? `${notes}  ` : ''}${marked ? `${marked} marked  ` : ''}${filter ? `filter: ${sanitizeLine(filter)} ` : ''}`;
  // Eight views and the filter do not fit 80 columns with every title: then the tabs not shown get a short title,
  // or only their key; the shown one keeps its title.
  const label = (level: number, id: string, title: string) =>
    id === state.view || level === 0 ? title : level === 1 ? title.slice(0, 4) : '';
  const text = (level: number, id: string, key: string, title: string) =>
    ` ${[live.has(id) ? key : '', label(level, id, title)].filter(Boolean).join(' ') || title.slice(0, 4)} `;
  const widthAt = (level: number) =>
    available.reduce((sum, v) => sum + cellWidth(text(level, v.id, v.key ?? '', v.title)), 0);
  const level = [0, 1, 2].find(l => widthAt(l) + cellWidth(right) <= width) ?? 2;
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
