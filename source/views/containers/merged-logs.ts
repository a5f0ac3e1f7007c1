import {engineClockOffsetMs} from '../../engine/clock.js';
import {namePattern} from '../../engine/containers/name-pattern.js';
import {MergedLogs, type MergedTarget} from '../../engine/logs/merged-logs.js';
import {severalEngines} from '../../store/engine-connections.js';
import {containerKey} from '../kit/merge-engine-rows.js';
import {HueBook} from '../../engine/logs/prefix-hue.js';
import {cutWithEllipsis} from '../../text/cut-with-ellipsis.js';
import {stripAnsi} from '../../text/escapes.js';
import {sanitizeLine} from '../../text/sanitize.js';
import type {AppState} from '../../store/state.js';
import {perApp} from '../kit/runtime.js';
import {showLogs, showSource, type LogOptions} from '../kit/log-pane/effects.js';
import {paneSession} from '../kit/log-pane/session.js';
import {logWindow} from '../kit/log-pane/state.js';
import type {Services} from '../types.js';
import {selectedContainer} from './selectors.js';
import type {ContainerRow} from './state.js';

// A long name is cut: the prefix is on every line.
const MAX_LABEL_CELLS = 24;

// The prefix of a container's lines in merged logs, from the name its row shows. Names are untrusted: escapes
// go, invisible characters become markers. The one place that decides it: with several engines the row's engine
// comes first (`engine/name`).
export function mergedLabel(displayName: string, engine?: string): string {
  const name = engine ? `${engine}/${displayName}` : displayName;
  return cutWithEllipsis(sanitizeLine(stripAnsi(name)), MAX_LABEL_CELLS);
}

// A container keeps its colour for the whole session, whichever containers it is merged with.
const hues = perApp(() => new HueBook());

type Followed = Pick<ContainerRow, 'id' | 'name' | 'engine'>;

// L in the containers view: the marked containers' logs in one pane. Without marks (or one), the container's own log pane.
export function showMarkedLogs(services: Services): void {
  const state = services.store.get();
  const marked = new Set(state.containers.list.marked);
  const rows = state.containers.items.filter(row => marked.has(containerKey(row)));
  if (rows.length > 1) return void showMergedLogs(services, rows);
  const row = rows[0] ?? selectedContainer(state);
  if (!row) return;
  showLogs(services, row);
  if (!rows.length) services.status('space marks containers; L then follows all the marked ones in one pane');
}

// Several containers' logs merged by time into the pane (logs/merged-logs.ts), each line prefixed with the
// container's name in its colour. `custom` carries :logs' options.
export async function showMergedLogs(
  services: Services,
  rows: readonly Followed[],
  window = services.store.get().logs?.window ?? 0,
  custom?: LogOptions,
): Promise<void> {
  // Each row's own engine (several engines: one merge may span them, ordered on berth's clock).
  const several = severalEngines(services.store.get());
  const targets: MergedTarget[] = [];
  for (const row of rows) {
    const client = services.engine(row.engine)?.client;
    if (!client) continue;
    targets.push({
      id: containerKey(row),
      containerId: row.id,
      docker: client.docker,
      clockOffsetMs: several ? await services.clockOffsetMs(row.engine) : 0,
    });
  }
  const client = services.engine(rows[0]?.engine)?.client ?? services.engine()?.client;
  if (!client || !targets.length) {
    services.status('the engine is not connected; logs open once it is back', 'error');
    return;
  }
  const choice = logWindow(window);
  let since = custom?.since;
  if (!custom && choice.sinceSeconds)
    since = (Date.now() + (await engineClockOffsetMs(client))) / 1000 - choice.sinceSeconds;
  const book = hues(services);
  const labels = new Map(rows.map(row => [containerKey(row), mergedLabel(row.name, several ? row.engine : undefined)]));
  const logs = new MergedLogs(client.docker, {
    targets,
    window: {tail: custom ? custom.tail : window === 0 ? services.config.logTail : choice.tail, since},
    follow: custom?.follow ?? true,
    bufferLines: services.config.logBufferLines,
    describe: target => {
      const label = labels.get(target.id) ?? target.id.slice(0, 12);
      return {label, hue: book.hueOf(label)};
    },
  });
  showSource(
    services,
    logs,
    {
      containerId: `merged:${rows.map(containerKey).join(',')}`,
      name: `${rows.length} containers`,
      members: [...labels.values()],
      owner: 'containers',
      window,
      custom,
      kind: 'merged',
    },
    () => mergedStatus(logs),
    {reopen: next => void showMergedLogs(services, rows, next)},
  );
}

function mergedStatus(logs: MergedLogs<MergedTarget>): string {
  const status = logs.status;
  if (status === 'reconnecting') return `reconnecting: ${logs.error ?? ''}`;
  const stopped = logs.notStreaming;
  if (status === 'streaming' && stopped) return `${stopped} of ${logs.ids.length} not running`;
  return status;
}

// The container list changed: a merged container that runs again is followed again from where it ended, and
// follows waiting to reconnect do it now (the engine answers).
export function followMergedChanges(services: Services): void {
  const state: AppState = services.store.get();
  const source = paneSession.get(services);
  if (state.logs?.kind !== 'merged' || !(source instanceof MergedLogs)) return;
  // Every engine's rows, not only those of the engine whose list came: a merge may span engines. One pass keeping
  // the followed containers alone (at 100,000 rows: ~2 ms, where two sets of every key took 16–19 ms).
  const followed = new Set(source.ids);
  const running = new Map<string, boolean>();
  for (const row of state.containers.items) {
    const key = containerKey(row);
    if (followed.has(key)) running.set(key, row.state === 'running');
  }
  for (const id of followed) {
    const runs = running.get(id);
    if (runs) source.resumeContainer(id);
    else if (runs === undefined) source.gone(id, 'container removed');
  }
  if (source.status === 'reconnecting') source.retryNow();
}

// The containers :logs names: each word an exact name, a prefix with a trailing `*` (as :stop), or the start of
// an ID; in the order given, each once.
export function containersNamed(items: readonly ContainerRow[], words: readonly string[]): ContainerRow[] {
  const found = new Map<string, ContainerRow>();
  for (const word of words) {
    const pattern = namePattern(word);
    let rows = items.filter(row => pattern.matches(row.name));
    if (!rows.length && !pattern.isPrefix && word.length >= 4) rows = items.filter(row => row.id.startsWith(word));
    if (!rows.length)
      throw new Error(
        `no container named "${sanitizeLine(word)}" (a trailing * means "starts with"; tab completes names)`,
      );
    for (const row of rows) found.set(containerKey(row), row);
  }
  return [...found.values()];
}
