import type {AppState} from '../../../store/state.js';
import {listAndPane, listArea, wholeBody} from '../mouse-areas.js';
import type {MouseAreas, Size} from '../../types.js';
import {containersLayout} from './layout.js';

// Where ListWithLogs put the list and the pane (the same tests and the same layout), with `above` lines over
// the list's rows (heading, message line) at the list's width.
export function listWithLogsAreas(
  state: AppState,
  body: Size,
  hasPane: (state: AppState) => boolean,
  above: (listWidth: number) => number,
): MouseAreas & {listWidth: number} {
  const hasLogs = hasPane(state);
  if (hasLogs && state.logs?.fullscreen && state.focus === 'logs') return {logs: wholeBody(body), listWidth: 0};
  const layout = containersLayout(hasLogs, body, state.focus === 'logs');
  const {list, logs} = listAndPane(layout, body, hasLogs);
  return {list: listArea(list, above(layout.listWidth)), logs, listWidth: layout.listWidth};
}
