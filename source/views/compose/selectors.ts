import {engineContainers, splitEngineFilter} from '../kit/merge-engine-rows.js';
import {shownEngine} from '../kit/engine-pick.js';
import {
  mergeProjects,
  projectsFromContainers,
  projectStatus,
  serviceRows,
  type ComposeProject,
  type ServiceRow,
} from '../../engine/compose/project.js';
import type {ContainerRow} from '../../engine/containers/rows.js';
import {makeMatcher} from '../../store/list.js';
import {memoLast} from '../../store/memo.js';
import type {AppState} from '../../store/state.js';
import type {FocusedList} from '../types.js';
import {sorter} from '../kit/sort.js';
import {PROJECT_COLUMNS, projectRows, SERVICE_COLUMNS, type ProjectRow} from './columns.js';

// Each with the profiles chosen for it (P, :profile, :compose --profile).
const allProjects = memoLast(
  (
    items: readonly ContainerRow[],
    local: ComposeProject | undefined,
    profiles: Readonly<Record<string, readonly string[]>>,
  ) =>
    mergeProjects(projectsFromContainers(items), local).map(project =>
      profiles[project.name]?.length ? {...project, profiles: profiles[project.name]} : project,
    ),
);

// With several engines, the engine the compose view shows (picked with engine:NAME, else the first); undefined with one.
export const shownComposeEngine = (state: AppState): string | undefined => shownEngine(state, state.compose.engine);

export const projects = (state: AppState): readonly ComposeProject[] =>
  allProjects(engineContainers(state, shownComposeEngine(state)), state.compose.local, state.compose.profiles);

const filterProjects = memoLast((rows: readonly ComposeProject[], filter: string) => {
  // An engine:NAME being typed picks the engine on enter; it never hides the projects meanwhile.
  const rest = splitEngineFilter(filter).rest;
  if (!rest) return rows;
  const match = makeMatcher(rest);
  return rows.filter(
    project => match(project.name) || match(project.workingDir ?? '') || match(projectStatus(project).text),
  );
});

const sortedProjects = sorter<ProjectRow, undefined>();
const sortedServices = sorter<ServiceRow, undefined>();

// Filtered, with each project's last compose run on the engine shown (LAST RUN), in the order `o` chose.
export const visibleProjects = (state: AppState): readonly ProjectRow[] =>
  sortedProjects(
    projectRows(
      filterProjects(projects(state), state.compose.list.filter),
      state.compose.runs,
      shownComposeEngine(state),
    ),
    PROJECT_COLUMNS,
    state.sorts['compose.projects'],
    undefined,
  );

export function selectedProject(state: AppState): ComposeProject | undefined {
  if (state.compose.open) return projects(state).find(project => project.name === state.compose.open);
  return visibleProjects(state)[state.compose.list.cursor];
}

export function projectNamed(state: AppState, name: string): ComposeProject | undefined {
  return projects(state).find(project => project.name === name);
}

const rowsOf = memoLast(
  (project: ComposeProject | undefined, configured: readonly string[] | undefined, filter: string) => {
    if (!project) return [];
    const rows = serviceRows(project, configured);
    const rest = splitEngineFilter(filter).rest;
    if (!rest) return rows;
    const match = makeMatcher(rest);
    return rows.filter(
      row => match(row.service) || match(row.container?.name ?? '') || match(row.container?.status ?? ''),
    );
  },
);

export function visibleServices(state: AppState): readonly ServiceRow[] {
  const open = state.compose.open;
  const project = open ? projectNamed(state, open) : undefined;
  return sortedServices(
    rowsOf(project, open ? state.compose.configured[open] : undefined, state.compose.services.filter),
    SERVICE_COLUMNS,
    state.sorts['compose.services'],
    undefined,
  );
}

export function selectedService(state: AppState): ServiceRow | undefined {
  return visibleServices(state)[state.compose.services.cursor];
}

const projectIds = memoLast((rows: readonly ComposeProject[]) => rows.map(project => project.name));
const serviceIds = memoLast((rows: readonly ServiceRow[]) => rows.map(row => row.key));

export function composeList(state: AppState): FocusedList {
  if (state.compose.open) {
    return {
      ids: serviceIds(visibleServices(state)),
      list: state.compose.services,
      put: (s, list) => (list === s.compose.services ? s : {...s, compose: {...s.compose, services: list}}),
    };
  }
  return {
    ids: projectIds(visibleProjects(state)),
    list: state.compose.list,
    put: (s, list) => (list === s.compose.list ? s : {...s, compose: {...s.compose, list}}),
  };
}
