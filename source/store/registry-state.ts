import type {TagDetails} from '../registry/index.js';
import {emptyList, type ListState} from './state.js';

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
  pull?: {ref: string; percent?: number; layers: number; done: number; finished?: boolean; error?: string};
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
