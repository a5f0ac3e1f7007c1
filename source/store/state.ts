import {initialRegistryState, type RegistryViewState} from './registry-state.js';

export type ViewId = 'containers' | 'images' | 'compose' | 'registry' | 'engine';

// Tabs keep their SPEC numbers even while some views are not built yet; absent views are simply not listed.
export const VIEWS: readonly {id: ViewId; key: string; title: string; available: boolean}[] = [
  {id: 'containers', key: '1', title: 'Containers', available: true},
  {id: 'images', key: '2', title: 'Images', available: false},
  {id: 'compose', key: '3', title: 'Compose', available: false},
  {id: 'registry', key: '4', title: 'Registry', available: true},
  {id: 'engine', key: '5', title: 'Engine', available: false},
];

export type ContainerRow = {
  id: string;
  name: string;
  image: string;
  state: string;
  status: string;
  ports: string;
  created: number;
  sizeRw?: number;
  sizeRootFs?: number;
};

export type ListState = {
  cursor: number;
  // The id under the cursor, so a refreshed list keeps the same row selected.
  selectedId?: string;
  scrollTop: number;
  filter: string;
  marked: readonly string[];
};

// A question put to the user before something destructive; `targets` is exactly what will be touched.
export type Confirmation = {
  title: string;
  targets: readonly string[];
  operation: 'stop' | 'remove';
  ids: readonly string[];
  names: readonly string[];
  force: boolean;
};

export type EnvEntry = {key: string; value: string; secret: boolean};

export type Overlay =
  | {kind: 'help'}
  | {kind: 'filter'; draft: string; cursor?: number}
  | {kind: 'command'; draft: string; cursor?: number}
  | {kind: 'search'; draft: string; cursor?: number}
  | {kind: 'save'; draft: string; cursor?: number}
  | {kind: 'repository'; draft: string; cursor?: number}
  | {kind: 'addRegistry'; draft: string; cursor?: number}
  | {kind: 'confirm'; confirm: Confirmation}
  | {kind: 'env'; container: string; entries: readonly EnvEntry[]; reveal: boolean; scroll: number}
  | {kind: 'text'; title: string; lines: readonly string[]; scroll: number}
  | {kind: 'execForm'; form: ExecForm; draft: string; cursor?: number};

// The E form: the text fields are edited through `draft` while focused.
export type ExecForm = {
  containerId: string;
  containerName: string;
  command: string;
  user: string;
  tty: boolean;
  interactive: boolean;
  focus: 0 | 1 | 2 | 3;
};

export type PromptKind = 'filter' | 'command' | 'search' | 'save' | 'repository' | 'addRegistry';

// What the log pane shows; the lines themselves live in the LogSession, outside the store.
export type LogPaneState = {
  containerId: string;
  name: string;
  window: number;
  // Extra options from :logs that replace the window until another window key is pressed.
  custom?: {since?: number; tail?: number | 'all'; follow: boolean; label: string};
  follow: boolean;
  // Lines between the newest line and the bottom row when not following.
  scrollBack: number;
  timestamps: boolean;
  wrap: boolean;
  fullscreen: boolean;
  search?: {query: string; matches: readonly number[]; current: number};
  // Bumped (at most ~10 Hz) when the session's lines change, so the pane re-renders.
  version: number;
  total: number;
  status: string;
};

export type ConnectionState =
  | {status: 'connecting'; target: string}
  | {status: 'connected'; target: string; engine: string; api: string; os: string; tls: string; context: string; unencrypted: boolean}
  | {status: 'down'; target: string; reason: string; retryAt: number; engine?: string; api?: string; os?: string; tls?: string; context?: string; unencrypted?: boolean};

export type StatusLine = {text: string; kind: 'info' | 'error'; at: number};

export type AppState = {
  view: ViewId;
  overlay?: Overlay;
  connection: ConnectionState;
  containers: {
    items: readonly ContainerRow[];
    loaded: boolean;
    stale: boolean;
    list: ListState;
    runningOnly: boolean;
    showSize: boolean;
    sizes?: Readonly<Record<string, {rw?: number; rootFs?: number}>>;
  };
  focus: 'list' | 'logs';
  registry: RegistryViewState;
  logs?: LogPaneState;
  readonly: boolean;
  // Rows the focused list may use; the UI reports it on resize so paging and scrolling match the screen.
  viewportRows: number;
  status?: StatusLine;
};

export const emptyList = (): ListState => ({cursor: 0, scrollTop: 0, filter: '', marked: []});

export function initialState(target: string, registries: readonly string[] = [], readonly = false): AppState {
  return {
    view: 'containers',
    connection: {status: 'connecting', target},
    containers: {items: [], loaded: false, stale: false, list: emptyList(), runningOnly: false, showSize: false},
    focus: 'list',
    viewportRows: 10,
    registry: initialRegistryState(registries),
    readonly,
  };
}

// Log pane windows, keys 0–6.
export const LOG_WINDOWS: readonly {label: string; tail?: number | 'all'; sinceSeconds?: number}[] = [
  {label: 'tail 200', tail: 200},
  {label: 'since 1m', sinceSeconds: 60},
  {label: 'since 5m', sinceSeconds: 300},
  {label: 'since 15m', sinceSeconds: 900},
  {label: 'since 30m', sinceSeconds: 1800},
  {label: 'since 1h', sinceSeconds: 3600},
  {label: 'everything', tail: 'all'},
];
