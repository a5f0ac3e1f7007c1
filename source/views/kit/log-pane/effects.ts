import {BerthError} from '../../../errors.js';
import {engineClockOffsetMs} from '../../../engine/clock.js';
import {LogSession, type LogEntry, type LogOrigin} from '../../../engine/logs/log-session.js';
import {errorMessage} from '../../../errors.js';
import type {LogSource} from '../../../engine/logs/log-source.js';
import type {Services} from '../../types.js';
import {pane as paneOf, paneSession} from './session.js';
import {logWindow, type LogPaneState} from './state.js';
import {FramePace} from './frame-pace.js';
import {describeFilter, filterDraft, FilteredLines, MAX_CONTEXT, parseFilterDraft} from './filter.js';
import {LineSearch} from './search.js';
import {saveLines} from '../../../engine/logs/save-lines.js';
import {groupDigits} from '../../../text/compare.js';

export type LogOptions = {since?: number; tail?: number | 'all'; follow: boolean; label: string};

// What the pane shows: a container (the default), or a swarm service or task (the swarm view), whose lines the view
// may rewrite (the service.slot@node prefix). `owner` is the view that shows the pane.
export type LogTarget = {
  id: string;
  name: string;
  // The engine the container is on (a row's `engine`); the first engine without it.
  engine?: string;
  source?: LogOrigin;
  rewrite?: (entry: LogEntry) => LogEntry | undefined;
  resolve?: () => Promise<void>;
  owner?: string;
};

// Opens (or reopens with other options) the log pane of a container; the session lives outside the store.
export async function openLogs(
  services: Services,
  target: LogTarget,
  window: number,
  custom?: LogOptions,
): Promise<void> {
  const client = services.engine(target.engine)?.client;
  if (!client) {
    services.status(
      `${target.engine && services.engines().length > 1 ? `engine ${target.engine}` : 'the engine'} is not connected; logs open once it is back`,
      'error',
    );
    return;
  }
  paneSession.replace(services, undefined);
  // The target shown now, for reopening it with another window.
  paneOf(services).shown = target;
  const choice = logWindow(window);
  let since = custom?.since;
  if (!custom && choice.sinceSeconds)
    since = (Date.now() + (await engineClockOffsetMs(client))) / 1000 - choice.sinceSeconds;
  const follow = custom?.follow ?? true;
  const session = new LogSession(client.docker, {
    containerId: target.id,
    source: target.source,
    rewrite: target.rewrite,
    resolve: target.resolve,
    window: {tail: custom ? custom.tail : window === 0 ? services.config.logTail : choice.tail, since},
    follow,
    bufferLines: services.config.logBufferLines,
  });
  showSource(
    services,
    session,
    {
      containerId: target.id,
      name: target.name,
      engine: target.engine,
      owner: target.owner,
      kind: target.source?.kind,
      window,
      custom,
    },
    () =>
      session.status === 'error' || session.status === 'reconnecting'
        ? `${session.status}: ${session.error ?? ''}`
        : session.status,
  );
}

// Puts a log source in the pane (a container's log above; compose's project logs and command output) and
// publishes its changes to the store at most ~10 times a second.
export function showSource(
  services: Services,
  session: LogSource,
  init: Pick<
    LogPaneState,
    'containerId' | 'name' | 'engine' | 'owner' | 'window' | 'custom' | 'kind' | 'title' | 'members'
  >,
  statusText: () => string,
  options: {reopen?: (window: number) => void} = {},
): void {
  paneSession.replace(services, session, {reopen: options.reopen});
  const previous = services.store.get().logs;
  // A filter stays while the pane shows the same log (another window of it); another log starts unfiltered.
  const sameLog = previous?.containerId === init.containerId && previous.engine === init.engine;
  if (!sameLog) paneSession.setFilter(services, undefined);
  const pane: LogPaneState = {
    ...init,
    filter: sameLog ? previous.filter : undefined,
    context: previous?.context,
    follow: true,
    scrollBack: 0,
    timestamps: previous?.timestamps ?? false,
    wrap: previous?.wrap ?? false,
    fullscreen: previous?.fullscreen ?? false,
    version: 0,
    total: 0,
    status: statusText(),
  };
  services.dispatch({type: 'logs.opened', pane});
  // The same source shown again (a compose command's output): only the newest showing publishes.
  const showing = ++paneOf(services).showings;
  let seen = 0;
  const pace = new FramePace();
  let pending: NodeJS.Timeout | undefined;
  const publish = () => {
    pending = undefined;
    if (paneSession.get(services) !== session || showing !== paneOf(services).showings) return;
    const total = session.buffer.totalPushed;
    pace.drawn(Date.now());
    const shown = shownCounts(services, total - seen);
    services.dispatch({
      type: 'logs.changed',
      version: session.version,
      total: shown.total,
      held: session.buffer.length,
      appended: shown.appended,
      status: statusText(),
      search: searchAgain(services),
    });
    seen = total;
  };
  // The session publishes at most 10 times a second; in a flood the pane draws 4 frames a second (frame-pace.ts),
  // and the newest line is still on screen within 0.25 s.
  session.subscribe(() => {
    if (pending) return;
    const wait = pace.wait(session.buffer.totalPushed - seen, services.store.get().viewportRows, Date.now());
    if (wait === 0) publish();
    else pending = setTimeout(publish, wait);
  });
  session.start();
}

// How many lines the pane shows, and how many of them are among the `appended` newest of the buffer (what keeps
// a paused pane's rows still).
function shownCounts(services: Services, appended: number): {total: number; appended: number} {
  const lines = paneSession.lines(services);
  const filter = paneSession.filter(services);
  const buffer = paneSession.get(services)?.buffer;
  if (!lines || !filter || !buffer) return {total: lines?.length ?? 0, appended};
  const firstNew = buffer.length - appended;
  let shownNew = 0;
  for (let at = filter.length - 1; at >= 0 && filter.indexOf(at) >= firstNew; at--) shownNew++;
  return {total: filter.length, appended: shownNew};
}

// The search over the lines shown now: its matches follow the lines (search.ts), and the current one stays on
// its line while that line is held.
function searchAgain(services: Services): {matches: readonly number[]; current: number} | undefined {
  const search = paneSession.search(services);
  const shown = services.store.get().logs?.search;
  const lines = paneSession.lines(services);
  if (!search || !lines || shown?.query !== search.query) return undefined;
  const {positions, current} = search.run(lines, search.lineOf(shown.current));
  // A search that had found nothing ("no line matches … yet") finds its first lines: the status line says so (no
  // count: more may come; the title counts them).
  if (shown.matches.length === 0 && positions.length > 0)
    services.status(`"${search.query}" matches lines that came (n next, N previous, esc clears)`);
  return {matches: positions, current};
}

const matchesFound = (count: number, query: string, invisibles = '') =>
  `${count} ${count === 1 ? 'line matches' : 'lines match'} "${query}"${invisibles} (n next, N previous, esc clears)`;

// & (the prompt's draft: text, `re:pattern`, `!` in front to hide instead); an empty draft clears the filter.
export function filterLogs(services: Services, draft: string, context?: number): void {
  const pane = services.store.get().logs;
  const session = paneSession.get(services);
  if (!pane || !session) return;
  const lines = context ?? pane.filter?.context ?? pane.context ?? 0;
  const spec = parseFilterDraft(draft, lines);
  let filter: FilteredLines | undefined;
  try {
    filter = spec && new FilteredLines(spec).update(session.buffer);
  } catch (error) {
    services.status(errorMessage(error).replace(/^search /, 'filter '), 'error');
    return;
  }
  paneSession.setFilter(services, filter);
  const held = session.buffer.length;
  services.dispatch({type: 'logs.filtered', filter: spec, context: lines, total: filter?.length ?? held, held});
  if (pane.search) searchLogs(services, pane.search.query);
  if (!spec) {
    services.status(context === undefined ? 'filter cleared: every line shows' : `context: ${lines} lines`);
    return;
  }
  services.status(
    `${describeFilter(spec)}: ${groupDigits(filter?.length ?? 0)} of ${groupDigits(held)} lines (& again to change, & and enter on nothing to clear)`,
    filter?.length ? 'info' : 'error',
  );
}

// C: lines of context around each match (0–9), for the filter set now and the next one.
export function setFilterContext(services: Services, draft: string): void {
  const pane = services.store.get().logs;
  if (!pane) return;
  const lines = Number(draft.trim());
  if (!/^\d$/.test(draft.trim())) {
    services.status(`context "${draft}": give a number of lines from 0 to ${MAX_CONTEXT}`, 'error');
    return;
  }
  filterLogs(services, filterDraft(pane.filter), lines);
}

// Focuses the pane when it already shows this target, else opens it.
export function showLogs(services: Services, target: LogTarget): void {
  const state = services.store.get();
  if (
    state.logs?.containerId === target.id &&
    state.logs.engine === target.engine &&
    (state.logs.owner ?? 'containers') === (target.owner ?? 'containers')
  ) {
    // Not logs.open: its effect calls here (enter on the followed container after esc recursed until the stack ran out).
    if (state.focus !== 'logs') services.dispatch({type: 'logs.focus'});
    return;
  }
  void openLogs(services, target, state.logs?.window ?? 0);
}

function shownTarget(services: Services, id: string): LogTarget | undefined {
  const shown = paneOf(services).shown as LogTarget | undefined;
  return shown?.id === id ? shown : undefined;
}

export function changeWindow(services: Services, window: number): void {
  const pane = services.store.get().logs;
  if (!pane) return;
  if (pane.kind === 'project' || pane.kind === 'compose' || pane.kind === 'merged') {
    const reopen = paneSession.reopen(services);
    if (reopen) reopen(window);
    else services.status("a command's output has no log windows (0–6 apply to logs)", 'error');
    return;
  }
  // A search stays, as a filter does: run again over the lines of the new window (and those that come).
  const query = pane.search?.query;
  void openLogs(
    services,
    shownTarget(services, pane.containerId) ?? {id: pane.containerId, name: pane.name, engine: pane.engine},
    window,
  ).then(() => {
    if (query && services.store.get().logs?.containerId === pane.containerId) searchLogs(services, query);
  });
}

export function clearLogs(services: Services): void {
  const session = paneSession.get(services);
  if (!session) return;
  session.clear();
  services.status('log pane cleared (new lines keep coming)');
}

export function searchLogs(services: Services, query: string): void {
  // With a filter, among the lines it shows: the matches are positions there, as the pane draws them.
  const lines = paneSession.lines(services);
  if (!lines) return;
  if (!query) {
    paneSession.setSearch(services, undefined);
    services.dispatch({type: 'logs.back'});
    return;
  }
  let search: LineSearch;
  try {
    search = new LineSearch(query);
  } catch (error) {
    // A broken `re:` pattern: said on the status line, the pane as it was.
    if (!(error instanceof BerthError)) throw error;
    services.status(error.message, 'error');
    return;
  }
  paneSession.setSearch(services, search);
  const {positions: matches, withInvisibles} = search.run(lines);
  services.dispatch({type: 'logs.searched', query, matches});
  const invisibles = withInvisibles ? ` (${withInvisibles} with invisible characters, shown as ‹U+…›)` : '';
  services.status(
    matches.length
      ? matchesFound(matches.length, query, invisibles)
      : `no line matches "${query}" yet (the lines that come are searched too)`,
    matches.length ? 'info' : 'error',
  );
}

export async function saveLogs(services: Services, path: string, shown = false): Promise<void> {
  const session = paneSession.get(services);
  if (!session || !path.trim()) return;
  if (path.trim() === '-') {
    services.status('saving to standard output is not possible inside the UI; give a file path', 'error');
    return;
  }
  try {
    const filter = paneSession.filter(services);
    // The filter's lines as of now (references, taken before the file is written while more may arrive).
    const {lines} =
      shown && filter
        ? await saveLines(path.trim(), [...filter.update(session.buffer)])
        : await session.save(path.trim());
    services.status(`saved ${lines} lines to ${path.trim()}`);
  } catch (error) {
    services.status(errorMessage(error), 'error');
  }
}
