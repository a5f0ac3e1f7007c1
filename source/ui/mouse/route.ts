import type {Action} from '../../store/actions.js';
import type {AppState} from '../../store/state.js';
import type {Area, ExitRequest} from '../../views/types.js';
import {NO_KEY} from '../handle-key.js';
import type {Controller} from '../controller.js';
import {tabLine, tabAt} from '../tab-line.js';
import {screenOf} from './screen.js';
import type {MouseEvent} from './sgr.js';

// Two clicks on the same row within this long are a double click (enter).
export const DOUBLE_CLICK_MS = 400;
// Rows one notch of the wheel moves (a list's cursor, the log pane's lines).
export const WHEEL_ROWS = 3;

const inside = (area: Area | undefined, row: number, column: number): area is Area =>
  Boolean(area) &&
  row >= area!.top &&
  row < area!.top + area!.height &&
  column >= area!.left &&
  column < area!.left + area!.width;

type Click = {view: string; index: number; at: number};
const lastClicks = new WeakMap<Controller, Click>();

// What a click or a notch of the wheel does: the same actions the keys dispatch, found from where the shell and the
// view drew their parts on the last frame (ui/mouse/screen.ts, ViewModule.mouseAreas).
export function routeMouse(controller: Controller, event: MouseEvent, now = Date.now()): void {
  const state = controller.store.get();
  // Reports still on their way when M switched the mouse off, releases, and motion mean nothing.
  if (!state.mouse.capture || event.release || event.drag) return;
  // Keys typed before the click still wait (for a list, a dialog): the screen clicked on is not the one they leave.
  if (controller.input.length) return;
  const screen = screenOf(controller);
  if (!screen || screen.tooSmall || !controller.leaveUi) return;
  const row = event.row - 1;
  const column = event.column - 1;
  if (row === screen.tabsRow) {
    if (event.button !== 'left' || state.overlay) return;
    const id = tabAt(tabLine(controller.views, controller.keymap, state, screen.body.width).tabs, column);
    if (id && id !== state.view) act(controller, {type: `view.${id}`} as Action);
    return;
  }
  const wheel = event.button === 'wheelUp' ? 'cursor.up' : event.button === 'wheelDown' ? 'cursor.down' : undefined;
  // A dialog or prompt has the keys: what is under it takes no clicks. The wheel scrolls one that scrolls (help,
  // inspect, command output), wherever the pointer is.
  if (state.overlay) {
    if (wheel && 'scroll' in state.overlay) for (let i = 0; i < WHEEL_ROWS; i++) act(controller, {type: wheel});
    return;
  }
  const view = controller.views.active(state);
  const areas = view?.mouseAreas?.(state, screen.body);
  if (!view || !areas) return;
  const y = row - screen.bodyTop;
  if (inside(areas.logs, y, column)) {
    if (!wheel && event.button !== 'left') return;
    if (state.focus !== 'logs') act(controller, {type: 'logs.focus'});
    // Up scrolls back and leaves follow, as the keys do (the log pane's reducer).
    if (wheel) for (let i = 0; i < WHEEL_ROWS; i++) act(controller, {type: wheel});
    return;
  }
  if (inside(areas.list, y, column)) {
    focusList(controller);
    if (wheel) {
      for (let i = 0; i < WHEEL_ROWS; i++) act(controller, {type: wheel});
      return;
    }
    if (event.button !== 'left') return;
    const focused = view.list?.(controller.store.get());
    if (!focused) return;
    const index = focused.list.scrollTop + (y - areas.list.top);
    if (index >= focused.ids.length) return;
    act(controller, {type: 'mouse.select', index});
    const last = lastClicks.get(controller);
    const double = last && last.view === view.id && last.index === index && now - last.at <= DOUBLE_CLICK_MS;
    lastClicks.set(controller, double ? {view: '', index: -1, at: 0} : {view: view.id, index, at: now});
    // enter as if typed: whatever enter does on that row in that view (logs, a project's services, a tag).
    if (double) controller.input.push('\r', {...NO_KEY, return: true});
    return;
  }
  const sorts = areas.sorts;
  if (event.button === 'left' && sorts && y === sorts.row) {
    const hit = sorts.columns.find(c => column - sorts.left >= c.from && column - sorts.left < c.to);
    for (const action of hit?.actions ?? []) act(controller, action);
  }
}

// A click or the wheel on the list takes the focus back from the log pane (as esc does, without closing it).
function focusList(controller: Controller): void {
  for (let i = 0; i < 3 && controller.store.get().focus === 'logs'; i++) {
    const before: AppState = controller.store.get();
    act(controller, {type: 'logs.back'});
    if (controller.store.get() === before) return;
  }
}

function act(controller: Controller, action: Action): void {
  const request: ExitRequest | undefined = controller.dispatch(action);
  if (request) controller.leaveUi?.(request);
}
