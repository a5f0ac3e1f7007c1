import {engineNames, pickFromFilter, unknownEngineText} from '../kit/engine-pick.js';
import type {AppState} from '../../store/state.js';
import type {Services} from '../types.js';
import {swarmList} from './selectors.js';

// enter in view 6's filter with engine:NAME (several engines): view 6 shows that engine from then on; a name
// berth has no engine for says which there are. Either way the term leaves the filter.
export function pickSwarmEngine(services: Services, state: AppState): void {
  const names = engineNames(state);
  const pick = pickFromFilter(swarmList(state).list.filter, names);
  if (!pick) return;
  if (pick.unknown !== undefined) services.status(unknownEngineText(pick.unknown, names), 'error');
  services.dispatch({type: 'swarm.pickEngine', engine: pick.engine, filter: pick.rest});
}
