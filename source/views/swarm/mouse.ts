import type {AppState} from '../../store/state.js';
import {listWithLogsAreas} from '../kit/list-with-logs/areas.js';
import type {MouseAreas, Size} from '../types.js';
import {hasSwarmPane} from './SwarmView.js';
import {SWARM_TABLES, swarmLinesAbove} from './tables.js';

// SwarmList's layout: the lists line, the progress and error lines when there are, the heading, the message line
// when there is one, the rows.
export function swarmMouseAreas(state: AppState, body: Size): MouseAreas {
  const above = swarmLinesAbove(state) + 1 + (SWARM_TABLES[state.swarm.list].message(state) ? 1 : 0);
  const {listWidth: _width, ...areas} = listWithLogsAreas(state, body, hasSwarmPane, () => above);
  return areas;
}
