import type {Action} from '../../store/actions.js';
import {emptyList} from '../../store/list.js';
import type {AppState} from '../../store/state.js';
import {relocateList} from '../focused-list.js';
import {shownComposeEngine, composeList, selectedProject, visibleProjects} from './selectors.js';

export function reduceCompose(state: AppState, action: Action): AppState {
  const compose = state.compose;
  switch (action.type) {
    case 'compose.detected':
      return {...state, compose: {...compose, detected: true, runner: action.runner, runnerProblem: action.problem}};
    case 'compose.open': {
      if (compose.open) return state;
      const project = visibleProjects(state)[compose.list.cursor];
      if (!project) return state;
      return {...state, compose: {...compose, open: project.name, services: emptyList()}};
    }
    case 'compose.back':
      if (!compose.open) return state;
      if (compose.services.filter)
        return {...state, compose: {...compose, services: {...compose.services, filter: '', cursor: 0, scrollTop: 0}}};
      return {...state, compose: {...compose, open: undefined}};
    case 'compose.configured': {
      if (action.services)
        return {
          ...state,
          compose: {
            ...compose,
            configured: {...compose.configured, [action.project]: action.services},
            configErrors: without(compose.configErrors, action.project),
          },
        };
      return {
        ...state,
        compose: {
          ...compose,
          configErrors: {...compose.configErrors, [action.project]: action.error ?? 'unknown error'},
        },
      };
    }
    case 'compose.profiles': {
      const profiles = {...compose.profiles, [action.project]: action.profiles};
      if (!action.profiles.length) delete profiles[action.project];
      return {...state, compose: {...compose, profiles}};
    }
    case 'compose.openProject':
      return {
        ...state,
        view: 'compose',
        compose: {
          ...compose,
          opened: action.opened,
          local: action.local,
          open: action.local.name,
          services: emptyList(),
        },
      };
    case 'compose.editProfiles': {
      const project = selectedProject(state);
      if (!project) return state;
      const draft = (compose.profiles[project.name] ?? []).join(' ');
      return {...state, overlay: {kind: 'composeProfiles', draft, project: project.name}};
    }
    case 'compose.local': {
      // The working directory's compose files, read again (opening the compose view, ctrl-r): a file added or removed shows.
      if (JSON.stringify(action.local) === JSON.stringify(compose.local)) return state;
      const next = {...state, compose: {...compose, local: action.local}};
      return next.view === 'compose' ? relocateList(next, composeList(next)) : next;
    }
    case 'compose.pickEngine': {
      // Another engine: its projects from the top; an unknown name only leaves the rest of the filter.
      if (!action.engine || action.engine === shownComposeEngine(state)) {
        const next = {...state, compose: {...compose, engine: action.engine ?? compose.engine}};
        const list = composeList(next);
        return list.put(next, {...list.list, filter: action.filter, cursor: 0, scrollTop: 0});
      }
      return {
        ...state,
        compose: {...compose, engine: action.engine, open: undefined, list: {...emptyList(), filter: action.filter}},
      };
    }
    case 'compose.run':
      return {...state, compose: {...compose, runs: {...compose.runs, [action.summary.project]: action.summary}}};
    case 'containers.loaded':
      // The rows come from the container list: keep the same project (or service) selected.
      return state.view === 'compose' ? relocateList(state, composeList(state)) : state;
    case 'composeDown.toggleVolumes': {
      const overlay = state.overlay;
      return overlay?.kind === 'composeDown'
        ? {...state, overlay: {...overlay, withVolumes: !overlay.withVolumes}}
        : state;
    }
    case 'composeDown.toggleOrphans': {
      const overlay = state.overlay;
      return overlay?.kind === 'composeDown'
        ? {...state, overlay: {...overlay, removeOrphans: !overlay.removeOrphans}}
        : state;
    }
    case 'composeDown.containers': {
      const overlay = state.overlay;
      if (overlay?.kind !== 'composeDown' || overlay.project !== action.project) return state;
      return {...state, overlay: {...overlay, containers: action.containers}};
    }
    case 'composeDown.targets': {
      const overlay = state.overlay;
      if (overlay?.kind !== 'composeDown' || overlay.project !== action.project) return state;
      return {...state, overlay: {...overlay, networks: action.networks, volumes: action.volumes, loading: false}};
    }
  }
  return state;
}

function without<T>(record: Readonly<Record<string, T>>, key: string): Record<string, T> {
  const {[key]: _gone, ...rest} = record;
  return rest;
}
