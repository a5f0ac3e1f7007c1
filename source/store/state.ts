// The shell's part of the state. Each view adds its own slice (ViewSlices) and overlays (ViewOverlays) from its
// folder by declaration merging, so nothing here names a view.

import type {ConnectionState} from '../engine/connection-state.js';

export type {ConnectionState};

// `view`: the view that showed when it came, the only one it is shown in (undefined: shown in every view).
export type StatusLine = {text: string; kind: 'info' | 'error'; at: number; view?: string};

// A question put to the user before something destructive; `targets` is exactly what will be touched. `owner`
// is the view whose `confirmed` runs on y; `force` is undefined where forcing is not offered.
export type Confirmation = {
  owner: string;
  operation: string;
  title: string;
  targets: readonly string[];
  force?: boolean;
  // Shown after the title: what f does, and what it does once on.
  forceLabels?: {off: string; on: string};
  ids: readonly string[];
  names: readonly string[];
  // With several engines: the engine of each target (same order as ids).
  engines?: readonly (string | undefined)[];
  // Touches nothing on the engine (replacing a local file): allowed with --readonly too.
  local?: boolean;
  // More for the owner's `confirmed` (attach: the detach keys).
  extra?: Readonly<Record<string, string>>;
};

// Overlays every view may use. `draft` marks a one-line prompt edited by the dispatcher; `scroll` a pane moved
// by the movement keys, and `reach` how far it may go as its frame last drew it (views/ScrolledRows.tsx).
export interface ViewOverlays {
  // `scopes`: what was active when help opened (shown first); `draft` while its / filter is being typed.
  // `under`: the overlay help was opened over; closing help comes back to it.
  help: {scroll: number; query: string; scopes: readonly string[]; draft?: string; cursor?: number; under?: Overlay};
  filter: {draft: string; cursor?: number};
  // `under`: the dialog or pane `:` was opened over; esc comes back to it (as from help).
  // `candidates`: what tab found when it could not complete further (shown after the text until it changes).
  command: {draft: string; cursor?: number; under?: Overlay; candidates?: readonly string[]};
  // `scroll`: set to 0 when shown (the reducer adds it), so those who show one need not.
  confirm: {confirm: Confirmation; scroll?: number; reach?: OverlayReach};
  // `wrap`: lines longer than the frame go on over the next rows rather than being cut (a command's output).
  text: {title: string; lines: readonly string[]; scroll: number; reach?: OverlayReach; wrap?: boolean};
}

// What an action with no payload, or an overlay with no fields of its own, carries: nothing. Written out
// because a bare `{}` reads as (and type-checks as) "any non-null value".
export type NoFields = Record<never, never>;

// How an overlay that scrolls was last drawn (views/ScrolledRows.tsx): the furthest `scroll` that still fills its
// frame, and the rows of its list the frame shows (a page, for pgup/pgdn).
export type OverlayReach = {most: number; page: number};

export type OverlayKind = keyof ViewOverlays;
export type Overlay = {[K in OverlayKind]: {kind: K} & ViewOverlays[K]}[OverlayKind];

// One engine of several (berth --context A --context B): its name (the context's) and its own connection.
export type EngineStatus = {name: string; connection: ConnectionState};

export type ShellState = {
  // The id of a registered view (source/views/all-views.ts).
  view: string;
  overlay?: Overlay;
  // With several engines: connected while any of them is (each one's own state is in `engines`).
  connection: ConnectionState;
  // Set only with several engines, in the order given (the first is where the compose and engine views start).
  engines?: readonly EngineStatus[];
  // What has the keys: the view's list, or a pane a view opened (the log pane).
  focus: 'list' | 'logs';
  readonly: boolean;
  // Rows the focused list may use; the UI reports it on resize so paging and scrolling match the screen.
  viewportRows: number;
  status?: StatusLine;
};

// Empty here on purpose: each view adds its slice by declaration merging (`declare module`), which only an
// interface allows; the rule's worry, that `{}` admits any value, does not apply to an interface merged into.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging, see above
export interface ViewSlices {}

export type AppState = ShellState & ViewSlices;

export function shellState(target: string, readonly: boolean, view: string): ShellState {
  return {view, connection: {status: 'connecting', target}, focus: 'list', readonly, viewportRows: 10};
}
