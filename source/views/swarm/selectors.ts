import {makeMatcher} from '../../store/list.js';
import {memoLast} from '../../store/memo.js';
import type {AppState} from '../../store/state.js';
import type {FocusedList} from '../types.js';
import {sorter} from '../kit/sort.js';
import {SWARM_COLUMNS, taskLines, type TaskLine} from './columns.js';
import {splitEngineFilter} from '../kit/merge-engine-rows.js';
import {engineNames, shownEngine} from '../kit/engine-pick.js';
import type {NodeRow, SecretRow, ServiceRow, SwarmList, SwarmRole, SwarmState, TaskRow} from './state.js';

export const activeManager = (role: SwarmRole | undefined): boolean =>
  role?.manager === true && role.state === 'active';

// With several engines, the engine the swarm view shows: the one picked with engine:NAME, else the first that is an
// active swarm manager, else the first. Undefined with one engine.
export const shownSwarmEngine = (state: AppState): string | undefined =>
  shownEngine(state, state.swarm.engine, names => names.find(name => activeManager(state.swarm.roles[name])));

// Whether any engine berth shows is a manager (the swarm view is offered then).
export const anyManager = (state: AppState): boolean =>
  engineNames(state).length
    ? engineNames(state).some(name => activeManager(state.swarm.roles[name]))
    : activeManager(state.swarm.role);

type Row = NodeRow | ServiceRow | SecretRow | TaskRow;

// The text the filter matches for each kind of row.
function haystack(list: SwarmList, row: Row): string[] {
  switch (list) {
    case 'services': {
      const service = row as ServiceRow;
      return [service.name, service.image, service.shortId];
    }
    case 'nodes': {
      const node = row as NodeRow;
      return [node.hostname, node.id, node.role, node.state, node.availability];
    }
    case 'secrets': {
      const secret = row as SecretRow;
      return [secret.name, secret.shortId];
    }
    case 'tasks': {
      const task = row as TaskRow;
      return [task.id, task.nodeId, task.state, String(task.slot ?? '')];
    }
  }
}

const rowsOf = (swarm: SwarmState, list: SwarmList): readonly Row[] => (list === 'tasks' ? swarm.tasks : swarm[list]);

// One memo per list, so that selectors of two lists never evict each other.
const makeFilter = () =>
  memoLast((rows: readonly Row[], list: SwarmList, filter: string): readonly Row[] => {
    // An engine:NAME being typed picks the engine on enter; it never hides the rows meanwhile.
    const rest = splitEngineFilter(filter).rest;
    if (!rest) return rows;
    const match = makeMatcher(rest);
    return rows.filter(row => haystack(list, row).some(text => match(text)));
  });
const FILTERS: Record<SwarmList, ReturnType<typeof makeFilter>> = {
  services: makeFilter(),
  nodes: makeFilter(),
  secrets: makeFilter(),
  tasks: makeFilter(),
};

// One sort memo per list too.
const SORTED = {
  services: sorter<ServiceRow, undefined>(),
  nodes: sorter<NodeRow, undefined>(),
  secrets: sorter<SecretRow, undefined>(),
  tasks: sorter<TaskLine, undefined>(),
};

// A list's rows filtered, then in the order `o` chose; the tasks named after their service and slot.
export function visibleRows(state: AppState, list: SwarmList = state.swarm.list): readonly Row[] {
  const rows = FILTERS[list](rowsOf(state.swarm, list), list, state.swarm.lists[list].filter);
  const sort = state.sorts[`swarm.${list}`];
  switch (list) {
    case 'services':
      return SORTED.services(rows as readonly ServiceRow[], SWARM_COLUMNS.services, sort, undefined);
    case 'nodes':
      return SORTED.nodes(rows as readonly NodeRow[], SWARM_COLUMNS.nodes, sort, undefined);
    case 'secrets':
      return SORTED.secrets(rows as readonly SecretRow[], SWARM_COLUMNS.secrets, sort, undefined);
    case 'tasks': {
      const lines = taskLines(rows as readonly TaskRow[], state.swarm.tasksOf?.name ?? '', state.swarm.nodes);
      return SORTED.tasks(lines, SWARM_COLUMNS.tasks, sort, undefined);
    }
  }
}

export function selectedRow<T extends Row>(state: AppState, list: SwarmList): T | undefined {
  if (state.swarm.list !== list) return undefined;
  return visibleRows(state, list)[state.swarm.lists[list].cursor] as T | undefined;
}

// The service an action on "the selected service" means: the selected row, or the service whose tasks show.
export function selectedService(state: AppState): ServiceRow | undefined {
  if (state.swarm.list === 'services') return selectedRow<ServiceRow>(state, 'services');
  if (state.swarm.list === 'tasks' && state.swarm.tasksOf)
    return state.swarm.services.find(service => service.id === state.swarm.tasksOf!.id);
  return undefined;
}

const makeIds = () => memoLast((rows: readonly Row[]) => rows.map(row => row.id));
const IDS: Record<SwarmList, ReturnType<typeof makeIds>> = {
  services: makeIds(),
  nodes: makeIds(),
  secrets: makeIds(),
  tasks: makeIds(),
};

export function swarmList(state: AppState): FocusedList {
  const list = state.swarm.list;
  return {
    ids: IDS[list](visibleRows(state, list)),
    list: state.swarm.lists[list],
    put: (s, next) =>
      next === s.swarm.lists[list] ? s : {...s, swarm: {...s.swarm, lists: {...s.swarm.lists, [list]: next}}},
  };
}

export function findService(state: AppState, nameOrId: string): ServiceRow | undefined {
  const services = state.swarm.services;
  return (
    services.find(service => service.name === nameOrId) ??
    services.find(service => service.id === nameOrId) ??
    services.find(service => nameOrId.length >= 4 && service.id.startsWith(nameOrId))
  );
}
