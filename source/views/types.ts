import type {ComponentType} from 'react';
import type {ExecRequest} from '../engine/exec/exec.js';
import type {RunRequest} from '../engine/exec/run-interactive.js';
import type {AttachRequest} from '../engine/exec/attach-container.js';
import type {CommandItem} from '../engine/user-commands/template.js';
import type {ContainerRow} from '../engine/containers/rows.js';
import type {EngineClient} from '../engine/client.js';
import type {EngineEvent, EngineSession} from '../engine/session.js';
import type {EngineTarget} from '../engine/target.js';
import type {AlertSettings} from '../engine/events/alert-rules.js';
import type {Action, KeyAction} from '../store/actions.js';
import type {ListState, RowKeys} from '../store/list.js';
import type {AppState, Confirmation, Overlay, OverlayKind} from '../store/state.js';
import type {Store} from '../store/store.js';
import type {AppRuntime} from './kit/runtime.js';
import type {Theme} from '../theme/index.js';

// `engine`: with several engines, the one it comes from (views that are not `allEngines` hear the first only).
export type EngineUpdate = (
  | {kind: 'containers'; items: readonly ContainerRow[]}
  | {kind: 'stale'}
  // `beforeStart`: replayed by the engine from before berth's first request (engine/events/before-start.ts).
  | {kind: 'event'; event: EngineEvent; beforeStart?: boolean}
) & {engine?: string};

// The view module contract: everything one view owns, exported from its folder's index.ts and listed in
// source/views/all-views.ts. The shell (source/ui/) knows views only through that list.

// What the UI must do after an action: nothing, or leave Ink so main.ts can use the real terminal.
export type ExitRequest =
  | {type: 'quit'}
  // `engine`: with several engines, the one the container is on (else the first).
  | {type: 'exec'; exec: ExecRequest; engine?: string}
  // `engine`: with several engines, the one to run on (the image's row's in the images view; else the first).
  | {type: 'run'; run: RunRequest; engine?: string}
  | {type: 'attach'; attach: AttachRequest; engine?: string}
  // A user-defined command with `output: terminal`: argv already expanded (views/user-commands/).
  | {type: 'command'; command: {name: string; argv: string[]}; engine?: string};

// The selected row as fields for user-defined commands ({{.Name}}, {{.Label "key"}}): the names a template may
// use in this view's scope, and their values for the row selected now.
export type ItemFields = {
  names: readonly string[];
  labels: boolean;
  // {{.Env "KEY"}}: read from the engine (inspect) by `env` when a command uses it.
  env?: (services: Services, item: CommandItem) => Promise<Record<string, string>>;
  selected(state: AppState): CommandItem | undefined;
};

// Settings from the command line and the config file that views read.
export type AppConfig = {
  logBufferLines: number;
  // Engine events view 9 keeps (events.bufferLines in the config; 5,000 when not given).
  eventBufferLines?: number;
  // Which container troubles alert, for which containers, and whether with a desktop notification (alerts: in
  // the config); without it, the defaults (engine/events/alert-rules.ts).
  alerts?: AlertSettings;
  // Lines of window 0 (key 0), from logs.tail in the config.
  logTail: number;
  shells: readonly string[];
  execUser?: string;
  // The attach detach sequence (docker's --detach-keys format), from attach.detachKeys in the config.
  detachKeys?: string;
  readonly: boolean;
  // clipboard: in the config; false: y says copying is off (default on).
  clipboard?: boolean;
  // Registry URLs from --registry, BERTH_REGISTRY and the config file.
  registries: readonly string[];
  registryCa?: string;
  registryOptions: Record<string, {insecure?: boolean; caFile?: string}>;
  configFile?: string;
  // The compose view's local project: berth's working directory (its compose file), -f FILE... and -p NAME.
  cwd?: string;
  composeFiles?: readonly string[];
  composeProject?: string;
  // The colours, resolved from --theme, the config file and NO_COLOR (theme/resolve.ts); dark when not given.
  theme?: Theme;
  // Whether berth takes the mouse at start (`mouse:` in the config; M switches it); default yes.
  mouse?: boolean;
  // Where berth remembers how each list is sorted between runs (config/saved-sorts.ts); none: not remembered
  // (an app made by a test).
  uiStateFile?: string;
};

// What effects may use, passed in explicitly: effects never import the controller.
export type Services = {
  readonly store: Store<AppState>;
  readonly config: AppConfig;
  dispatch(action: Action): ExitRequest | undefined;
  status(text: string, kind?: 'info' | 'error'): void;
  // The engine connection (undefined before the first connect and while it is down). With several engines,
  // `name` picks one (a row's `engine`); without it, the first.
  engine(name?: string): EngineSession | undefined;
  // Every engine's session, in the order given (one unless berth was started on several).
  engines(): readonly EngineSession[];
  // The engine's client (for source/engine/ functions), or undefined after telling the user it is not connected.
  docker(name?: string): EngineClient['docker'] | undefined;
  // How far the engine's clock is ahead of ours, in ms (engine/clock.ts), for ordering lines across engines.
  clockOffsetMs(name?: string): Promise<number>;
  // Leaves Ink so the real terminal can be used (exec, run); set while the UI is mounted.
  leaveUi(request: ExitRequest): void;
  // Connects to another engine and, once it answers, makes it the one every view shows (a context switch).
  // An engine that does not answer leaves the current one as it was; the promise says which happened.
  switchEngine(target: EngineTarget): Promise<boolean>;
  // Keys typed after the one that started `work` wait until it settles (a dialog that needs an engine answer
  // before it opens: y typed after d must reach it). `what` is shown if they wait long ("waiting for …").
  holdKeys(what: string, work: Promise<unknown>): void;
  // The keys held were typed for something that will not come (e: the shell could not start): they are dropped,
  // said after the status line's message, never applied to the screen they were not meant for.
  dropHeldKeys(typedFor: string): void;
  // This app's timers, requests in flight and sessions (views/kit/runtime.ts): never module variables, so two
  // apps in one process are independent.
  readonly runtime: AppRuntime;
  // Settles once the first frame is drawn (at most 250 ms after the engines started; at once when no UI started
  // them): what the first screen does not show waits for it, as the event streams do, so its requests (and their
  // TLS handshakes, ~4 ms of CPU each) come after the first frame rather than before it.
  afterStart(): Promise<unknown>;
};

// Where a binding applies: 'global', 'move', 'list', the shell's overlays, or a view's or pane's own scope
// (its id). The dispatcher asks the scopes that are active now, most specific first.
export type Scope = string;

// What sorting needs of a list: its id (what the choice is remembered by) and its columns now.
type SortColumn = {id: string; title: string; descendingFirst?: boolean};
export type SortableTable = {
  id: string;
  columns: (state: AppState) => readonly SortColumn[];
  // The columns `o` offers when they are more than those shown: one the view turns on when it is picked (the
  // containers' CPU and MEM). Default: `columns`.
  sortable?: (state: AppState) => readonly SortColumn[];
};

export type Binding = {
  scope: Scope;
  keys: readonly string[];
  action: KeyAction;
  help: string;
  // Shown in the footer (the help overlay shows every binding); a string says it shorter there, so that more of
  // the keys that apply fit in 80 columns.
  footer?: boolean | string;
  // Changes something on the engine: hidden with --readonly.
  changes?: boolean;
};

export type CommandSpec = {
  name: string;
  usage: string;
  // Changes something on the engine: unavailable with --readonly.
  changes?: boolean;
  run(services: Services, args: string[]): ExitRequest | undefined;
  // Tab in the : prompt: what the argument at `index` (0 = first after the name) may be; without it,
  // container names and image references.
  complete?: (state: AppState, index: number, args: readonly string[]) => readonly string[];
};

// The list that movement, marks and the filter act on: each view says which of its lists has focus.
export type FocusedList = {
  ids: RowKeys;
  list: ListState;
  put(state: AppState, list: ListState): AppState;
};

export type Size = {width: number; height: number};

// A rectangle of the body, in cells from its top left corner (0-based).
export type Area = {top: number; left: number; width: number; height: number};

// What a view draws where, for the mouse (ui/mouse/): computed from the same numbers its Body draws with.
export type MouseAreas = {
  // The focused list's rows on screen: the row at the list's scrollTop is drawn on `top`.
  list?: Area;
  // Column headings a click sorts by: the heading's row and each sortable column's cells [from, to) from `left`,
  // with the actions that sort by it from the order shown now.
  sorts?: {row: number; left: number; columns: readonly {from: number; to: number; actions: readonly Action[]}[]};
  // The log pane, when it shows beside or below the list (or alone).
  logs?: Area;
};

// An overlay a view (or the shell) owns: how it is drawn, which keys apply, what enter does.
export type OverlaySpec = {
  // Drawn instead of the body (dialogs, panes); prompts draw in the prompt line instead (see `label`).
  Component?: ComponentType<Size>;
  // Rows its content takes inside the frame (views/OverlayBox.tsx), title included, at this inner width: the
  // frame is that tall (never taller than the body), the view shows above it. Without it, the whole body.
  height?(overlay: Overlay, state: AppState, width: number): number;
  // What enter does, for the footer (a form's `enter run`); prompts say `apply`.
  submitLabel?: string;
  // The prompt line's label, for overlays with a draft (or a function of the overlay, e.g. save to / load from).
  label?: string | ((overlay: Overlay) => string);
  scopes: readonly Scope[];
  // Scopes of what the overlay shows now (a pane's list or a file in it), asked before `scopes`: their keys and
  // footer apply only then.
  modeScopes?(state: AppState): readonly Scope[];
  // A prompt whose text is never drawn (a secret's value): the prompt line shows one • per character.
  masked?: boolean;
  // For overlays with a `scroll`: how many rows there are to scroll through.
  rows?(overlay: Overlay): number;
  submit?(services: Services, overlay: Overlay): ExitRequest | undefined;
  // Whether the keys of its own scopes can act now: true, or what it still waits for ("the layers of web:1"). Keys
  // typed for it meanwhile are held (ui/input-queue.ts); esc never waits, and drops them.
  ready?(overlay: Overlay): true | string;
};

// y over a list (views/copy/): what the selected row offers to copy, each under the action whose key picks it
// (copy.id, copy.name, copy.logsCommand, …). `text` is the original text (copy-text.ts cleans it on the way out).
export type CopyItem = {action: KeyAction; label: string; text: string};
// `what` names the row in the menu's title and the status line ("container web-1"), unsanitised.
export type CopyMenu = {what: string; items: readonly CopyItem[]};
// Spells a docker command for the engine berth shows (with --context or -H where the shell would not reach it).
// A docker command line for the engine berth shows, or with several engines the named one (a row's `engine`).
export type DockerWords = (words: readonly string[], engine?: string) => string;

export type ViewModule = {
  id: string;
  // The tab key (1–6 kept for Containers, Images, Compose, Registry, Engine, Swarm; 7 Volumes, 8 Networks, 9 Events); a pane
  // used by several views (the log pane) has none and no tab.
  key?: string;
  title: string;
  // Help section titles of the scopes its bindings use, in the order help shows them.
  scopeTitles?: Readonly<Record<Scope, string>>;
  // Whether the view is offered on this engine (Swarm only on a manager); default yes.
  available?(state: AppState): boolean;
  // Whether its keys can act now: true, or what it still waits for ("the image list"). Keys typed for a view
  // that is not ready (or its tab key, while `available` may still change) are held until it is (ui/input-queue.ts).
  ready?(state: AppState): true | string;
  // What quitting now would interrupt (a running compose command): quit asks first when there is any.
  quitting?(services: Services): readonly string[];
  // Its slice of the state.
  initial?(config: AppConfig): Partial<AppState>;
  // Its reducer: returns the state unchanged for actions it does not handle.
  reduce?(state: AppState, action: Action): AppState;
  // What its actions do beyond the reducer; `after` is the state once every reducer ran.
  effect?(services: Services, action: Action, before: AppState, after: AppState): ExitRequest | undefined | void;
  // On y in a confirmation it owns.
  confirmed?(services: Services, confirm: Confirmation): void;
  bindings?: readonly Binding[];
  commands?: readonly CommandSpec[];
  overlays?: Partial<Record<OverlayKind, OverlaySpec>>;
  // The list movement, marks and the filter act on while the view shows.
  list?(state: AppState): FocusedList | undefined;
  // Scopes active while the view shows (default: its id, then 'list', 'move', 'global'). A pane returns
  // scopes only while it has the focus, and those win.
  scopes?(state: AppState): readonly Scope[] | undefined;
  // The body under the tabs.
  Body?: ComponentType<Size>;
  // Rows of its focused list on screen, for paging (default: the body's height less a heading).
  listRows?(state: AppState, body: Size): number;
  // Where its list, column headings and log pane are in the body (for the mouse); without it the mouse does
  // nothing in the body.
  mouseAreas?(state: AppState, body: Size): MouseAreas;
  // Text for the header (the registry's URL) and the tab line's right side (running only).
  headerParts?(state: AppState): readonly string[];
  tabNotes?(state: AppState): readonly string[];
  // Engine event types (image, service, …) it wants besides container events, and what it does with the
  // session's news: a container list, the engine gone (lists stale), an event.
  engineEvents?: readonly string[];
  onEngine?(services: Services, update: EngineUpdate): void;
  // Hears every engine's news when berth runs on several (the containers view); otherwise only the first engine's.
  allEngines?: boolean;
  // Hears every engine's events of its `engineEvents` when berth runs on several (the images, volumes and networks views: the kit's).
  allEngineEvents?: boolean;
  // Its slice comes from the engine: reset to `initial` when berth switches to another engine.
  engineBound?: boolean;
  // On quit: close clients, stop streams. What it returns settles when work it stopped has finished on disk (a
  // partial file removed): the process waits for it, briefly, before it exits.
  close?(services: Services): void | Promise<unknown>;
  // Fields of its selected row for user-defined commands with this view's scope.
  itemFields?: ItemFields;
  // What y copies from its selected row (the focused list's: a project's services, a swarm list, a tag).
  // The focused list's table (views/kit/table.ts), for what works on any list: sorting it by a column.
  table?(state: AppState): SortableTable | undefined;
  copyItems?(state: AppState, docker: DockerWords): CopyMenu | undefined;
};
