export type ViewId = 'containers' | 'images' | 'compose' | 'registry' | 'engine';

// Tabs keep their SPEC numbers even while some views are not built yet; absent views are simply not listed.
export const VIEWS: readonly {id: ViewId; key: string; title: string; available: boolean}[] = [
  {id: 'containers', key: '1', title: 'Containers', available: true},
  {id: 'images', key: '2', title: 'Images', available: false},
  {id: 'compose', key: '3', title: 'Compose', available: false},
  {id: 'registry', key: '4', title: 'Registry', available: false},
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

export type Overlay =
  | {kind: 'help'}
  | {kind: 'filter'; draft: string}
  | {kind: 'command'; draft: string};

export type ConnectionState =
  | {status: 'connecting'; target: string}
  | {status: 'connected'; target: string; engine: string; api: string; os: string; tls: string; context: string; unencrypted: boolean}
  | {status: 'down'; target: string; reason: string; retryAt: number; engine?: string; api?: string; os?: string; tls?: string; context?: string; unencrypted?: boolean};

export type StatusLine = {text: string; kind: 'info' | 'error'; at: number};

export type AppState = {
  view: ViewId;
  overlay?: Overlay;
  connection: ConnectionState;
  containers: {items: readonly ContainerRow[]; loaded: boolean; stale: boolean; list: ListState};
  // Rows the focused list may use; the UI reports it on resize so paging and scrolling match the screen.
  viewportRows: number;
  status?: StatusLine;
  registry?: string;
};

export const emptyList = (): ListState => ({cursor: 0, scrollTop: 0, filter: '', marked: []});

export function initialState(target: string, registry?: string): AppState {
  return {
    view: 'containers',
    connection: {status: 'connecting', target},
    containers: {items: [], loaded: false, stale: false, list: emptyList()},
    viewportRows: 10,
    registry,
  };
}
