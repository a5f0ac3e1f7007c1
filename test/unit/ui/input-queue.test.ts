import {mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterEach, beforeEach, expect, test, vi} from 'vitest';
import type {ImageRow} from '../../../source/engine/images/list.js';
import {Controller, type ExitRequest} from '../../../source/ui/controller.js';
import {charKey, NO_KEY} from '../../../source/ui/handle-key.js';
import {DEFAULT_VIEWS, ViewSet} from '../../../source/ui/view-set.js';
import type {ViewModule} from '../../../source/views/types.js';

// The input queue with the real controller and views, no engine: the engine's answers are dispatched by hand.
const config = {logBufferLines: 10, logTail: 10, shells: [], readonly: false, registries: [], registryOptions: {}};
let exits: ExitRequest[] = [];

function controller(views = DEFAULT_VIEWS, extra: Partial<typeof config & {cwd: string}> = {}): Controller {
  const c = new Controller('unix:///nowhere.sock', {...config, ...extra}, views);
  // As the mounted UI does.
  c.attachUi(request => void exits.push(request));
  return c;
}

const type = (c: Controller, text: string) => {
  for (const char of text) c.input.push(...charKey(char));
};

const image = (id: string): ImageRow =>
  ({
    id: `sha256:${id.repeat(64).slice(0, 64)}`,
    shortId: id.repeat(12).slice(0, 12),
    repository: `repo-${id}`,
    tag: 'latest',
    reference: `repo-${id}:latest`,
    created: 1,
    size: 1,
    containers: 0,
  }) as unknown as ImageRow;

beforeEach(() => {
  exits = [];
});
afterEach(() => {
  vi.useRealTimers();
});

test('keys for a view still loading wait for its list, then apply in the order typed', () => {
  const c = controller();
  type(c, '2j ');
  expect(c.store.get().view).toBe('images');
  expect(c.input.length).toBe(2);
  expect(c.store.get().images.list.marked).toEqual([]);
  c.dispatch({type: 'images.loaded', items: [image('a'), image('b'), image('c')]});
  expect(c.input.length).toBe(0);
  // j moved to the second row, then space marked it (and moved on).
  expect(c.store.get().images.list.marked).toHaveLength(1);
  expect(c.store.get().images.list.marked[0]).toContain('repo-b');
});

test('the filter prompt never waits: a filter typed before the list filters it when it comes', () => {
  const c = controller();
  type(c, '2/repo-b\r');
  expect(c.input.length).toBe(0);
  expect(c.store.get().images.list.filter).toBe('repo-b');
  type(c, ' ');
  expect(c.input.length).toBe(1);
  c.dispatch({type: 'images.loaded', items: [image('a'), image('b')]});
  expect(c.store.get().images.list.marked).toHaveLength(1);
  expect(c.store.get().images.list.marked[0]).toContain('repo-b');
});

test('a : command typed before the list is run once the list is there (it names its rows)', () => {
  const c = controller();
  type(c, ':attach nosuch\r');
  expect(c.store.get().overlay?.kind).toBe('command');
  expect(c.input.length).toBe(1);
  c.dispatch({type: 'containers.loaded', items: []});
  expect(c.store.get().overlay).toBeUndefined();
  expect(c.store.get().status?.text).toContain('no container named "nosuch"');
});

test('keys after one whose dialog waits on the engine reach the dialog', async () => {
  const c = controller();
  c.dispatch({type: 'images.loaded', items: [image('a')]});
  c.dispatch({type: 'view.images'});
  let open!: () => void;
  c.services.holdKeys(
    'the containers that use the image',
    new Promise<void>(resolve => {
      open = () => {
        c.dispatch({type: 'overlay.show', overlay: {kind: 'text', title: 'dialog', lines: [], scroll: 0}});
        resolve();
      };
    }),
  );
  c.input.push('', {...NO_KEY, escape: true});
  // esc waits: it is for the dialog (where it closes the dialog), not the view (where it would clear a filter).
  expect(exits).toEqual([]);
  open();
  await Promise.resolve();
  await Promise.resolve();
  expect(c.store.get().overlay).toBeUndefined();
  expect(exits).toEqual([]);
});

test('a long wait is said on the status line, and after 5 s the keys are dropped with the reason', () => {
  vi.useFakeTimers();
  const c = controller();
  type(c, '2d ');
  vi.advanceTimersByTime(300);
  expect(c.store.get().status?.text).toBe('waiting for the image list… (keys d space held)');
  vi.advanceTimersByTime(5000);
  expect(c.input.length).toBe(0);
  expect(c.store.get().status).toMatchObject({
    text: 'gave up waiting for the image list: keys d space dropped',
    kind: 'error',
  });
  // What comes next is taken at once.
  type(c, '1');
  expect(c.store.get().view).toBe('containers');
});

test('the waiting note goes away once the keys are applied', () => {
  vi.useFakeTimers();
  const c = controller();
  type(c, '2 ');
  vi.advanceTimersByTime(300);
  expect(c.store.get().status?.text).toMatch(/^waiting for the image list/);
  c.dispatch({type: 'images.loaded', items: [image('a')]});
  expect(c.store.get().status?.text).toBe('');
});

test('the tab key of a view this engine does not offer says so', () => {
  const c = controller();
  c.dispatch({type: 'swarm.role', role: {manager: false, state: 'inactive'}});
  type(c, '6');
  expect(c.store.get().view).toBe('containers');
  expect(c.store.get().status?.text).toBe('view 6 (Swarm) is not offered on this engine');
});

test('ctrl-c is never held', () => {
  const c = controller();
  type(c, '2 ');
  expect(c.input.length).toBe(1);
  c.input.clear();
  c.input.push(...charKey('\x03'));
  expect(exits).toEqual([{type: 'quit'}]);
});

test('q asks first when quitting would interrupt something; y quits, any other key stays', () => {
  const busy: ViewModule = {id: 'busy', title: 'Busy', quitting: () => ['compose up shop (running 3 s)']};
  const c = controller(new ViewSet(DEFAULT_VIEWS.views, [...DEFAULT_VIEWS.panes, busy]));
  c.dispatch({type: 'containers.loaded', items: []});
  type(c, 'q');
  expect(exits).toEqual([]);
  const overlay = c.store.get().overlay;
  expect(overlay?.kind === 'confirm' && overlay.confirm).toMatchObject({
    title: 'Quit and interrupt this command?',
    targets: ['compose up shop (running 3 s)'],
  });
  type(c, 'n');
  expect(c.store.get().overlay).toBeUndefined();
  expect(exits).toEqual([]);
  type(c, 'qy');
  expect(exits).toEqual([{type: 'quit'}]);
});

test("view 3 looks at the working directory's compose file again when it opens", () => {
  const dir = mkdtempSync(join(tmpdir(), 'berth-cwd-'));
  try {
    const c = controller(DEFAULT_VIEWS, {cwd: dir});
    expect(c.store.get().compose.local).toBeUndefined();
    writeFileSync(join(dir, 'compose.yaml'), 'services:\n  web:\n    image: busybox\n');
    c.dispatch({type: 'view.compose'});
    expect(c.store.get().compose.local?.files).toEqual([join(dir, 'compose.yaml')]);
    rmSync(join(dir, 'compose.yaml'));
    c.dispatch({type: 'refresh'});
    expect(c.store.get().compose.local).toBeUndefined();
  } finally {
    rmSync(dir, {recursive: true, force: true});
  }
});
