import {Box, Text} from 'ink';
import {projectStatus, type ComposeProject, type ServiceRow} from '../../engine/compose/project.js';
import {fit} from '../../text/format.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {compactStatus} from '../../text/status.js';
import {LogPane} from '../kit/log-pane/LogPane.js';
import {useStore} from '../use-store.js';
import {GLYPH} from '../kit/glyphs.js';
import {fitWidths} from '../kit/columns.js';
import {ListStatus} from '../kit/ListBody.js';

export const NOUN = {one: 'project', many: 'compose projects'};
import {containersLayout} from '../kit/list-with-logs/layout.js';
import {shownComposeEngine, projectNamed, projects, visibleProjects, visibleServices} from './selectors.js';
import {engineTitle} from '../kit/engine-pick.js';
import {engineKey} from '../kit/across-engines.js';
import type {RunSummary} from './state.js';
import {useTheme} from '../use-theme.js';
import {styles} from '../../theme/index.js';

const filesText = (project: ComposeProject) =>
  project.files.length
    ? project.files
        .map(file =>
          project.workingDir && file.startsWith(`${project.workingDir}/`)
            ? file.slice(project.workingDir.length + 1)
            : file,
        )
        .join(', ')
    : '-';

const runText = (run: RunSummary | undefined) => (run ? `${run.operation}: ${run.status}` : '');

function projectColumns(width: number, rows: readonly ComposeProject[], runs: Readonly<Record<string, RunSummary>>) {
  const content = {name: 7, status: 11, dir: 11, files: 5, run: 8};
  for (const row of rows) {
    content.name = Math.max(content.name, row.name.length);
    content.status = Math.max(content.status, projectStatus(row).text.length);
    content.dir = Math.max(content.dir, (row.workingDir ?? '').length);
    content.files = Math.max(content.files, filesText(row).length + (row.filesKnown ? 0 : 2));
    content.run = Math.max(content.run, runText(runs[row.name]).length);
  }
  return fitWidths(width - 3, [
    {id: 'name', content: content.name, required: true, max: 40},
    {id: 'status', content: content.status, required: true},
    {id: 'run', content: content.run, max: 28},
    {id: 'dir', content: content.dir, min: 12, max: 50},
    {id: 'files', content: content.files, min: 8, max: 60},
  ]);
}

function join(columns: Record<string, number>, cells: Record<string, string>, order: readonly string[]): string {
  return order
    .filter(id => (columns[id] ?? 0) > 0)
    .map(id => fit(cells[id] ?? '', columns[id]))
    .join(' ')
    .trimEnd();
}

const runsOn = (runs: Readonly<Record<string, RunSummary>>, engine: string): Record<string, RunSummary> => {
  const prefix = engineKey(engine, '');
  return Object.fromEntries(
    Object.entries(runs)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, run]) => [key.slice(prefix.length), run]),
  );
};

const PROJECT_ORDER = ['name', 'status', 'run', 'dir', 'files'] as const;
const statusRole = (text: string) => (text.startsWith('running') ? 'running' : text === 'exited' ? 'exited' : 'paused');
const stateRole = (state: string) => (state === 'running' ? 'running' : state === 'exited' ? 'exited' : 'paused');

function ProjectList({width, height}: {width: number; height: number}) {
  const theme = useTheme();
  const rows = useStore(visibleProjects);
  const total = useStore(state => projects(state).length);
  const list = useStore(state => state.compose.list);
  const allRuns = useStore(state => state.compose.runs);
  // With several engines, runs are keyed engine/project: this engine's by project name.
  const engine = useStore(shownComposeEngine);
  const runs = engine ? runsOn(allRuns, engine) : allRuns;
  const loaded = useStore(state => state.containers.loaded);
  const stale = useStore(state => state.containers.stale);
  const columns = projectColumns(width, rows, runs);
  const page = rows.slice(list.scrollTop, list.scrollTop + Math.max(1, height - 1));
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold {...theme.columnHeader} wrap="truncate-end">
        {'  ' +
          join(
            columns,
            {name: 'PROJECT', status: 'STATUS', run: 'LAST RUN', dir: 'WORKING DIR', files: 'FILES'},
            PROJECT_ORDER,
          )}
      </Text>
      <ListStatus
        noun={NOUN}
        loaded={loaded}
        total={total}
        shown={rows.length}
        empty="no compose projects on this engine, no compose file here (berth -f FILE)"
      />
      {page.map((project, i) => {
        const status = projectStatus(project).text;
        const selected = list.scrollTop + i === list.cursor;
        const text = join(
          columns,
          {
            name: sanitizeLine(project.name),
            status,
            run: runText(runs[project.name]),
            dir: sanitizeLine(project.workingDir ?? '-'),
            files: (project.filesKnown ? '' : '? ') + sanitizeLine(filesText(project)),
          },
          PROJECT_ORDER,
        );
        return (
          <Text key={project.name} {...styles(selected && theme.selection, stale && theme.muted)} wrap="truncate-end">
            {selected ? GLYPH.cursor : GLYPH.blank}
            <Text {...(stale ? undefined : theme[statusRole(status)])}>{status.startsWith('running') ? '●' : '○'}</Text>
            {text}
          </Text>
        );
      })}
    </Box>
  );
}

const SERVICE_ORDER = ['service', 'container', 'status', 'ports'] as const;

function serviceColumns(width: number, rows: readonly ServiceRow[]) {
  const content = {service: 7, container: 9, status: 6, ports: 5};
  for (const row of rows) {
    content.service = Math.max(content.service, row.service.length);
    content.container = Math.max(content.container, row.container?.name.length ?? 11);
    content.status = Math.max(
      content.status,
      row.container ? compactStatus(row.container.state, row.container.status).length : 11,
    );
    content.ports = Math.max(content.ports, row.container?.ports.length ?? 0);
  }
  return fitWidths(width - 3, [
    {id: 'service', content: content.service, required: true, max: 30},
    {id: 'container', content: content.container, required: true, max: 40},
    {id: 'status', content: content.status, min: 8, max: 28},
    {id: 'ports', content: content.ports, min: 8, max: 40},
  ]);
}

// The lines over a project's services: the project, and what is wrong with it (the mouse counts them too).
export function serviceNotes(
  open: string | undefined,
  project: ComposeProject | undefined,
  configError: string | undefined,
  runnerKind: string | undefined,
): {text: string; role?: 'warning' | 'error'}[] {
  const notes: {text: string; role?: 'warning' | 'error'}[] = [];
  if (!project) notes.push({text: `  project ${open ?? ''} is gone (esc goes back)`, role: 'warning'});
  else {
    notes.push({
      text: ` ${project.name} · ${projectStatus(project).text} · ${project.workingDir ?? 'no working directory'} · ${filesText(project)}`,
    });
    if (!project.filesKnown) {
      const down = runnerKind === 'v2' ? 'D works by name' : 'D needs the files with compose v1';
      notes.push({
        text: `  files unknown: ${project.filesProblem ?? ''}; b and u need them, ${down}; l, L, s and S work`,
        role: 'warning',
      });
    }
    if (configError) notes.push({text: `  ${configError}`, role: 'error'});
  }
  return notes;
}

function ServiceList({width, height}: {width: number; height: number}) {
  const theme = useTheme();
  const open = useStore(state => state.compose.open);
  const project = useStore(state => (open ? projectNamed(state, open) : undefined));
  const rows = useStore(visibleServices);
  const list = useStore(state => state.compose.services);
  const configError = useStore(state => (open ? state.compose.configErrors[open] : undefined));
  const runner = useStore(state => state.compose.runner);
  const columns = serviceColumns(width, rows);
  const notes = serviceNotes(open, project, configError, runner?.kind);
  const bodyRows = Math.max(1, height - 1 - notes.length);
  const page = rows.slice(list.scrollTop, list.scrollTop + bodyRows);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {notes.map((note, i) => (
        <Text key={`n${i}`} bold={i === 0} {...(note.role && theme[note.role])} wrap="truncate-end">
          {sanitizeLine(note.text)}
        </Text>
      ))}
      <Text bold {...theme.columnHeader} wrap="truncate-end">
        {'  ' +
          join(columns, {service: 'SERVICE', container: 'CONTAINER', status: 'STATE', ports: 'PORTS'}, SERVICE_ORDER)}
      </Text>
      {page.map((row, i) => {
        const selected = list.scrollTop + i === list.cursor;
        const state = row.container?.state ?? 'not created';
        const text = join(
          columns,
          {
            service: sanitizeLine(row.service),
            container: row.container ? sanitizeLine(row.container.name) : '-',
            status: row.container
              ? sanitizeLine(compactStatus(row.container.state, row.container.status))
              : 'not created',
            ports: sanitizeLine(row.container?.ports ?? ''),
          },
          SERVICE_ORDER,
        );
        return (
          <Text key={row.key} {...(selected ? theme.selection : undefined)} wrap="truncate-end">
            {selected ? GLYPH.cursor : GLYPH.blank}
            <Text {...theme[stateRole(state)]}>{state === 'running' ? '●' : '○'}</Text>
            {text}
          </Text>
        );
      })}
    </Box>
  );
}

// The compose view: compose projects (or one project's services), with the log pane beside or below for a container's
// logs, the project's interleaved logs, or a compose command's output.
export function ComposeView({width, height}: {width: number; height: number}) {
  const hasLogs = useStore(state => state.logs?.owner === 'compose');
  const logsFocused = useStore(state => state.focus === 'logs');
  const fullscreenLogs = useStore(
    state => Boolean(state.logs?.fullscreen) && state.logs?.owner === 'compose' && state.focus === 'logs',
  );
  const open = useStore(state => Boolean(state.compose.open));
  const runner = useStore(state => state.compose.runner);
  const problem = useStore(state => state.compose.runnerProblem);
  const engine = useStore(shownComposeEngine);
  const theme = useTheme();
  if (fullscreenLogs) return <LogPane width={width} height={height} />;
  const {wide, listWidth, listHeight} = containersLayout(hasLogs, {width, height: height - 1}, logsFocused);
  const which = runner
    ? `compose: ${runner.program === 'docker' ? 'docker compose' : runner.program} ${runner.version} (${runner.kind})`
    : problem
      ? `compose: ${problem}`
      : 'compose: looking for it…';
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Text {...(problem ? theme.error : theme.muted)} wrap="truncate-end">
        {engine ? <Text bold>{` ${engineTitle('compose', engine)} ·`}</Text> : null}
        {` ${which}`}
      </Text>
      <Box flexDirection={wide ? 'row' : 'column'} height={height - 1} overflow="hidden">
        {open ? (
          <ServiceList width={listWidth} height={listHeight} />
        ) : (
          <ProjectList width={listWidth} height={listHeight} />
        )}
        {hasLogs ? (
          wide ? (
            <LogPane width={width - listWidth} height={height - 1} />
          ) : (
            <LogPane width={width} height={height - 1 - listHeight} />
          )
        ) : null}
      </Box>
    </Box>
  );
}
