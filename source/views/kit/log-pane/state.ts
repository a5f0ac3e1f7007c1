// The log pane: a pane several views open (containers now; compose and swarm later). Its lines live in the
// LogSession outside the store (session.ts); the store holds what the pane shows.
import type {NoFields} from '../../../store/state.js';
import type {LogFilterSpec} from './filter.js';

export type LogPaneState = {
  // A container's ID, the swarm service's or task's, or for other sources a key of their own (project:NAME,
  // compose-run:N).
  containerId: string;
  name: string;
  // With several engines: the engine the container is on (its log is read from that engine).
  engine?: string;
  // The view that opened the pane and shows it (default: containers).
  owner?: string;
  // What the pane shows: one container's log (default), a compose project's logs, a compose command's output,
  // a swarm service's or task's log, several containers' logs merged (marked in the containers view, or :logs NAME NAME…).
  kind?: 'container' | 'project' | 'compose' | 'service' | 'task' | 'merged';
  // The labels of the logs merged into the pane, for its title (as many as fit).
  members?: readonly string[];
  // The title instead of `logs NAME` (a compose command's output).
  title?: string;
  window: number;
  // Extra options from :logs that replace the window until another window key is pressed.
  custom?: {since?: number; tail?: number | 'all'; follow: boolean; label: string};
  follow: boolean;
  // Lines between the newest line and the bottom row when not following.
  scrollBack: number;
  // Scrolled to the first line by home (g): the pane stays on it while lines arrive, older ones in front too.
  top?: boolean;
  timestamps: boolean;
  wrap: boolean;
  fullscreen: boolean;
  // Search matches are positions among the lines shown (the filter's, when one is set), as of the last publish:
  // they follow the lines as lines come and go (search.ts). `current` is -1 while no match is current (none
  // yet, or its line left the buffer).
  search?: {query: string; matches: readonly number[]; current: number};
  // & (filter.ts): only the lines it selects show; `total` counts those, `held` the buffer's.
  filter?: LogFilterSpec;
  // C: context lines around a filter's matches, kept for the next filter too.
  context?: number;
  // Bumped (at most ~10 Hz) when the session's lines change, so the pane re-renders.
  version: number;
  // Lines the pane shows (all the buffer holds, or what the filter selects of them).
  total: number;
  held?: number;
  status: string;
  // The rows the pane's body drew last (it says so once laid out): home and scrolling stop at the first page.
  rows?: number;
};

declare module '../../../store/state.js' {
  interface ViewSlices {
    logs?: LogPaneState;
  }
  interface ViewOverlays {
    search: {draft: string; cursor?: number};
    // `shown`: the filter's lines only (ctrl-s with a filter asks which).
    save: {draft: string; cursor?: number; shown?: boolean};
    logFilter: {draft: string; cursor?: number};
    logContext: {draft: string; cursor?: number};
    logSaveWhich: {shown: number; held: number};
  }
}

declare module '../../../store/actions.js' {
  interface ActionMap {
    'logs.open': NoFields;
    // Focus the pane that already shows the target (no effect runs on it).
    'logs.focus': NoFields;
    'logs.back': NoFields;
    'logs.follow': NoFields;
    'logs.window0': NoFields;
    'logs.window1': NoFields;
    'logs.window2': NoFields;
    'logs.window3': NoFields;
    'logs.window4': NoFields;
    'logs.window5': NoFields;
    'logs.window6': NoFields;
    'logs.timestamps': NoFields;
    'logs.wrap': NoFields;
    'logs.search': NoFields;
    'logs.next': NoFields;
    'logs.previous': NoFields;
    'logs.save': NoFields;
    'logs.clear': NoFields;
    'logs.fullscreen': NoFields;
    'logs.opened': {pane: LogPaneState};
    // `search`: the search run again over the lines shown now.
    'logs.changed': {
      version: number;
      total: number;
      held?: number;
      appended: number;
      status: string;
      search?: {matches: readonly number[]; current: number};
    };
    'logs.filter': NoFields;
    'logs.context': NoFields;
    'logs.filtered': {filter?: LogFilterSpec; context: number; total: number; held: number};
    'logs.saveShown': NoFields;
    'logs.saveAll': NoFields;
    'logs.searched': {query: string; matches: readonly number[]};
    'logs.closed': NoFields;
    'logs.rows': {rows: number};
  }
}

// Log pane windows, keys 0–6.
type LogWindow = {label: string; tail?: number | 'all'; sinceSeconds?: number};
const TAIL: LogWindow = {label: 'tail 200', tail: 200};
export const LOG_WINDOWS: readonly LogWindow[] = [
  TAIL,
  {label: 'since 1m', sinceSeconds: 60},
  {label: 'since 5m', sinceSeconds: 300},
  {label: 'since 15m', sinceSeconds: 900},
  {label: 'since 30m', sinceSeconds: 1800},
  {label: 'since 1h', sinceSeconds: 3600},
  {label: 'everything', tail: 'all'},
];

// The window a key 0–6 chose; anything else (a number from an old state) is the tail.
export const logWindow = (window: number): LogWindow => LOG_WINDOWS[window] ?? TAIL;
