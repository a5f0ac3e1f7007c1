import type {Overlay} from '../../store/state.js';
import type {Services, ViewModule} from '../types.js';
import {perApp} from '../kit/runtime.js';
import {REGISTRY_BINDINGS} from './keys.js';
import {registryLayout} from './layout.js';
import {registryTable} from './tables.js';
import {detailRows} from './details-lines.js';
import {reduceRegistry, registryList, selectedTag} from './reducer.js';
import {RegistryView} from './RegistryView.js';
import {registryMouseAreas} from './mouse.js';
import {initialRegistryState} from './state.js';
import {registryCopy} from './copy.js';
import {sanitizeLine} from '../../text/sanitize.js';

// The registry client (undici and friends) loads on first use: most sessions never open the registry view. The module
// system keeps the loaded module; each app notes whether it asked for it, so quitting loads nothing.
const used = perApp(() => ({effects: undefined as Promise<typeof import('./effects.js')> | undefined}));
const loadEffects = (services: Services) => (used(services).effects ??= import('./effects.js'));
// Keys typed after one whose effect is still loading wait for it (enter then p: p is for the tags enter lists).
const later = (services: Services, run: (module: typeof import('./effects.js')) => unknown): undefined => {
  const work = loadEffects(services)
    .then(run)
    .catch(error => services.status(`registry: ${String(error)}`, 'error'));
  services.holdKeys('the registry client', work);
  return undefined;
};
const draftOf = (overlay: Overlay) => ('draft' in overlay ? (overlay.draft ?? '') : '');
const sourceOf = (overlay: Overlay) => ('source' in overlay ? sanitizeLine(overlay.source) : '');

// The registry view: a registry's repositories → tags → the focused tag's details; pull into the engine.
export const registry: ViewModule = {
  copyItems: registryCopy,
  id: 'registry',
  key: '4',
  title: 'Registry',
  scopeTitles: {
    registry: 'Registry',
    registryList: "Registry: repositories and a repository's tags",
    registryTags: "Registry: a repository's tags",
  },
  scopes: state =>
    !state.registry.urls[state.registry.current]
      ? ['registry', 'global']
      : state.registry.level === 'tags'
        ? ['registryTags', 'registryList', 'registry', 'list', 'move', 'global']
        : ['registryList', 'registry', 'list', 'move', 'global'],
  initial: config => ({registry: initialRegistryState(config.registries)}),
  ready: state => {
    const r = state.registry;
    if (!r.urls.length) return true;
    if (r.level === 'tags') return r.tagStatus !== 'loading' || `the tags of ${r.repository ?? 'the repository'}`;
    return (r.repoStatus !== 'idle' && r.repoStatus !== 'loading') || 'the repository list';
  },
  reduce: reduceRegistry,
  effect(services, action, before, after) {
    if (after.view === 'registry') later(services, module => module.registryEffect(services, action, before, after));
  },
  bindings: REGISTRY_BINDINGS,
  overlays: {
    repository: {
      label: ' repository: ',
      scopes: ['prompt'],
      submit: (services, overlay) => later(services, module => module.openRepository(services, draftOf(overlay))),
    },
    addRegistry: {
      label: ' add registry: ',
      scopes: ['prompt'],
      submit: (services, overlay) => later(services, module => module.addRegistry(services, draftOf(overlay))),
    },
    registryRetag: {
      label: overlay => ` tag ${sourceOf(overlay)} as: `,
      scopes: ['prompt'],
      submit: (services, overlay) => later(services, module => module.retagTo(services, draftOf(overlay))),
    },
    registryCopyTo: {
      label: overlay => ` copy ${sourceOf(overlay)} to [host:port/]repo[:tag]: `,
      scopes: ['prompt'],
      submit: (services, overlay) => later(services, module => module.copyTo(services, draftOf(overlay))),
    },
  },
  confirmed: (services, confirm) => later(services, module => module.registryConfirmed(services, confirm)),
  list: registryList,
  // The tags' o is their own (newest version / name): only the repositories take the menu.
  table: state => (state.registry.level === 'repositories' ? registryTable(state) : undefined),
  Body: RegistryView,
  mouseAreas: registryMouseAreas,
  listRows: (state, body) =>
    registryTable(state).rowsOnScreen(
      state,
      registryLayout(body, detailRows(state.registry, selectedTag(state), body.width - 1).length).listHeight,
    ),
  headerParts: state => {
    const url = state.registry.urls[state.registry.current];
    return url ? [`registry ${url}`] : [];
  },
  close: services => void used(services).effects?.then(module => module.closeRegistryClients(services)),
};
