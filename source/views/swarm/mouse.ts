import type {AppState} from '../../store/state.js';
import {listWithLogsAreas} from '../kit/list-with-logs/areas.js';
import {listMessage} from '../kit/messages.js';
import type {MouseAreas, Size} from '../types.js';
import {visibleRows} from './selectors.js';
import {hasSwarmPane, NOUNS} from './SwarmView.js';

// SwarmList's layout: the lists line, the progress and error lines when there are, the heading, the message line
// when there is one, the rows.
export function swarmMouseAreas(state: AppState, body: Size): MouseAreas {
  const {swarm} = state;
  const total = (swarm.list === 'tasks' ? swarm.tasks : swarm[swarm.list]).length;
  const message = listMessage(NOUNS[swarm.list], {
    engine: state.connection.status,
    loaded: swarm.loaded,
    total,
    shown: visibleRows(state).length,
  });
  const above = 2 + (swarm.progress ? 1 : 0) + (swarm.error ? 1 : 0) + (message ? 1 : 0);
  const {listWidth: _width, ...areas} = listWithLogsAreas(state, body, hasSwarmPane, () => above);
  return areas;
}
