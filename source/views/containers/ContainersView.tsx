import type {AppState} from '../../store/state.js';
import {ContainerList} from './ContainerList.js';
import {ListWithLogs} from '../kit/list-with-logs/ListWithLogs.js';

// The pane the containers view opened (the swarm view opens its own for services and tasks).
export const hasOwnPane = (state: AppState) =>
  Boolean(state.logs) && (state.logs?.owner ?? 'containers') === 'containers';

// The containers view: the list, and the log pane of the selected container beside or below it (or alone, full screen).
export function ContainersView({width, height}: {width: number; height: number}) {
  return <ListWithLogs width={width} height={height} hasPane={hasOwnPane} List={ContainerList} />;
}
