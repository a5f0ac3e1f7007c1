import {afterEach, beforeEach, expect, test, vi} from 'vitest';
import type {ContainerRow} from '../../../source/engine/containers/rows.js';
import {analyseLayers} from '../../../source/engine/layers/analysis.js';
import type {EngineSession} from '../../../source/engine/session.js';
import type {Confirmation} from '../../../source/store/state.js';
import {Controller, type ExitRequest} from '../../../source/ui/controller.js';
import {charKey, NO_KEY} from '../../../source/ui/handle-key.js';
import {keyBytes, typedBytes} from '../../../source/ui/typed-ahead.js';

// The registry's answers are not the point here: the dialog d opens, and what y does with it, are stood in for.
const registryWrites = vi.hoisted(() => ({
  open: undefined as (() => void) | undefined,
  confirmed: [] as Confirmation[],
}));
vi.mock('../../../source/views/registry/writes.js', async original => ({
  ...(await original<typeof import('../../../source/views/registry/writes.js')>()),
  confirmDelete: (services: {dispatch(action: unknown): unknown}) =>
    new Promise<void>(resolve => {
      registryWrites.open = () => {
        services.dispatch({
          type: 'overlay.show',
          overlay: {
            kind: 'confirm',
            confirm: {owner: 'registry', operation: 'delete', title: 'Delete r:1?', targets: ['r:1'], ids: ['d']},
          },
        });
        resolve();
      };
    }),
  runConfirmed: (_services: unknown, _deps: unknown, confirm: Confirmation) => {
    registryWrites.confirmed.push(confirm);
    return Promise.resolve();
  },
}));

// Keys typed ahead of what they are for (a shell, a dialog, a pane still reading), with the real controller and
// views and no engine.
const config = {logBufferLines: 10, logTail: 10, readonly: false, registryOptions: {}};
let exits: ExitRequest[] = [];

function controller(extra: Partial<{registries: string[]}> = {}): Controller {
  // A shell by name is not looked up in the container (the engine finds it in PATH).
  const c = new Controller('unix:///nowhere.sock', {...config, shells: ['sh'], registries: [], ...extra});
  c.attachUi(request => void exits.push(request));
  return c;
}

const type = (c: Controller, text: string) => c.input.pushAll([...text].map(charKey));
const settle = () => new Promise(resolve => setImmediate(resolve));

const running: ContainerRow = {
  id: 'c'.repeat(64),
  name: 'web',
  image: 'busybox',
  state: 'running',
  status: 'Up',
  ports: '',
  created: 1,
};

beforeEach(() => {
  exits = [];
  registryWrites.open = undefined;
  registryWrites.confirmed = [];
});
afterEach(() => vi.useRealTimers());

test('keys typed after e go to the shell, in order, never to berth', async () => {
  const c = controller();
  // A docker client is all e needs before it leaves (the configured shell is not looked up).
  c.session = {name: 'default', client: {docker: {}}} as unknown as EngineSession;
  c.dispatch({type: 'containers.loaded', items: [running]});
  type(c, 'esysctl -a\r');
  // s would open the stop dialog and y confirm it; x would open the export prompt.
  expect(c.store.get().overlay).toBeUndefined();
  await settle();
  expect(c.store.get().overlay).toBeUndefined();
  expect(exits).toMatchObject([
    {type: 'exec', exec: {containerName: 'web', cmd: ['sh'], tty: true, interactive: true}},
  ]);
  expect(c.input.length).toBe(0);
  expect(typedBytes(c.takeTypedAhead())).toBe('sysctl -a\r');
  // Taken once: the next session starts with nothing typed.
  expect(c.takeTypedAhead()).toEqual([]);
});

test('a burst that leaves the UI at once (:exec -it) hands the rest to the session too', () => {
  const c = controller();
  c.dispatch({type: 'containers.loaded', items: [running]});
  type(c, ':exec -it web sh\rexit 5\r');
  expect(exits).toMatchObject([{type: 'exec', exec: {containerName: 'web', cmd: ['sh']}}]);
  expect(typedBytes(c.takeTypedAhead())).toBe('exit 5\r');
  expect(c.store.get().overlay).toBeUndefined();
});

test('quitting forgets the keys typed after q', () => {
  const c = controller();
  c.dispatch({type: 'containers.loaded', items: []});
  type(c, 'qj');
  expect(exits).toEqual([{type: 'quit'}]);
  expect(c.takeTypedAhead()).toEqual([]);
});

test('keys are sent as the terminal sent them', () => {
  expect(keyBytes('', {...NO_KEY, upArrow: true})).toBe('\x1b[A');
  expect(keyBytes('\t', {...NO_KEY, tab: true, shift: true})).toBe('\x1b[Z');
  expect(keyBytes('d', {...NO_KEY, ctrl: true})).toBe('\x04');
  expect(keyBytes('\x7f', {...NO_KEY, backspace: true})).toBe('\x7f');
  expect(keyBytes('', {...NO_KEY, escape: true})).toBe('\x1b');
  expect(keyBytes('.', {...NO_KEY, meta: true})).toBe('\x1b.');
  expect(keyBytes('é', NO_KEY)).toBe('é');
});

test('registry view: y typed after d waits for the delete dialog, then confirms it', async () => {
  // Loaded first (as after any earlier key of the view): what is timed is the dialog, not the module.
  await import('../../../source/views/registry/effects.js');
  const c = controller({registries: ['https://r.example']});
  c.store.set(state => ({
    ...state,
    view: 'registry',
    registry: {...state.registry, level: 'tags', repository: 'r', repoStatus: 'done', tagStatus: 'done', tags: ['1']},
  }));
  type(c, 'dy');
  await vi.waitFor(() => expect(registryWrites.open).toBeDefined(), {timeout: 10_000});
  expect(c.input.length).toBe(1);
  registryWrites.open?.();
  await vi.waitFor(() => expect(registryWrites.confirmed).toHaveLength(1), {timeout: 10_000});
  expect(registryWrites.confirmed[0]).toMatchObject({owner: 'registry', operation: 'delete'});
  expect(c.store.get().overlay).toBeUndefined();
});

const layers = analyseLayers([
  {id: 'a', command: 'ADD base', files: [{path: 'etc', kind: 'directory', size: 0}]},
  {id: 'b', command: 'RUN more', files: [{path: 'etc/app.conf', kind: 'file', size: 3}]},
]);
const pane = (c: Controller) => {
  const overlay = c.store.get().overlay;
  return overlay?.kind === 'layers' ? overlay : undefined;
};

test('layers pane: keys typed while the image is read wait for the layers, then apply in order', () => {
  const c = controller();
  c.dispatch({type: 'layers.started', job: 1, title: 'big:1'});
  type(c, 'mj\t');
  expect(c.input.length).toBe(3);
  expect(pane(c)).toMatchObject({mode: 'layer', focus: 'layers'});
  c.dispatch({type: 'layers.done', job: 1, result: layers});
  expect(c.input.length).toBe(0);
  // m: the merged tree; j: the second layer; tab: to its files.
  expect(pane(c)).toMatchObject({mode: 'merged', focus: 'files', layer: 1});
});

test('layers pane: a long read says which keys wait, and drops them with a word after 5 s', () => {
  vi.useFakeTimers();
  const c = controller();
  c.dispatch({type: 'layers.started', job: 1, title: 'big:1'});
  type(c, 'm');
  vi.advanceTimersByTime(300);
  expect(c.store.get().status?.text).toBe('waiting for the layers of big:1… (key m held)');
  vi.advanceTimersByTime(5000);
  expect(c.store.get().status).toMatchObject({text: 'gave up waiting for the layers of big:1: key m dropped'});
});

test('layers pane: esc still cancels the reading at once, and says what it dropped', () => {
  const c = controller();
  c.dispatch({type: 'layers.started', job: 1, title: 'big:1'});
  type(c, 'm');
  c.input.push('', {...NO_KEY, escape: true});
  expect(c.store.get().overlay).toBeUndefined();
  expect(c.input.length).toBe(0);
  expect(c.store.get().status?.text).toContain('key m (waiting for the layers of big:1) dropped');
});

test('layers pane: the keys of the shell (help) do not wait for the layers', () => {
  const c = controller();
  c.dispatch({type: 'layers.started', job: 1, title: 'big:1'});
  type(c, '?');
  expect(c.input.length).toBe(0);
  expect(c.store.get().overlay?.kind).toBe('help');
});

test('keys typed after e when the shell cannot start are dropped with a word, never applied to berth', async () => {
  const c = controller();
  c.session = {name: 'default', client: {docker: {}}} as unknown as EngineSession;
  c.dispatch({type: 'containers.loaded', items: [{...running, state: 'exited'}]});
  type(c, 'esy');
  await settle();
  expect(c.store.get().overlay).toBeUndefined();
  expect(exits).toEqual([]);
  expect(c.store.get().status).toMatchObject({
    text: 'exec into web: the container is exited, not running; start it first (S) · keys s y typed for the shell dropped',
    kind: 'error',
  });
  // The next key is berth's again.
  type(c, 's');
  expect(c.store.get().overlay?.kind).toBe('confirm');
});

// Two engines: :run looks the image up on each before it leaves; only one has it.
function twoEngines(c: Controller, lookUp: (engine: string) => Promise<{Id: string}>): void {
  const docker = (engine: string) => ({getImage: () => ({inspect: () => lookUp(engine)})});
  c.sessions = ['a', 'b'].map(name => ({name, client: {docker: docker(name)}})) as unknown as EngineSession[];
}
const missing = () => Promise.reject(Object.assign(new Error('no such image'), {statusCode: 404}));

test('with two engines, keys typed after :run IMAGE⏎ go to the container, or are dropped if it does not run', async () => {
  const c = controller();
  twoEngines(c, engine => (engine === 'b' ? Promise.resolve({Id: 'sha256:1'}) : missing()));
  c.dispatch({type: 'containers.loaded', items: [running]});
  type(c, ':run busybox\rls\r');
  await vi.waitFor(() => expect(exits).toHaveLength(1));
  expect(exits).toMatchObject([{type: 'run', run: {image: 'busybox'}, engine: 'b'}]);
  expect(typedBytes(c.takeTypedAhead())).toBe('ls\r');

  twoEngines(c, missing);
  type(c, ':run nosuch\rsy');
  await vi.waitFor(() => expect(c.store.get().status?.text).toContain('keys s y typed for the container dropped'));
  expect(c.store.get().overlay).toBeUndefined();
  expect(exits).toHaveLength(1);
});
