import type {ComposeProject} from '../../engine/compose/project.js';
import type {ComposeRunner} from '../../engine/compose/runner.js';
import {emptyList, type ListState} from '../../store/list.js';
import type {NoFields} from '../../store/state.js';

export type {ComposeProject};

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
  // With several engines: the one the compose view shows, picked with `engine:NAME` in its filter (else the first).
  engine?: string;
};

declare module '../../store/state.js' {
  interface ViewSlices {
    compose: ComposeState;
  }
  interface ViewOverlays {
    // D: what goes (containers, networks, volumes with --volumes), and the two toggles; y runs it.
    composeDown: {
      project: string;
      containers: readonly string[];
      networks: readonly string[];
      volumes: readonly string[];
      withVolumes: boolean;
      removeOrphans: boolean;
      loading: boolean;
      scroll: number;
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
    // enter in the filter with `engine:NAME`: the engine to show (none when the name is unknown) and the filter
    // without the term.
    'compose.pickEngine': {engine?: string; filter: string};
    'composeDown.toggleVolumes': NoFields;
    'composeDown.toggleOrphans': NoFields;
    'composeDown.run': NoFields;
    'composeDown.targets': {project: string; networks: readonly string[]; volumes: readonly string[]};
  }
}

export const initialCompose = (local?: ComposeProject): ComposeState => ({
  detected: false,
  local,
  list: emptyList(),
  services: emptyList(),
  configured: {},
  configErrors: {},
  runs: {},
});
