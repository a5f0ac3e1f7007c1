// The roles a colour can play on berth's screen. Colours are chosen per role, never per component, so a new
// component picks the role that says what its text means and every theme and config file covers it at once.
// `background` roles colour the cells behind the text (a colour set for one replaces the theme's inverse video).
export const ROLES = {
  selection: {kind: 'background', what: "the cursor's row in every list, the focused field of a form"},
  marked: {kind: 'text', what: 'the mark (*) of marked rows'},
  border: {kind: 'text', what: 'the frame of dialogs and panes over a view'},
  danger: {kind: 'text', what: 'the frame and title of a dialog whose answer destroys something'},
  title: {kind: 'text', what: 'the title of a dialog'},
  header: {kind: 'text', what: 'the header line (engine, versions, registry)'},
  alert: {
    kind: 'background',
    what: 'UNENCRYPTED in the header, the engine-unreachable banner, and an alert in the status line (a container died)',
  },
  tab: {kind: 'text', what: 'the tabs of the other views'},
  tabActive: {kind: 'background', what: 'the tab of the view on screen'},
  footerKey: {kind: 'text', what: 'the keys named in the footer'},
  statusInfo: {kind: 'text', what: 'the status line after an action went well'},
  statusError: {kind: 'text', what: 'the status line saying what went wrong'},
  error: {kind: 'text', what: 'errors inside a view (engine, registry, compose, swarm)'},
  warning: {kind: 'text', what: 'warnings: connecting, the engine away, engine warnings, certificates about to expire'},
  success: {kind: 'text', what: 'things done: a pull finished, a progress bar, bounded logs'},
  muted: {kind: 'text', what: 'secondary text: hints, stale rows, hidden values'},
  columnHeader: {kind: 'text', what: 'the column titles above a list'},
  fieldName: {kind: 'text', what: 'names in name/value lists (environment variables)'},
  running: {kind: 'text', what: 'the state mark of running containers and projects'},
  exited: {kind: 'text', what: 'the state mark of exited and dead containers'},
  paused: {kind: 'text', what: 'the state mark of every other state: paused, created, restarting, partly running'},
  unhealthy: {kind: 'text', what: 'the state mark of a running container whose health check fails'},
  logStderr: {kind: 'text', what: "a container's stderr lines in the log pane"},
  logError: {kind: 'text', what: "berth's own error lines in the log pane (stream lost, container gone)"},
  logInfo: {kind: 'text', what: "berth's own lines about a compose command in the log pane (exit code)"},
  searchMatch: {kind: 'background', what: 'the text matching a log search'},
} as const satisfies Record<string, {kind: 'text' | 'background'; what: string}>;

export type Role = keyof typeof ROLES;
export const ROLE_NAMES = Object.keys(ROLES) as Role[];

// The palette of log line prefixes (a compose project's services, several containers in one pane): each name
// keeps one colour of the list, chosen from its text (`prefixHue`), so every run agrees.
export const LOG_PREFIX_ROLE = 'logPrefix';
