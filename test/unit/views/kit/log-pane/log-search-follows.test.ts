import {afterEach, expect, test} from 'vitest';
import {makeLine, type LogLine} from '../../../../../source/engine/logs/line-assembler.js';
import {LogBuffer} from '../../../../../source/engine/logs/log-buffer.js';
import {searchLog} from '../../../../../source/engine/logs/log-query.js';
import type {LogSource} from '../../../../../source/engine/logs/log-source.js';
import {Controller} from '../../../../../source/ui/controller.js';
import {searchLogs, showSource} from '../../../../../source/views/kit/log-pane/effects.js';
import {paneSession} from '../../../../../source/views/kit/log-pane/session.js';

// A source whose lines the test writes: a full buffer pushes its oldest lines out, as a busy container's does.
function liveSource(capacity: number) {
  const buffer = new LogBuffer<LogLine>(capacity);
  const listeners = new Set<() => void>();
  const source: LogSource = {
    buffer,
    status: 'streaming',
    get version() {
      return buffer.version;
    },
    subscribe: listener => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start: () => undefined,
    stop: () => listeners.clear(),
    clear: () => buffer.clear(),
    search: query => searchLog(buffer, query),
    save: () => Promise.resolve({lines: 0}),
  };
  const write = (texts: string[]) => {
    for (const text of texts) buffer.push(makeLine(text, 'stdout', undefined, false));
    for (const listener of listeners) listener();
  };
  return {source, write};
}

const controllers: Controller[] = [];
afterEach(async () => {
  for (const controller of controllers.splice(0)) await controller.close();
});

function open(capacity: number) {
  const controller = new Controller('unix:///nowhere.sock', {});
  controllers.push(controller);
  const {source, write} = liveSource(capacity);
  showSource(controller.services, source, {containerId: 'c1', name: 'web', window: 6}, () => 'streaming');
  controller.dispatch({type: 'logs.rows', rows: 10});
  return {controller, services: controller.services, write};
}

// The pane publishes at most 4 frames a second in a flood (frame-pace.ts).
const published = () => new Promise(resolve => setTimeout(resolve, 300));
const range = (from: number, to: number, text: (i: number) => string) =>
  Array.from({length: to - from}, (_, i) => text(from + i));
const lineText = (i: number) => (i % 10 === 9 ? `burst ${i}` : `line ${i}`);

// The current match's line, and whether the pane's 10 rows show it.
function shown(controller: Controller) {
  const pane = controller.store.get().logs;
  const lines = paneSession.lines(controller.services);
  if (!pane || !lines) throw new Error('no pane');
  const current = pane.search?.matches[pane.search.current];
  const bottom = lines.length - 1 - pane.scrollBack;
  return {
    current: current === undefined ? undefined : lines.get(current).text,
    onScreen: current !== undefined && current <= bottom && current > bottom - 10,
    search: pane.search,
  };
}

test('a full buffer: the matches follow their lines as the oldest drop out, new matches count, n lands on one', async () => {
  const {controller, services, write} = open(100);
  write(range(0, 120, lineText));
  await published();
  searchLogs(services, 'burst');
  expect(shown(controller)).toMatchObject({current: 'burst 119', search: {current: 9}});
  controller.dispatch({type: 'logs.previous'});
  expect(shown(controller).current).toBe('burst 109');
  // 25 more lines push the 25 oldest out (burst 29 and 39 with them): the current match stays on burst 109.
  write(range(120, 145, lineText));
  await published();
  expect(shown(controller)).toMatchObject({current: 'burst 109', search: {matches: {length: 10}, current: 6}});
  for (const expected of ['burst 119', 'burst 129', 'burst 139', 'burst 49', 'burst 59']) {
    controller.dispatch({type: 'logs.next'});
    // The pane is scrolled to the match.
    expect(shown(controller)).toMatchObject({current: expected, onScreen: true});
  }
  // The current match's line leaves the buffer: no match is current; n goes to the oldest one held.
  write(range(145, 215, lineText));
  await published();
  expect(shown(controller).search?.current).toBe(-1);
  controller.dispatch({type: 'logs.next'});
  expect(shown(controller)).toMatchObject({current: 'burst 119', onScreen: true});
});

test('a search typed before the lines arrive finds them when they come', async () => {
  const {controller, services, write} = open(100);
  searchLogs(services, 'red');
  expect(shown(controller).search?.matches).toEqual([]);
  write(range(0, 50, i => (i % 20 === 5 ? `red ${i}` : `blue ${i}`)));
  await published();
  expect(shown(controller)).toMatchObject({current: 'red 45', onScreen: true, search: {matches: [5, 25, 45]}});
  controller.dispatch({type: 'logs.next'});
  expect(shown(controller)).toMatchObject({current: 'red 5', onScreen: true});
});

test('a search typed before its lines came says so on the status line when the first ones match', async () => {
  const {controller, services, write} = open(100);
  write(range(0, 5, i => `line ${i}`));
  await published();
  searchLogs(services, 'burst');
  expect(controller.store.get().status?.text).toBe(
    'no line matches "burst" yet (the lines that come are searched too)',
  );
  write(['burst 1', 'line 6']);
  await published();
  expect(controller.store.get().status?.text).toBe('"burst" matches lines that came (n next, N previous, esc clears)');
  expect(shown(controller).current).toBe('burst 1');
});
