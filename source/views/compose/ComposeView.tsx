import {Box, Text} from 'ink';
import {projectStatus, type ComposeProject} from '../../engine/compose/project.js';
import {memoLast} from '../../store/memo.js';
import type {AppState} from '../../store/state.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {LogPane} from '../kit/log-pane/LogPane.js';
import {useStore} from '../use-store.js';
import {ListTable} from '../kit/ListBody.js';
import {containersLayout} from '../kit/list-with-logs/layout.js';
import {shownComposeEngine, projectNamed} from './selectors.js';
import {engineTitle} from '../kit/engine-pick.js';
import {engineAwayReason} from '../../store/engine-connections.js';
import {useTheme} from '../use-theme.js';
import {projectsTable, servicesTable} from './tables.js';
import {filesText, projectOptionsText} from './columns.js';

function ProjectList({width, height}: {width: number; height: number}) {
  return <ListTable table={projectsTable} width={width} height={height} />;
}

// The lines over a project's services: the project, and what is wrong with it (the mouse counts them too).
function serviceNotes(
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
    const options = projectOptionsText(project);
    if (options) notes.push({text: `  ${options} (P changes the profiles)`});
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

const notesOf = memoLast(serviceNotes);
export const composeNotes = (state: AppState) => {
  const open = state.compose.open;
  return notesOf(
    open,
    open ? projectNamed(state, open) : undefined,
    open ? state.compose.configErrors[open] : undefined,
    state.compose.runner?.kind,
  );
};

function ServiceList({width, height}: {width: number; height: number}) {
  const theme = useTheme();
  const notes = useStore(composeNotes);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      {notes.map((note, i) => (
        <Text key={`n${i}`} bold={i === 0} {...(note.role && theme[note.role])} wrap="truncate-end">
          {sanitizeLine(note.text)}
        </Text>
      ))}
      <ListTable table={servicesTable} width={width} height={Math.max(1, height - notes.length)} />
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
  const away = useStore(state => engineAwayReason(state, engine));
  const theme = useTheme();
  if (fullscreenLogs) return <LogPane width={width} height={height} />;
  const {wide, listWidth, listHeight} = containersLayout(hasLogs, {width, height: height - 1}, logsFocused);
  // An engine away: what the view shows is what berth last knew (a project never seen there shows as not created).
  const which = away
    ? `engine away (${away}): what shows is what berth last knew, and compose waits for it`
    : runner
      ? `compose: ${runner.program === 'docker' ? 'docker compose' : runner.program} ${runner.version} (${runner.kind})`
      : problem
        ? `compose: ${problem}`
        : 'compose: looking for it…';
  return (
    <Box flexDirection="column" height={height} overflow="hidden">
      <Text {...(problem || away ? theme.error : theme.muted)} wrap="truncate-end">
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
