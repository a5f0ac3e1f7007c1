import type {TagDetails} from '../../registry/index.js';
import {emptyList, type ListState} from '../../store/list.js';
import type {NoFields} from '../../store/state.js';

export type LoadStatus = 'idle' | 'loading' | 'done' | 'cancelled' | 'error';

export type RegistryViewState = {
  urls: readonly string[];
  current: number;
  level: 'repositories' | 'tags';
  repositories: readonly string[];
  repoList: ListState;
  repoStatus: LoadStatus;
  // The registry answered 401/404 on _catalog (Docker Hub, GHCR): the user types repository names.
  noCatalog: boolean;
  repository?: string;
  tags: readonly string[];
  tagList: ListState;
  tagStatus: LoadStatus;
  sort: 'name' | 'newest';
  error?: string;
  details?: {key: string; data?: TagDetails; error?: string};
  detailsOpen: boolean;
  // pulled/present/bytes: layers fetched, layers the engine had, bytes fetched (for the result line).
  pull?: {
    ref: string;
    percent?: number;
    layers: number;
    done: number;
    finished?: boolean;
    error?: string;
    pulled?: number;
    present?: number;
    bytes?: number;
  };
};

export function initialRegistryState(urls: readonly string[]): RegistryViewState {
  return {
    urls,
    current: 0,
    level: 'repositories',
    repositories: [],
    repoList: emptyList(),
    repoStatus: 'idle',
    noCatalog: false,
    tags: [],
    tagList: emptyList(),
    tagStatus: 'idle',
    sort: 'newest',
    detailsOpen: false,
  };
}

declare module '../../store/state.js' {
  interface ViewSlices {
    registry: RegistryViewState;
  }
  interface ViewOverlays {
    repository: {draft: string; cursor?: number};
    addRegistry: {draft: string; cursor?: number};
    // t and C on a tag: the new tag, the destination reference; `source` is the tag they start from (repo:tag).
    registryRetag: {draft: string; cursor?: number; source: string};
    registryCopyTo: {draft: string; cursor?: number; source: string};
  }
}

declare module '../../store/actions.js' {
  interface ActionMap {
    'view.registry': NoFields;
    'registry.enter': NoFields;
    'registry.back': NoFields;
    'registry.pull': NoFields;
    'registry.layers': NoFields;
    'registry.delete': NoFields;
    'registry.retag': NoFields;
    'registry.copyTo': NoFields;
    'registry.sort': NoFields;
    'registry.add': NoFields;
    'registry.next': NoFields;
    'registry.loading': {level: 'repositories' | 'tags'; repository?: string};
    'registry.page': {level: 'repositories' | 'tags'; items: readonly string[]; repository?: string};
    'registry.loaded': {
      level: 'repositories' | 'tags';
      status: LoadStatus;
      error?: string;
      noCatalog?: boolean;
      repository?: string;
    };
    'registry.details': {details: RegistryViewState['details']};
    'registry.openDetails': NoFields;
    'registry.addPrompt': NoFields;
    'registry.pullProgress': {pull: RegistryViewState['pull']};
    'registry.urls': {urls: readonly string[]; current: number};
  }
}
