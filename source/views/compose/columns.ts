import {projectStatus, type ComposeProject, type ServiceRow} from '../../engine/compose/project.js';
import {memoLast} from '../../store/memo.js';
import {compactStatus} from '../../text/status.js';
import {engineKey} from '../kit/across-engines.js';
import type {Column} from '../kit/columns.js';
import type {RunSummary} from './state.js';

// The compose view's two lists' columns, read by its selectors (sorting) and its tables (drawing).

// Under a project's header line: its --env-file and profiles, as compose is given them ('' when neither).
export const projectOptionsText = (project: ComposeProject) =>
  [
    ...(project.envFile ? [`--env-file ${shortPath(project, project.envFile)}`] : []),
    ...(project.profiles ?? []).map(profile => `--profile ${profile}`),
  ].join(' ');

const shortPath = (project: ComposeProject, file: string) =>
  project.workingDir && file.startsWith(`${project.workingDir}/`) ? file.slice(project.workingDir.length + 1) : file;

export const filesText = (project: ComposeProject) =>
  project.files.length ? project.files.map(file => shortPath(project, file)).join(', ') : '-';

// A project as listed: with its last compose run on the engine shown (LAST RUN).
export type ProjectRow = ComposeProject & {lastRun: string};

// With several engines, runs are keyed engine/project: this engine's by project name.
const runsOn = (runs: Readonly<Record<string, RunSummary>>, engine: string | undefined) => {
  const prefix = engine ? engineKey(engine, '') : '';
  return (name: string) => runs[prefix + name];
};

export const projectRows = memoLast(
  (rows: readonly ComposeProject[], runs: Readonly<Record<string, RunSummary>>, engine: string | undefined) => {
    const runOf = runsOn(runs, engine);
    return rows.map((project): ProjectRow => {
      const run = runOf(project.name);
      return {...project, lastRun: run ? `${run.operation}: ${run.status}` : ''};
    });
  },
);

export const PROJECT_COLUMNS: readonly Column<ProjectRow>[] = [
  {id: 'name', title: 'PROJECT', cell: row => row.name, required: true, max: 40},
  {id: 'status', title: 'STATUS', cell: row => projectStatus(row).text, required: true},
  {id: 'run', title: 'LAST RUN', cell: row => row.lastRun, max: 28},
  {id: 'dir', title: 'WORKING DIR', cell: row => row.workingDir ?? '-', min: 12, max: 50},
  {id: 'files', title: 'FILES', cell: row => (row.filesKnown ? '' : '? ') + filesText(row), min: 8, max: 60},
];

export const SERVICE_COLUMNS: readonly Column<ServiceRow>[] = [
  {id: 'service', title: 'SERVICE', cell: row => row.service, required: true, max: 30},
  {id: 'container', title: 'CONTAINER', cell: row => row.container?.name ?? '-', required: true, max: 40},
  {
    id: 'status',
    title: 'STATE',
    cell: row => (row.container ? compactStatus(row.container.state, row.container.status) : 'not created'),
    // Aged from when the container was listed to this render, as view 1's STATUS ("up 5s" listed a minute ago
    // says 1m): it stayed as listed until the next event.
    live: (row, _context, now) => {
      const container = row.container;
      if (!container) return 'not created';
      const later = container.listedAt ? (now - container.listedAt) / 1000 : 0;
      return compactStatus(container.state, container.status, later);
    },
    min: 8,
    max: 28,
  },
  {id: 'ports', title: 'PORTS', cell: row => row.container?.ports ?? '', min: 8, max: 40},
];
