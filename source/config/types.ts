// berth's settings as read from the config file, and their defaults (`berth config --default` prints them).
import type {ColourOverrides, ThemeName} from '../theme/index.js';
import type {AlertSettings} from '../engine/events/alert-rules.js';
export type BerthConfig = {
  registries: {url: string; insecure?: boolean; ca?: string}[];
  keys: Record<string, string[]>;
  logs: {tail: number; bufferLines: number};
  // events.bufferLines: the engine events view 9 keeps (the newest; older ones are dropped).
  events: {bufferLines: number};
  // alerts: which container troubles alert (status line and bell) and for which containers; notify: a desktop
  // notification through the terminal too.
  alerts: AlertSettings;
  exec: {shells: string[]; user?: string};
  // attach.detachKeys: docker's --detach-keys format (ctrl-p,ctrl-q by default).
  attach: {detachKeys?: string};
  // theme: dark | light | none; undefined when the file does not say (then NO_COLOR or dark: theme/resolve.ts).
  theme?: ThemeName;
  // colors: {ROLE: COLOUR, logPrefix: [COLOUR…]}, checked.
  colors: ColourOverrides;
  confirmations: boolean;
  // y copies to the terminal's clipboard (OSC 52) and the desktop's; false turns copying off.
  clipboard: boolean;
  // Whether berth takes the mouse at start (M switches it while berth runs).
  mouse: boolean;
  // User-defined commands (commands: in the file), as written; checked against the views in views/user-commands/.
  commands: UserCommandEntry[];
  // contexts: (or engines:) docker contexts the UI opens at once when no engine is named on the command line.
  contexts: string[];
};

export type UserCommandEntry = {
  name: string;
  key?: string;
  scope: string;
  // argv: each element one argument, {{.Field}} templates expanded inside it.
  command: string[];
  // true, or the question to ask.
  confirm?: boolean | string;
  output: 'pane' | 'terminal' | 'none';
  // Where it was in the file, for messages: commands[2] (name).
  where: string;
};

export const DEFAULT_CONFIG: BerthConfig = {
  registries: [],
  keys: {},
  logs: {tail: 200, bufferLines: 10_000},
  events: {bufferLines: 5000},
  alerts: {events: ['die', 'oom', 'unhealthy'], containers: [], notify: false},
  exec: {shells: ['/bin/bash', '/bin/sh']},
  attach: {},
  colors: {roles: {}},
  confirmations: true,
  clipboard: true,
  mouse: true,
  commands: [],
  contexts: [],
};
