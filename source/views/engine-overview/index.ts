import {oneArg} from '../command-line.js';
import {loadEngineDisks} from './engines-table.js';
import type {Binding, CommandSpec, ViewModule} from '../types.js';
import {contextNames, openContexts, switchContext} from './contexts.js';
import {ContextsOverlay} from './ContextsOverlay.js';
import {EngineView} from './EngineView.js';
import {loadEngineFacts} from './load.js';
import {initialEngineView} from './state.js';

const BINDINGS: readonly Binding[] = [
  {scope: 'engine', keys: ['c'], action: 'engine.contexts', help: 'switch docker context', footer: 'switch context'},
  {
    scope: 'engine',
    keys: ['p'],
    action: 'engine.prune',
    help: 'system prune (preview; a: all unused images, v: volumes)',
    footer: 'system prune',
    changes: true,
  },
  {scope: 'contexts', keys: ['enter'], action: 'overlay.submit', help: 'switch to the selected context', footer: true},
];

const COMMANDS: readonly CommandSpec[] = [
  {
    name: 'context',
    usage: ':context [NAME] (no name: the list)',
    run(services, args) {
      if (args.length === 0) openContexts(services);
      else void switchContext(services, oneArg(args, 'give one context name'));
      return undefined;
    },
    // The docker contexts by name (tab completed container names).
    complete: (_state, index) => (index === 0 ? contextNames() : []),
  },
];

// The engine view: the engine itself, and switching engines through docker contexts.
export const engineOverview: ViewModule = {
  id: 'engine',
  key: '5',
  title: 'Engine',
  scopeTitles: {engine: 'Engine', contexts: 'Docker contexts (c)'},
  engineBound: true,
  initial: () => ({engine: initialEngineView()}),
  reduce(state, action) {
    switch (action.type) {
      case 'engine.version':
        return {...state, engine: {...state.engine, version: action.version}};
      case 'engine.disk':
        return {
          ...state,
          engine: {
            ...state.engine,
            disks: {...state.engine.disks, [action.name]: {disk: action.disk, error: action.error}},
          },
        };
      case 'engine.loading':
        return {...state, engine: {...state.engine, loading: true}};
      case 'engine.loaded':
        return {
          ...state,
          engine: {
            ...state.engine,
            loading: false,
            info: action.info,
            disk: action.disk,
            hygiene: action.hygiene,
            errors: action.errors,
          },
        };
    }
    // No list here: the movement keys scroll the page.
    if (state.view !== 'engine' || state.overlay || !action.type.startsWith('cursor.')) return state;
    const by: Record<string, (scroll: number) => number> = {
      'cursor.up': s => s - 1,
      'cursor.down': s => s + 1,
      'cursor.pageUp': s => s - state.viewportRows,
      'cursor.pageDown': s => s + state.viewportRows,
      'cursor.home': () => 0,
      'cursor.end': s => s + 1000,
    };
    const scroll = Math.max(0, Math.min(2000, by[action.type]?.(state.engine.scroll) ?? state.engine.scroll));
    return scroll === state.engine.scroll ? state : {...state, engine: {...state.engine, scroll}};
  },
  effect(services, action, before, after) {
    if (action.type === 'engine.contexts') openContexts(services);
    // The system prune preview the images view owns: stopped containers, unused networks, dangling images, build cache.
    if (action.type === 'engine.prune')
      services.dispatch({type: 'imagePrune.open', scope: {kind: 'system', all: false, volumes: false}});
    // The version comes with the connection; it is read again when the view opens or ctrl-r asks.
    const version = services.engine()?.client?.version;
    const opened = before.view !== 'engine' && after.view === 'engine';
    const reload =
      opened ||
      (action.type === 'refresh' && after.view === 'engine') ||
      (action.type === 'connection' && after.view === 'engine' && action.connection.status === 'connected');
    if (version && after.engine.version !== version && (reload || action.type === 'connection'))
      services.dispatch({type: 'engine.version', version});
    if (reload) loadEngineFacts(services);
    if (reload) loadEngineDisks(services);
  },
  bindings: BINDINGS,
  commands: COMMANDS,
  overlays: {
    contexts: {
      Component: ContextsOverlay,
      scopes: ['contexts', 'dialog', 'move'],
      rows: overlay => (overlay.kind === 'contexts' ? overlay.items.length : 0),
      height: overlay => (overlay.kind === 'contexts' ? 2 + overlay.items.length : 1),
      submit(services, overlay) {
        if (overlay.kind !== 'contexts') return undefined;
        const row = overlay.items[overlay.scroll];
        if (!row) return undefined;
        if (row.current) services.status(`berth already shows context ${row.name}: ${row.host}`);
        else void switchContext(services, row.name);
        return undefined;
      },
    },
  },
  Body: EngineView,
  scopes: () => ['engine', 'move', 'global'],
};
