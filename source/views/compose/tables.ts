import {projectStatus, type ComposeProject, type ServiceRow} from '../../engine/compose/project.js';
import {memoLast} from '../../store/memo.js';
import type {AppState} from '../../store/state.js';
import {compactStatus} from '../../text/status.js';
import {engineKey} from '../kit/across-engines.js';
import type {Column} from '../kit/columns.js';
import {listMessage} from '../kit/messages.js';
import {table} from '../kit/table.js';
import {projects, shownComposeEngine, visibleProjects, visibleServices} from './selectors.js';
import type {RunSummary} from './state.js';

export const NOUN = {one: 'project', many: 'compose projects'};
const EMPTY = 'no compose projects on this engine, no compose file here (berth -f FILE)';

export const filesText = (project: ComposeProject) =>
  project.files.length
    ? project.files
        .map(file =>
          project.workingDir && file.startsWith(`${project.workingDir}/`)
            ? file.slice(project.workingDir.length + 1)
            : file,
        )
        .join(', ')
    : '-';

// A project as listed: with its last compose run on the engine shown (LAST RUN).
type ProjectRow = ComposeProject & {lastRun: string};

// With several engines, runs are keyed engine/project: this engine's by project name.
const runsOn = (runs: Readonly<Record<string, RunSummary>>, engine: string | undefined) => {
  const prefix = engine ? engineKey(engine, '') : '';
  return (name: string) => runs[prefix + name];
};

const projectRows = memoLast(
  (rows: readonly ComposeProject[], runs: Readonly<Record<string, RunSummary>>, engine: string | undefined) => {
    const runOf = runsOn(runs, engine);
    return rows.map((project): ProjectRow => {
      const run = runOf(project.name);
      return {...project, lastRun: run ? `${run.operation}: ${run.status}` : ''};
    });
  },
);

const PROJECT_COLUMNS: readonly Column<ProjectRow>[] = [
  {id: 'name', title: 'PROJECT', cell: row => row.name, required: true, max: 40},
  {id: 'status', title: 'STATUS', cell: row => projectStatus(row).text, required: true},
  {id: 'run', title: 'LAST RUN', cell: row => row.lastRun, max: 28},
  {id: 'dir', title: 'WORKING DIR', cell: row => row.workingDir ?? '-', min: 12, max: 50},
  {id: 'files', title: 'FILES', cell: row => (row.filesKnown ? '' : '? ') + filesText(row), min: 8, max: 60},
];

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
  rows: state => projectRows(visibleProjects(state), state.compose.runs, shownComposeEngine(state)),
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

const SERVICE_COLUMNS: readonly Column<ServiceRow>[] = [
  {id: 'service', title: 'SERVICE', cell: row => row.service, required: true, max: 30},
  {id: 'container', title: 'CONTAINER', cell: row => row.container?.name ?? '-', required: true, max: 40},
  {
    id: 'status',
    title: 'STATE',
    cell: row => (row.container ? compactStatus(row.container.state, row.container.status) : 'not created'),
    min: 8,
    max: 28,
  },
  {id: 'ports', title: 'PORTS', cell: row => row.container?.ports ?? '', min: 8, max: 40},
];

const stateOf = (row: ServiceRow) => row.container?.state ?? 'not created';

// One project's services: each container, and each configured service without one ("not created").
export const servicesTable = table<ServiceRow>({
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
