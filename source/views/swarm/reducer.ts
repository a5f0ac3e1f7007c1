import type {Action} from '../../store/actions.js';
import {emptyList} from '../../store/list.js';
import type {AppState} from '../../store/state.js';
import {relocateList} from '../focused-list.js';
import {engineNames} from '../kit/engine-pick.js';
import {anyManager, selectedRow, shownSwarmEngine, swarmList} from './selectors.js';
import {initialSwarm, SWARM_LISTS, type ServiceRow, type SwarmList, type SwarmState} from './state.js';

const withSwarm = (state: AppState, swarm: Partial<SwarmState>): AppState => ({
  ...state,
  swarm: {...state.swarm, ...swarm},
});

function show(state: AppState, list: SwarmList): AppState {
  if (state.swarm.list === list) return state;
  return relocateList(withSwarm(state, {list}), swarmList(withSwarm(state, {list})));
}

function cycle(state: AppState, step: number): AppState {
  const at = SWARM_LISTS.indexOf(state.swarm.list as (typeof SWARM_LISTS)[number]);
  // From the tasks, [ and ] go on from the services.
  const from = at < 0 ? 0 : at;
  // Wrapping around, so the index is always in range.
  return show(state, SWARM_LISTS[(from + step + SWARM_LISTS.length) % SWARM_LISTS.length] ?? 'services');
}

// The swarm view's lists: the engine's answers, which list shows, and drilling into a service's tasks. With several
// engines, the lists are those of the engine shown: when that changes (picked, or a manager found) the other
// engine's rows go at once.
export function reduceSwarm(state: AppState, action: Action): AppState {
  const next = reduceOwn(state, action);
  return next.swarm === state.swarm && next.engines === state.engines ? next : followShownEngine(state, next);
}

function followShownEngine(before: AppState, after: AppState): AppState {
  if (!engineNames(after).length) return after;
  const shown = shownSwarmEngine(after);
  const role = shown ? after.swarm.roles[shown] : undefined;
  if (shown === shownSwarmEngine(before)) return after.swarm.role === role ? after : withSwarm(after, {role});
  // Another engine: none of the rows, marks, tasks or progress of the one before; which list shows and the
  // filters stay.
  const fresh = initialSwarm();
  const lists = Object.fromEntries(
    Object.entries(after.swarm.lists).map(([list, state]) => [list, {...fresh.lists.services, filter: state.filter}]),
  ) as SwarmState['lists'];
  return withSwarm(after, {
    ...fresh,
    roles: after.swarm.roles,
    engine: after.swarm.engine,
    role,
    list: after.swarm.list === 'tasks' ? 'services' : after.swarm.list,
    lists,
  });
}

function reduceOwn(state: AppState, action: Action): AppState {
  switch (action.type) {
    case 'swarm.pickEngine': {
      const list = swarmList(state);
      const next = list.put(state, {...list.list, filter: action.filter});
      return action.engine ? withSwarm(next, {engine: action.engine}) : next;
    }
    case 'swarm.role': {
      if (action.engine !== undefined && engineNames(state).length) {
        // Several engines: the swarm view goes away only when no engine is a manager any more.
        const next = withSwarm(state, {roles: {...state.swarm.roles, [action.engine]: action.role}});
        return state.view === 'swarm' && !anyManager(next)
          ? {...next, view: 'containers', focus: 'list', overlay: undefined}
          : next;
      }
      // An engine that stops being a manager (left the swarm, demoted) takes the swarm view away: back to the containers view.
      const next = withSwarm(state, {role: action.role});
      return state.view === 'swarm' && !action.role?.manager
        ? {...next, view: 'containers', focus: 'list', overlay: undefined}
        : next;
    }
    case 'swarm.loaded': {
      // Rows of an engine the swarm view no longer shows.
      if (action.engine !== shownSwarmEngine(state)) return state;
      const next = withSwarm(state, {
        nodes: action.nodes,
        services: action.services,
        secrets: action.secrets,
        loaded: true,
        stale: false,
        error: undefined,
      });
      // Marks of rows that went away go with them.
      for (const list of SWARM_LISTS) {
        const live = new Set((next.swarm[list] as readonly {id: string}[]).map(row => row.id));
        const marked = next.swarm.lists[list].marked.filter(id => live.has(id));
        if (marked.length !== next.swarm.lists[list].marked.length)
          next.swarm.lists[list] = {...next.swarm.lists[list], marked};
      }
      return state.view === 'swarm' && next.swarm.list !== 'tasks' ? relocateList(next, swarmList(next)) : next;
    }
    case 'swarm.tasksLoaded': {
      if (state.swarm.tasksOf?.id !== action.serviceId || action.engine !== shownSwarmEngine(state)) return state;
      const next = withSwarm(state, {tasks: action.tasks});
      return state.swarm.list === 'tasks' ? relocateList(next, swarmList(next)) : next;
    }
    case 'swarm.failed':
      return withSwarm(state, {loaded: true, error: action.error});
    case 'swarm.stale':
      return state.swarm.stale ? state : withSwarm(state, {stale: true});
    case 'swarm.progress':
      return withSwarm(state, {progress: action.progress});
    case 'swarm.show':
      return show(state, action.list);
    case 'swarm.showNodes':
      return show(state, 'nodes');
    case 'swarm.showServices':
      return show(state, 'services');
    case 'swarm.showSecrets':
      return show(state, 'secrets');
    case 'swarm.nextList':
      return cycle(state, 1);
    case 'swarm.previousList':
      return cycle(state, -1);
    case 'swarm.enter': {
      const service = selectedRow<ServiceRow>(state, 'services');
      if (!service) return state;
      const same = state.swarm.tasksOf?.id === service.id;
      return withSwarm(state, {
        list: 'tasks',
        tasksOf: {id: service.id, name: service.name},
        tasks: same ? state.swarm.tasks : [],
        lists: {...state.swarm.lists, tasks: same ? state.swarm.lists.tasks : emptyList()},
      });
    }
    case 'swarm.back': {
      if (state.swarm.list !== 'tasks') return state;
      // esc clears a filter first, then goes back to the services.
      if (state.swarm.lists.tasks.filter)
        return withSwarm(state, {lists: {...state.swarm.lists, tasks: {...state.swarm.lists.tasks, filter: ''}}});
      return withSwarm(state, {list: 'services'});
    }
  }
  return state;
}
