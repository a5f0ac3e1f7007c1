import {containerKey, splitEngineFilter} from '../kit/merge-engine-rows.js';
import {makeMatcher, type RowKeys} from '../../store/list.js';
import {REGEX_PREFIX} from '../../text/match.js';
import {withoutInvisibles} from '../../text/invisible.js';
import {changesSince, keepChanges} from '../../util/row-changes.js';
import {lazyKeys} from '../kit/lazy-keys.js';
import {targetRows} from '../kit/targets.js';
import type {AppState} from '../../store/state.js';
import type {FocusedList} from '../types.js';
import type {ContainerRow} from './state.js';
import {sorter} from '../kit/sort.js';
import {containerColumns, containerLive, type Live} from './columns.js';

// Whether a row is listed under `a` and the filter.
function rowFilter(runningOnly: boolean, filter: string): (row: ContainerRow) => boolean {
  // engine:NAME narrows to one engine (several engines at once); the rest matches names, images, statuses and
  // the engine's name.
  const {engine, rest} = splitEngineFilter(filter);
  const match = makeMatcher(rest);
  const shared = memoAnswers(match);
  return row =>
    (!runningOnly || row.state === 'running') &&
    (engine === undefined || row.engine === engine) &&
    (!rest ||
      match(row.name) ||
      shared(row.image) ||
      shared(row.status) ||
      (row.engine !== undefined && shared(row.engine)));
}

// Images, statuses and engines are a few texts shared by many rows: each is matched once a keystroke. At most
// SHARED_TEXTS are remembered, so texts that all differ cost a lookup more than matching each.
const SHARED_TEXTS = 1024;
function memoAnswers(match: (text: string) => boolean): (text: string) => boolean {
  const answers = new Map<string, boolean>();
  return text => {
    let answer = answers.get(text);
    if (answer === undefined) {
      answer = match(text);
      if (answers.size < SHARED_TEXTS) answers.set(text, answer);
    }
    return answer;
  };
}

// A plain filter that contains the last one (a character typed at its end, or anywhere) matches a subset of what
// the last one matched: those rows are filtered again, not the whole list (100,000 rows: a keystroke matched four
// texts of every row).
const plainNeedle = (filter: string) => {
  const {engine, rest} = splitEngineFilter(filter);
  const needle = withoutInvisibles(rest).toLowerCase();
  return needle.startsWith(REGEX_PREFIX) ? undefined : {engine, needle};
};
function narrows(filter: string, last: string): boolean {
  const now = plainNeedle(filter);
  const before = plainNeedle(last);
  return !!now && !!before && now.engine === before.engine && now.needle.includes(before.needle);
}

// A memo like store/memo.ts memoLast (it holds the last answer, never app state), that also narrows from it.
// The list patched by an event (source/util/row-changes.ts): the rows that changed are filtered, the others
// keep the answer they had.
function narrowingFilter() {
  let last: {items: readonly ContainerRow[]; runningOnly: boolean; filter: string; rows: readonly ContainerRow[]};
  return (items: readonly ContainerRow[], runningOnly: boolean, filter: string): readonly ContainerRow[] => {
    if (!filter && !runningOnly) return items;
    const same = last?.items === items && last.runningOnly === runningOnly;
    if (same && last.filter === filter) return last.rows;
    const keep = rowFilter(runningOnly, filter);
    const changes = last?.runningOnly === runningOnly && last.filter === filter && changesSince(last.items, items);
    const rows = changes
      ? keepChanges(last.rows, changes, keep)
      : (same && narrows(filter, last.filter) ? last.rows : items).filter(keep);
    last = {items, runningOnly, filter, rows};
    return rows;
  };
}
const filterContainers = narrowingFilter();

const sorted = sorter<ContainerRow, Live>();

// Filtered (the filter and `a`), then in the order `o` chose — CPU, memory, any column — else as listed.
export const visibleContainers = (state: AppState): readonly ContainerRow[] =>
  sorted(
    filterContainers(state.containers.items, state.containers.runningOnly, state.containers.list.filter),
    containerColumns(state),
    state.sorts.containers,
    containerLive(state),
  );

// Sorted by CPU or memory: every running container is sampled, not only those on screen.
const byUsage = (state: AppState) => ['cpu', 'mem'].includes(state.sorts.containers?.column ?? '');

// The containers to sample: the running rows on screen, or every running one while sorted by usage.
export const MAX_SAMPLED = 500;

// The same, with each container's engine (several engines: each engine's sampler samples its own).
export function rowsToSample(state: AppState): {id: string; engine?: string}[] {
  const {stats, list} = state.containers;
  const ids: {id: string; engine?: string}[] = [];
  // Only while the containers view is on screen: nothing is sampled for a list nobody looks at.
  if (stats.on && state.view === 'containers') {
    const rows = byUsage(state)
      ? state.containers.items
      : visibleContainers(state).slice(list.scrollTop, list.scrollTop + state.viewportRows);
    for (const row of rows) if (row.state === 'running' && ids.length < MAX_SAMPLED) ids.push(row);
  }
  const overlay = state.overlay;
  if (overlay?.kind === 'stats' && !ids.some(row => row.id === overlay.id && row.engine === overlay.engine))
    ids.push({id: overlay.id, engine: overlay.engine});
  return ids;
}

// A key is the ID, or the engine and the ID (merge-engine-rows.ts): a row whose ID does not end the key is not it.
const idsOf = lazyKeys(containerKey, (row: ContainerRow, key: string) => key.endsWith(row.id));
export const visibleContainerIds = (state: AppState): RowKeys => idsOf(visibleContainers(state));

export function selectedContainer(state: AppState): ContainerRow | undefined {
  return visibleContainers(state)[state.containers.list.cursor];
}

// Bulk actions act on marked rows, else on the selected one.
export const targetContainers = (state: AppState): ContainerRow[] =>
  targetRows(state.containers.items, state.containers.list, containerKey, selectedContainer(state));

export function containersList(state: AppState): FocusedList {
  return {
    ids: visibleContainerIds(state),
    list: state.containers.list,
    put: (s, list) => (list === s.containers.list ? s : {...s, containers: {...s.containers, list}}),
  };
}
