import type {AppState} from '../../store/state.js';
import {containersLayout} from '../kit/list-with-logs/layout.js';
import {listAndPane, listArea, wholeBody} from '../kit/mouse-areas.js';
import type {MouseAreas, Size} from '../types.js';
import {composeNotes} from './ComposeView.js';
import {projectsTable} from './tables.js';

// ComposeView's layout: the `compose:` line, then the projects (heading, message line) or a project's services
// (its notes, heading) with the log pane beside or below.
export function composeMouseAreas(state: AppState, body: Size): MouseAreas {
  const hasLogs = state.logs?.owner === 'compose';
  if (hasLogs && state.logs?.fullscreen && state.focus === 'logs') return {logs: wholeBody(body)};
  const layout = containersLayout(hasLogs, {width: body.width, height: body.height - 1}, state.focus === 'logs');
  const {list, logs} = listAndPane(layout, {width: body.width, height: body.height - 1}, hasLogs, 1);
  const {open} = state.compose;
  const above = open ? composeNotes(state).length + 1 : 1 + (projectsTable.message(state) ? 1 : 0);
  return {list: listArea(list, above), logs};
}
