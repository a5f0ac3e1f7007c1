import {describe, expect, test} from 'vitest';
import type {ContainerRow} from '../../../../source/engine/containers/rows.js';
import {Controller} from '../../../../source/ui/controller.js';
import {DEFAULT_VIEWS} from '../../../../source/ui/view-set.js';
import {pickFromFilter, shownEngine, unknownEngineText} from '../../../../source/views/kit/engine-pick.js';
import {projects, shownComposeEngine, visibleProjects} from '../../../../source/views/compose/selectors.js';
import {shownSwarmEngine} from '../../../../source/views/swarm/selectors.js';
import {swarmCopy} from '../../../../source/views/swarm/copy.js';
import type {ServiceRow} from '../../../../source/views/swarm/state.js';

// The compose and swarm views show one engine of several, picked with engine:NAME in their filter: the real controller and
// views, no engine (the container list is put in the store by hand).
const config = {logBufferLines: 10, logTail: 10, shells: [], readonly: false, registries: [], registryOptions: {}};

const member = (engine: string, project: string, service: string): ContainerRow => ({
  id: `${engine}-${project}-${service}`,
  engine,
  name: `${project}-${service}-1`,
  image: 'busybox',
  state: 'running',
  status: 'Up',
  ports: '',
  created: 1,
  compose: {project, service, configFiles: [], oneoff: false},
});

function twoEngines(): Controller {
  const c = new Controller('unix:///nowhere.sock', config, DEFAULT_VIEWS);
  c.store.set(state => ({
    ...state,
    engines: [
      {name: 'bench', connection: {status: 'connecting', target: 'tcp://127.0.0.1:2375'}},
      {name: 'second', connection: {status: 'connecting', target: 'unix:///second.sock'}},
    ],
    containers: {
      ...state.containers,
      loaded: true,
      items: [member('bench', 'shop', 'web'), member('second', 'blog', 'web'), member('second', 'shop', 'db')],
    },
  }));
  return c;
}

function filter(c: Controller, text: string): void {
  c.dispatch({type: 'filter.open'});
  c.dispatch({type: 'overlay.draft', draft: text});
  c.dispatch({type: 'overlay.submit'});
}

describe('picking the engine of a one-engine view', () => {
  test('the filter term: known, unknown, none, one engine', () => {
    expect(pickFromFilter('engine:b web', ['a', 'b'])).toEqual({engine: 'b', rest: 'web'});
    expect(pickFromFilter('web engine:c', ['a', 'b'])).toEqual({unknown: 'c', rest: 'web'});
    expect(pickFromFilter('web', ['a', 'b'])).toBeUndefined();
    expect(pickFromFilter('engine:a', [])).toBeUndefined();
    expect(shownEngine({engines: undefined}, 'a')).toBeUndefined();
    const two = {engines: [{name: 'a'}, {name: 'b'}]} as unknown as Parameters<typeof shownEngine>[0];
    expect(shownEngine(two, undefined)).toBe('a');
    expect(shownEngine(two, 'b')).toBe('b');
    expect(shownEngine(two, 'gone', () => 'b')).toBe('b');
    // An engine's name is untrusted text.
    expect(unknownEngineText('x\x1b]0;owned\x07', ['a'])).not.toContain('\x1b]');
  });

  test('view 3 shows the first engine, then the one /engine:NAME picks; an unknown name says which there are', () => {
    const c = twoEngines();
    c.dispatch({type: 'view.show', view: 'compose'});
    expect(shownComposeEngine(c.store.get())).toBe('bench');
    expect(projects(c.store.get()).map(p => p.name)).toEqual(['shop']);

    filter(c, 'engine:second');
    let state = c.store.get();
    expect(shownComposeEngine(state)).toBe('second');
    expect(state.compose.list.filter).toBe('');
    expect(projects(state).map(p => [p.name, p.containers.map(row => row.engine)])).toEqual([
      ['blog', ['second']],
      ['shop', ['second']],
    ]);

    // The rest of the filter stays and filters; an engine:NAME being typed hides nothing meanwhile.
    filter(c, 'engine:nowhere bl');
    state = c.store.get();
    expect(state.status).toMatchObject({kind: 'error'});
    expect(state.status?.text).toContain('no engine "nowhere" here: the engines are bench, second');
    expect(shownComposeEngine(state)).toBe('second');
    expect(state.compose.list.filter).toBe('bl');
    expect(visibleProjects(state).map(p => p.name)).toEqual(['blog']);
    c.dispatch({type: 'filter.open'});
    c.dispatch({type: 'overlay.draft', draft: 'engine:ben'});
    expect(visibleProjects(c.store.get()).map(p => p.name)).toEqual(['blog', 'shop']);
    c.dispatch({type: 'overlay.draft', draft: 'engine:bench'});
    c.dispatch({type: 'overlay.submit'});
    expect(shownComposeEngine(c.store.get())).toBe('bench');
    expect(projects(c.store.get()).map(p => p.containers[0]?.engine)).toEqual(['bench']);
    void c.close();
  });

  test('with one engine the filter is only a filter', () => {
    const c = new Controller('unix:///nowhere.sock', config, DEFAULT_VIEWS);
    c.dispatch({type: 'view.show', view: 'compose'});
    filter(c, 'engine:second');
    expect(c.store.get().compose.list.filter).toBe('engine:second');
    expect(shownComposeEngine(c.store.get())).toBeUndefined();
    void c.close();
  });
});

describe('view 6 with several engines', () => {
  const manager = {state: 'active', manager: true, nodeId: 'n1'};
  const loaded = (engine: string, name: string) =>
    ({
      type: 'swarm.loaded',
      engine,
      nodes: [],
      secrets: [],
      services: [{id: `${engine}-${name}`, name, image: 'busybox', shortId: 'abc'} as ServiceRow],
    }) as const;

  test('the first manager by default, else the first; /engine:NAME picks; rows of another engine never show', () => {
    const c = twoEngines();
    const shown = () => shownSwarmEngine(c.store.get());
    const names = () => c.store.get().swarm.services.map(service => service.name);
    expect(DEFAULT_VIEWS.byId('swarm')?.available?.(c.store.get())).toBe(false);
    // Neither known yet: the first; the second turns out a manager: it is shown, with its role.
    expect(shown()).toBe('bench');
    c.dispatch({type: 'swarm.role', engine: 'bench', role: {state: 'inactive', manager: false}});
    expect(shown()).toBe('bench');
    c.dispatch({type: 'swarm.role', engine: 'second', role: manager});
    expect(shown()).toBe('second');
    expect(c.store.get().swarm.role).toEqual(manager);
    expect(DEFAULT_VIEWS.byId('swarm')?.available?.(c.store.get())).toBe(true);

    // The rows of the engine shown are taken; a late answer of another engine is dropped.
    c.dispatch(loaded('second', 'web'));
    c.dispatch(loaded('bench', 'intruder'));
    expect(names()).toEqual(['web']);

    c.dispatch({type: 'view.show', view: 'swarm'});
    expect(c.store.get().view).toBe('swarm');
    filter(c, 'engine:bench we');
    let state = c.store.get();
    expect(shownSwarmEngine(state)).toBe('bench');
    // Switching drops the other engine's rows at once; the rest of the filter stays.
    expect(state.swarm.services).toEqual([]);
    expect(state.swarm.loaded).toBe(false);
    expect(state.swarm.role).toEqual({state: 'inactive', manager: false});
    expect(state.swarm.lists.services.filter).toBe('we');
    c.dispatch(loaded('second', 'web'));
    expect(names()).toEqual([]);

    // y: the commands name the engine shown.
    c.dispatch(loaded('bench', 'web2'));
    const menu = swarmCopy(
      c.store.get(),
      (words, engine) => `docker ${engine ? `--context ${engine} ` : ''}${words.join(' ')}`,
    );
    expect(menu?.items.find(item => item.action === 'copy.logsCommand')?.text).toBe(
      'docker --context bench service logs -f web2',
    );

    filter(c, 'engine:third');
    state = c.store.get();
    expect(state.status?.text).toContain('no engine "third" here: the engines are bench, second');
    expect(shownSwarmEngine(state)).toBe('bench');

    // The manager leaving its swarm: no engine is one, the swarm view goes.
    c.dispatch({type: 'swarm.role', engine: 'second', role: {state: 'inactive', manager: false}});
    expect(c.store.get().view).toBe('containers');
    void c.close();
  });

  test("with one engine the role is the engine's, as before", () => {
    const c = new Controller('unix:///nowhere.sock', config, DEFAULT_VIEWS);
    c.dispatch({type: 'swarm.role', role: manager});
    expect(shownSwarmEngine(c.store.get())).toBeUndefined();
    expect(DEFAULT_VIEWS.byId('swarm')?.available?.(c.store.get())).toBe(true);
    c.dispatch(loaded('x', 'other'));
    expect(c.store.get().swarm.services).toEqual([]);
    c.dispatch({type: 'swarm.loaded', nodes: [], secrets: [], services: [{id: 'a', name: 'web'} as ServiceRow]});
    expect(c.store.get().swarm.services.map(service => service.name)).toEqual(['web']);
    void c.close();
  });
});
