import type {ComposeProject} from '../../engine/compose/project.js';
import type {ComposeRunner} from '../../engine/compose/runner.js';
import {emptyList, type ListState} from '../../store/list.js';
import type {NoFields, OverlayReach} from '../../store/state.js';

export type {ComposeProject};

// :compose DIR / -f FILE… [--env-file F] [-p NAME]: where the project is, as compose takes it.
export type OpenedProject = {cwd: string; files: readonly string[]; name?: string; envFile?: string};

// The last compose command of a project, as its row shows it.
export type RunSummary = {id: number; project: string; operation: string; status: string};

export type ComposeState = {
  // Which compose runs the commands (found once); `problem` says what to install when there is none.
  runner?: ComposeRunner;
  runnerProblem?: string;
  detected: boolean;
  // The project of berth's working directory or of -f/-p (shown even when nothing of it runs).
  local?: ComposeProject;
  list: ListState;
  // The project whose services are shown (enter), by name.
  open?: string;
  services: ListState;
  // `config --services` of projects whose files are known (services without containers show too).
  configured: Readonly<Record<string, readonly string[]>>;
  configErrors: Readonly<Record<string, string>>;
  runs: Readonly<Record<string, RunSummary>>;
  // The profiles enabled for each project (by name), remembered across runs in the UI state file.
  profiles: Readonly<Record<string, readonly string[]>>;
  // A project opened with :compose DIR or :compose -f … (instead of berth's working directory's).
  opened?: OpenedProject;
  // With several engines: the one the compose view shows, picked with `engine:NAME` in its filter (else the first).
  engine?: string;
};

declare module '../../store/state.js' {
  interface ViewSlices {
    compose: ComposeState;
  }
  interface ViewOverlays {
    // D: what goes (containers, networks, volumes with --volumes), and the two toggles; y runs it.
    // P: the open or selected project's profiles, typed space-separated.
    composeProfiles: {draft: string; cursor?: number; project: string};
    composeDown: {
      project: string;
      containers: readonly string[];
      networks: readonly string[];
      volumes: readonly string[];
      withVolumes: boolean;
      removeOrphans: boolean;
      loading: boolean;
      scroll: number;
      reach?: OverlayReach;
    };
  }
}

declare module '../../store/actions.js' {
  interface ActionMap {
    'view.compose': NoFields;
    'compose.detected': {runner?: ComposeRunner; problem?: string};
    'compose.open': NoFields;
    'compose.back': NoFields;
    'compose.build': NoFields;
    'compose.up': NoFields;
    'compose.down': NoFields;
    'compose.logs': NoFields;
    'compose.projectLogs': NoFields;
    'compose.output': NoFields;
    'compose.stop': NoFields;
    'compose.start': NoFields;
    'compose.interrupt': NoFields;
    'compose.configured': {project: string; services?: readonly string[]; error?: string};
    'compose.run': {summary: RunSummary};
    'compose.local': {local?: ComposeProject};
    // :profile, P: the profiles of a project (none: only the services without a profile).
    'compose.profiles': {project: string; profiles: readonly string[]};
    // :compose DIR|-f …: that project becomes the local one, shown open.
    'compose.openProject': {opened: OpenedProject; local: ComposeProject};
    'compose.editProfiles': NoFields;
    // enter in the filter with `engine:NAME`: the engine to show (none when the name is unknown) and the filter
    // without the term.
    'compose.pickEngine': {engine?: string; filter: string};
    'composeDown.toggleVolumes': NoFields;
    'composeDown.toggleOrphans': NoFields;
    'composeDown.run': NoFields;
    'composeDown.targets': {project: string; networks: readonly string[]; volumes: readonly string[]};
    // The project's containers changed while D's dialog is open (one created a moment before D).
    'composeDown.containers': {project: string; containers: readonly string[]};
  }
}

export const initialCompose = (
  local?: ComposeProject,
  profiles: Readonly<Record<string, readonly string[]>> = {},
): ComposeState => ({
  profiles,
  detected: false,
  local,
  list: emptyList(),
  services: emptyList(),
  configured: {},
  configErrors: {},
  runs: {},
});
