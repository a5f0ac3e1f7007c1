import type {LogSource} from '../../../engine/logs/log-source.js';
import {countResource} from '../../../diagnostics.js';
import {perApp} from '../runtime.js';
import type {FilteredLines, PaneLines} from './filter.js';
import type {LineSearch} from './search.js';

// The one log source each app's pane shows (a container's log, a compose project's logs, a compose command's
// output). It lives outside the store: lines arrive far faster than React should render, and the pane reads the
// ring buffer directly at ≤ 10 Hz. `reopen` is how a source that is not one container's log takes the window keys.
// `showings` counts showings (only the newest publishes); `shown` is the target shown now (effects.ts).
type Pane = {
  current?: LogSource;
  // The lines the pane drew last (first and last position among the lines shown), for y's "the lines on screen".
  onScreen?: {first: number; last: number};
  // & set: the buffer's lines it shows (the store holds its spec).
  filter?: FilteredLines;
  // / set: the search, run again over the lines whenever they change (the store holds its positions).
  search?: LineSearch;
  reopen?: (window: number) => void;
  showings: number;
  shown?: {id: string};
};

export const pane = perApp<Pane>(
  () => {
    const self: Pane = {showings: 0};
    // The churn bench reads the pane's listeners (diagnostics.ts); the newest app's pane is the one counted.
    countResource('logPaneListeners', () => self.current?.listenerCount ?? 0);
    return self;
  },
  self => {
    self.current?.stop();
    self.current = undefined;
  },
);

type Owner = Parameters<typeof pane>[0];

export const paneSession = {
  get: (owner: Owner): LogSource | undefined => pane(owner).current,
  reopen: (owner: Owner): ((window: number) => void) | undefined => pane(owner).reopen,
  onScreen: (owner: Owner) => pane(owner).onScreen,
  filter: (owner: Owner): FilteredLines | undefined => pane(owner).filter,
  setFilter(owner: Owner, filter: FilteredLines | undefined): void {
    pane(owner).filter = filter;
  },
  search: (owner: Owner): LineSearch | undefined => pane(owner).search,
  setSearch(owner: Owner, search: LineSearch | undefined): void {
    pane(owner).search = search;
  },
  // What the pane shows, as of now: the buffer, or the filter's view of it.
  lines(owner: Owner): PaneLines | undefined {
    const self = pane(owner);
    const buffer = self.current?.buffer;
    if (!buffer) return undefined;
    return self.filter ? self.filter.update(buffer) : buffer;
  },
  replace(owner: Owner, next: LogSource | undefined, options: {reopen?: (window: number) => void} = {}): void {
    const self = pane(owner);
    self.onScreen = undefined;
    self.search = undefined;
    self.current?.stop();
    self.current = next;
    self.reopen = options.reopen;
  },
};
