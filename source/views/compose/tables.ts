import {projectStatus, type ServiceRow} from '../../engine/compose/project.js';
import {memoLast} from '../../store/memo.js';
import type {AppState} from '../../store/state.js';
import {listMessage} from '../kit/messages.js';
import {table} from '../kit/table.js';
import {PROJECT_COLUMNS, SERVICE_COLUMNS, type ProjectRow} from './columns.js';
import {projects, visibleProjects, visibleServices} from './selectors.js';

export const NOUN = {one: 'project', many: 'compose projects'};
const EMPTY = 'no compose projects on this engine, no compose file here (berth -f FILE)';

const running = (text: string) => text.startsWith('running');
const statusRole = (text: string) => (running(text) ? 'running' : text === 'exited' ? 'exited' : 'paused');

const projectMessage = memoLast(
  (engine: AppState['connection']['status'], loaded: boolean, total: number, shown: number) => {
    const message = listMessage(NOUN, {engine, loaded, total, shown});
    // Nothing here says how to get a project: from a compose file.
    return message && !total && message.text === `no ${NOUN.many} here` ? {...message, text: EMPTY} : message;
  },
);

// The compose projects of the engine shown (from its containers' labels) and the one in the current directory.
export const projectsTable = table<ProjectRow>({
  id: 'compose.projects',
  rows: visibleProjects,
  columns: () => PROJECT_COLUMNS,
  list: state => state.compose.list,
  key: row => row.name,
  message: state =>
    projectMessage(
      state.connection.status,
      state.containers.loaded,
      projects(state).length,
      visibleProjects(state).length,
    ),
  stale: state => state.containers.stale,
  lead: row => {
    const status = projectStatus(row).text;
    return {glyph: running(status) ? '●' : '○', role: statusRole(status)};
  },
});

const stateOf = (row: ServiceRow) => row.container?.state ?? 'not created';

// One project's services: each container, and each configured service without one ("not created").
export const servicesTable = table<ServiceRow>({
  id: 'compose.services',
  rows: visibleServices,
  columns: () => SERVICE_COLUMNS,
  list: state => state.compose.services,
  key: row => row.key,
  // The notes over the heading say what is wrong with the project; an empty project is its notes alone.
  message: () => undefined,
  lead: row => {
    const state = stateOf(row);
    return {
      glyph: state === 'running' ? '●' : '○',
      role: state === 'running' ? 'running' : state === 'exited' ? 'exited' : 'paused',
    };
  },
});
