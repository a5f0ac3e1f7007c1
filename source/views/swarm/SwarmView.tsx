import {Box, Text} from 'ink';
import {sanitizeLine} from '../../text/sanitize.js';
import type {AppState} from '../../store/state.js';
import {ListWithLogs} from '../kit/list-with-logs/ListWithLogs.js';
import {useStore} from '../use-store.js';
import {ListTable} from '../kit/ListBody.js';
import {activeManager, shownSwarmEngine} from './selectors.js';
import {engineTitle} from '../kit/engine-pick.js';
import type {SwarmList, SwarmRole} from './state.js';
import {useTheme} from '../use-theme.js';
import {SWARM_TABLES, swarmLinesAbove} from './tables.js';

const clean = (text: string) => sanitizeLine(text);

const TITLES: Record<SwarmList, string> = {services: 'services', nodes: 'nodes', secrets: 'secrets', tasks: 'tasks'};

function SwarmList({width, height}: {width: number; height: number}) {
  const theme = useTheme();
  const listName = useStore(state => state.swarm.list);
  const counts = useStore(
    state => `${state.swarm.services.length} ${state.swarm.nodes.length} ${state.swarm.secrets.length}`,
  );
  const tasksOf = useStore(state => state.swarm.tasksOf);
  const error = useStore(state => state.swarm.error);
  const progress = useStore(state => state.swarm.progress);
  const downNodes = useStore(state => state.swarm.nodes.filter(node => node.state !== 'ready').length);
  const above = useStore(swarmLinesAbove);
  // With several engines: which one this is, and how to pick another.
  const engine = useStore(shownSwarmEngine);
  const role = useStore(state => state.swarm.role);
  const [services, nodeCount, secrets] = counts.split(' ');
  if (engine && !activeManager(role)) return <NotAManager width={width} height={height} engine={engine} role={role} />;
  const header = [
    engine ? engineTitle('swarm', engine) : '',
    listName === 'tasks' ? `tasks of ${clean(tasksOf?.name ?? '')} (esc: services)` : '',
    ...(['services', 'nodes', 'secrets'] as const).map(name =>
      name === listName
        ? `[${TITLES[name]} ${name === 'services' ? services : name === 'nodes' ? nodeCount : secrets}]`
        : `${TITLES[name]} ${name === 'services' ? services : name === 'nodes' ? nodeCount : secrets}`,
    ),
    downNodes ? `${downNodes} node${downNodes === 1 ? '' : 's'} down` : '',
  ]
    .filter(Boolean)
    .join('  ');
  const listHeight = Math.max(1, height - above);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold wrap="truncate-end" {...(downNodes ? theme.error : undefined)}>
        {' ' + header}
      </Text>
      {progress ? (
        <Text {...(progress.done ? theme.success : theme.warning)} wrap="truncate-end">
          {' ' + progress.text}
        </Text>
      ) : null}
      {error ? (
        <Text {...theme.error} wrap="truncate-end">
          {' swarm: ' + clean(error)}
        </Text>
      ) : null}
      {listName === 'services' ? (
        <ListTable table={SWARM_TABLES.services} width={width} height={listHeight} />
      ) : listName === 'nodes' ? (
        <ListTable table={SWARM_TABLES.nodes} width={width} height={listHeight} />
      ) : listName === 'secrets' ? (
        <ListTable table={SWARM_TABLES.secrets} width={width} height={listHeight} />
      ) : (
        <ListTable table={SWARM_TABLES.tasks} width={width} height={listHeight} />
      )}
    </Box>
  );
}

// Several engines, and the one the swarm view shows is not a manager: say so, and how to pick another.
function NotAManager({width, height, engine, role}: {width: number; height: number; engine: string; role?: SwarmRole}) {
  const theme = useTheme();
  const why = !role
    ? 'its swarm status is not known yet (it is not connected)'
    : role.state === 'active'
      ? 'it is a swarm worker: services, nodes and secrets are on a manager'
      : `it is not a swarm manager (swarm: ${role.state}${role.error ? `, ${role.error}` : ''})`;
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold wrap="truncate-end">
        {' ' + engineTitle('swarm', engine)}
      </Text>
      <Text {...theme.warning} wrap="truncate-end">
        {' ' + clean(`${engine}: ${why}`)}
      </Text>
    </Box>
  );
}

export const hasSwarmPane = (state: AppState) => Boolean(state.logs) && state.logs?.owner === 'swarm';

// The swarm view: one of the lists (services, nodes, secrets, a service's tasks), and the log pane of a service or a
// task beside or below it.
export function SwarmView({width, height}: {width: number; height: number}) {
  return <ListWithLogs width={width} height={height} hasPane={hasSwarmPane} List={SwarmList} />;
}
