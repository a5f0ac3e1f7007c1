import {nothingSelected} from '../kit/actions.js';
import {composeMouseAreas} from './mouse.js';
import {localProject} from '../../engine/compose/project.js';
import {sanitizeLine} from '../../text/sanitize.js';
import type {AppConfig, ViewModule} from '../types.js';
import {COMPOSE_COMMANDS} from './commands.js';
import {ComposeView, composeNotes} from './ComposeView.js';
import {projectsTable, servicesTable} from './tables.js';
import {closeRuns, detect, interrupt, loadConfigured, runningCommands, showOutput, startCompose} from './effects.js';
import {followProjectChanges, showContainerLogs, showProjectLogs} from './compose-logs.js';
import {followDownTargets, openDown, runDownFromOverlay} from './down.js';
import {confirmStop, operateProject, startProject} from './start-stop.js';
import {downHeight, downLines, DownOverlay} from './DownOverlay.js';
import {COMPOSE_BINDINGS} from './keys.js';
import {containersLayout} from '../kit/list-with-logs/layout.js';
import {reduceCompose} from './reducer.js';
import {composeList, selectedProject, shownComposeEngine} from './selectors.js';
import {initialCompose, type OpenedProject} from './state.js';
import {loadUiState, saveUiState} from '../../config/saved-sorts.js';
import {profileWords} from './commands.js';
import {errorMessage} from '../../errors.js';
import {composeCopy} from './copy.js';
import {takeEnginePick} from '../kit/engine-pick.js';

// The project of berth's working directory (its compose file) or of -f/-p; read again as the compose view opens.
// A project opened with :compose DIR|-f … takes its place until berth exits.
const readLocal = (config: AppConfig, opened?: OpenedProject) =>
  opened
    ? localProject({...opened, env: process.env})
    : config.cwd
      ? localProject({cwd: config.cwd, files: config.composeFiles, name: config.composeProject, env: process.env})
      : undefined;

const isProfiles = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every(profile => typeof profile === 'string');

// The compose view: compose projects from container labels, the working directory's compose file and -f/-p; their
// services; build/up/down through the real compose; a container's or the whole project's logs.
export const compose: ViewModule = {
  copyItems: composeCopy,
  id: 'compose',
  key: '3',
  title: 'Compose',
  // Projects come from the container list (reset with it on a context switch); a compose command under way is
  // not interrupted by a switch, only by ctrl-c and quit.
  scopeTitles: {
    compose: 'Compose projects',
    composeActions: 'Compose: the selected (or open) project',
    composeServices: "A project's services (enter on a project)",
    composeRun: 'A running compose command (its output pane)',
    composeDown: 'Compose down (D)',
  },
  initial: config => ({
    compose: initialCompose(
      readLocal(config),
      config.uiStateFile ? loadUiState(config.uiStateFile, 'composeProfiles', isProfiles) : {},
    ),
  }),
  // Projects come from the container list.
  ready: state => state.containers.loaded || 'the container list',
  reduce: reduceCompose,
  effect(services, action, before, after) {
    if (before.view !== 'compose' && after.view === 'compose') void detect(services);
    if ((before.view !== 'compose' || action.type === 'refresh') && after.view === 'compose')
      services.dispatch({type: 'compose.local', local: readLocal(services.config, after.compose.opened)});
    const file = services.config.uiStateFile;
    if (file && after.compose.profiles !== before.compose.profiles)
      saveUiState(file, 'composeProfiles', after.compose.profiles);
    // enter in the filter: an engine:NAME term picks the engine the compose view shows.
    if (action.type === 'overlay.submit' && before.overlay?.kind === 'filter' && after.view === 'compose')
      takeEnginePick(services, after, composeList(after).list.filter, (engine, filter) => ({
        type: 'compose.pickEngine',
        engine,
        filter,
      }));
    const project = () => selectedProject(after);
    switch (action.type) {
      case 'compose.profiles': {
        const now = after.compose.profiles[action.project];
        services.status(`profiles of ${action.project}: ${now?.length ? now.join(', ') : 'none'}`);
        return;
      }
      case 'compose.openProject':
        void loadConfigured(services, action.local);
        return;
      case 'compose.open': {
        const opened = after.compose.open ? project() : undefined;
        if (opened) void loadConfigured(services, opened);
        return;
      }
      case 'compose.build':
      case 'compose.up': {
        const name = project()?.name;
        if (name)
          services.holdKeys(
            'compose',
            startCompose(services, name, {op: action.type === 'compose.build' ? 'build' : 'up'}),
          );
        return;
      }
      case 'compose.down': {
        const name = project()?.name;
        if (!name) return nothingSelected(services, 'take down');
        // What goes depends on the services the files name (orphans): ask compose first when it can tell.
        const opened = project();
        // Keys typed after D (esc, y) are for the dialog, which opens once compose answered.
        if (opened?.filesKnown && !after.compose.configured[name])
          services.holdKeys(
            "the project's services (compose config)",
            loadConfigured(services, opened).finally(() => openDown(services, name)),
          );
        else services.holdKeys('compose', openDown(services, name));
        return;
      }
      case 'compose.logs':
        return showContainerLogs(services);
      case 'compose.projectLogs': {
        const name = project()?.name;
        if (name) void showProjectLogs(services, name);
        return;
      }
      case 'compose.stop': {
        const name = project()?.name;
        if (name) confirmStop(services, name);
        else nothingSelected(services, 'stop');
        return;
      }
      case 'compose.start': {
        const name = project()?.name;
        if (name) startProject(services, name);
        else nothingSelected(services, 'start');
        return;
      }
      case 'compose.output':
        return showOutput(services);
      case 'compose.interrupt':
        return interrupt(services);
      case 'composeDown.run':
        return runDownFromOverlay(services);
      case 'containers.loaded':
        followDownTargets(services);
        return followProjectChanges(services);
    }
  },
  confirmed(services, confirm) {
    if (confirm.operation === 'stop')
      void operateProject(services, 'stop', confirm.ids, confirm.names, confirm.engines?.[0]);
  },
  bindings: COMPOSE_BINDINGS,
  commands: COMPOSE_COMMANDS,
  overlays: {
    composeProfiles: {
      label: overlay => (overlay.kind === 'composeProfiles' ? ` profiles of ${overlay.project} (space between): ` : ''),
      scopes: ['prompt'],
      submit(services, overlay) {
        if (overlay.kind !== 'composeProfiles') return undefined;
        try {
          services.dispatch({
            type: 'compose.profiles',
            project: overlay.project,
            profiles: profileWords(overlay.draft),
          });
        } catch (error) {
          services.status(`profiles: ${errorMessage(error)}`, 'error');
        }
        return undefined;
      },
    },
    composeDown: {
      Component: DownOverlay,
      scopes: ['composeDown', 'question', 'move'],
      rows: overlay => (overlay.kind === 'composeDown' ? downLines(overlay).length : 0),
      height: overlay => (overlay.kind === 'composeDown' ? downHeight(overlay) : 1),
    },
  },
  // enter opens a project in the list, a container's log in its services; the actions apply in both.
  scopes: state =>
    state.compose.open
      ? ['composeServices', 'composeActions', 'list', 'move', 'global']
      : ['compose', 'composeActions', 'list', 'move', 'global'],
  list: composeList,
  table: state => (state.compose.open ? servicesTable : projectsTable),
  Body: ComposeView,
  mouseAreas: composeMouseAreas,
  listRows(state, body) {
    const {listHeight} = containersLayout(
      state.logs?.owner === 'compose',
      {width: body.width, height: body.height - 1},
      state.focus === 'logs',
    );
    return state.compose.open
      ? servicesTable.rowsOnScreen(state, listHeight - composeNotes(state).length)
      : projectsTable.rowsOnScreen(state, listHeight);
  },
  // A project's name comes from labels: untrusted text.
  tabNotes: state => (state.compose.open ? [`project ${sanitizeLine(state.compose.open)}`] : []),
  // User-defined commands with scope compose: the selected project.
  itemFields: {
    names: ['Name', 'Project', 'WorkingDir', 'File', 'Engine'],
    labels: false,
    selected(state) {
      const project = selectedProject(state);
      if (!project) return undefined;
      return {
        fields: {
          Name: project.name,
          Project: project.name,
          WorkingDir: project.workingDir ?? '',
          File: project.files[0] ?? '',
          // With several engines, the engine the compose view shows: the command gets its DOCKER_HOST or --context.
          Engine: shownComposeEngine(state) ?? '',
        },
        labels: {},
      };
    },
  },
  quitting: runningCommands,
  close: services => closeRuns(services),
};
