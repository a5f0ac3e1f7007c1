import type {AppState, ConnectionState, NoFields, Overlay, OverlayReach} from './state.js';

// Every action by type, with its payload. Views add theirs from their folders (declaration merging); an action
// with an empty payload can be bound to a key, so a key binding is just data.
export interface ActionMap {
  'app.quit': NoFields;
  'view.next': NoFields;
  'view.previous': NoFields;
  'view.show': {view: string};
  'cursor.up': NoFields;
  'cursor.down': NoFields;
  'cursor.pageUp': NoFields;
  'cursor.pageDown': NoFields;
  'cursor.home': NoFields;
  'cursor.end': NoFields;
  'list.mark': NoFields;
  'filter.open': NoFields;
  'command.open': NoFields;
  'overlay.close': NoFields;
  'overlay.submit': NoFields;
  'help.toggle': NoFields;
  'help.filter': NoFields;
  refresh: NoFields;
  'confirm.yes': NoFields;
  'confirm.no': NoFields;
  'confirm.force': NoFields;
  'overlay.draft': {draft: string; cursor?: number};
  'overlay.show': {overlay: Overlay | undefined};
  // How far the overlay on screen may scroll, as drawn (views/ScrolledRows.tsx).
  'overlay.reach': {reach: OverlayReach};
  // `engine`: which of several engines (berth --context A --context B) it is about. `facts`: the same connection,
  // now with what the engine's /version adds (its architecture): nothing to reload.
  connection: {connection: ConnectionState; engine?: string; facts?: true};
  viewport: {rows: number};
  // `shared`: news of the whole app (the engine is back, another context), shown whichever view shows.
  status: {text: string; kind: 'info' | 'error'; shared?: boolean};
  // Another engine is now the one shown: engine-bound slices start again from these.
  'engine.switched': {slices: Partial<AppState>};
  // A user-defined command from the config (views/user-commands/), by its name: user.NAME.
  [userCommand: `user.${string}`]: NoFields;
}

// (A view declares `view.<id>` for its tab key in its own actions file.)
export type ActionType = keyof ActionMap;

export type Action = {[K in ActionType]: {type: K} & ActionMap[K]}[ActionType];

// Actions a key can name: those without a payload.
export type KeyAction = {[K in ActionType]: NoFields extends ActionMap[K] ? K : never}[ActionType];
