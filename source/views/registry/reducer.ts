import {sortTags} from '../../registry/sort.js';
import type {Action} from '../../store/actions.js';
import {emptyList, makeMatcher, moveCursor, relocate} from '../../store/list.js';
import {memoLast} from '../../store/memo.js';
import type {AppState} from '../../store/state.js';
import {withFilter} from '../focused-list.js';
import type {FocusedList} from '../types.js';
import type {Column} from '../kit/columns.js';
import {sorter} from '../kit/sort.js';
import type {RegistryViewState} from './state.js';

const filteredRepos = memoLast((r: RegistryViewState) => {
  const match = makeMatcher(r.repoList.filter);
  return r.repoList.filter ? r.repositories.filter(match) : r.repositories;
});

const sortedTags = memoLast((r: RegistryViewState) => sortTags(r.tags, r.sort));
const filteredTags = memoLast((r: RegistryViewState) => {
  const sorted = sortedTags(r);
  const match = makeMatcher(r.tagList.filter);
  return r.tagList.filter ? sorted.filter(match) : sorted;
});

// Memoised on the registry state object, so React sees stable arrays between unrelated updates.
// Repositories come in the registry's order (by name); `o` may sort them the other way. Tags have their own o
// (newest version first / by name).
const NAME: readonly Column<string>[] = [{id: 'name', title: 'NAME', cell: name => name}];
const sortedRepos = sorter<string, undefined>();
export const visibleRepositories = (state: AppState): readonly string[] =>
  sortedRepos(filteredRepos(state.registry), NAME, state.sorts['registry.repositories'], undefined);
export const visibleTags = (state: AppState): readonly string[] => filteredTags(state.registry);

export function selectedRepository(state: AppState): string | undefined {
  return visibleRepositories(state)[state.registry.repoList.cursor];
}

export function selectedTag(state: AppState): string | undefined {
  return state.registry.level === 'tags' ? visibleTags(state)[state.registry.tagList.cursor] : undefined;
}

export const registryList = (state: AppState): FocusedList =>
  state.registry.level === 'repositories'
    ? {
        ids: visibleRepositories(state),
        list: state.registry.repoList,
        put: (s, repoList) => withRegistry(s, {repoList}),
      }
    : {ids: visibleTags(state), list: state.registry.tagList, put: (s, tagList) => withRegistry(s, {tagList})};

function withRegistry(state: AppState, patch: Partial<RegistryViewState>): AppState {
  return {...state, registry: {...state.registry, ...patch}};
}

export function reduceRegistry(state: AppState, action: Action): AppState {
  const r = state.registry;
  switch (action.type) {
    case 'registry.loading':
      return action.level === 'repositories'
        ? withRegistry(state, {
            repositories: [],
            repoStatus: 'loading',
            noCatalog: false,
            error: undefined,
            level: 'repositories',
            // A filter typed while the view opened applies to the rows as they come.
            repoList: {...emptyList(), filter: r.repoList.filter},
            detailsOpen: false,
          })
        : withRegistry(state, {
            repository: action.repository,
            tags: [],
            tagStatus: 'loading',
            error: undefined,
            level: 'tags',
            // The same repository read again (after t, d, C): the cursor stays on its tag, the filter stays.
            tagList:
              action.repository === r.repository && r.level === 'tags'
                ? {...emptyList(), selectedId: r.tagList.selectedId, chosen: r.tagList.chosen, filter: r.tagList.filter}
                : emptyList(),
            details: undefined,
            detailsOpen: false,
          });
    case 'registry.page': {
      if (action.level === 'repositories') {
        // concat, not a spread into a call: a page can hold hundreds of thousands of names.
        const next = withRegistry(state, {repositories: r.repositories.concat(action.items)});
        return state.view === 'registry' && r.level === 'repositories'
          ? withRegistry(next, {
              repoList: relocate(next.registry.repoList, visibleRepositories(next), state.viewportRows),
            })
          : next;
      }
      if (action.repository !== r.repository) return state;
      const next = withRegistry(state, {tags: r.tags.concat(action.items)});
      return withRegistry(next, {tagList: relocate(next.registry.tagList, visibleTags(next), state.viewportRows)});
    }
    case 'registry.loaded':
      if (action.level === 'tags' && action.repository !== r.repository) return state;
      return withRegistry(
        state,
        action.level === 'repositories'
          ? {repoStatus: action.status, error: action.error, noCatalog: action.noCatalog ?? false}
          : {tagStatus: action.status, error: action.error},
      );
    case 'registry.details':
      return withRegistry(state, {details: action.details});
    case 'registry.back': {
      const list = r.level === 'repositories' ? r.repoList : r.tagList;
      if (list.filter) return withFilter(state, registryList, '');
      if (r.detailsOpen) return withRegistry(state, {detailsOpen: false});
      if (r.level === 'tags') return withRegistry(state, {level: 'repositories', details: undefined});
      return state;
    }
    case 'registry.openDetails':
      return r.level === 'tags' && selectedTag(state) ? withRegistry(state, {detailsOpen: true}) : state;
    case 'registry.sort': {
      const tag = selectedTag(state);
      const next = withRegistry(state, {sort: r.sort === 'name' ? 'newest' : 'name'});
      const ids = visibleTags(next);
      const index = tag ? ids.indexOf(tag) : 0;
      return withRegistry(next, {
        tagList: moveCursor({...next.registry.tagList, selectedId: tag}, ids, Math.max(0, index), state.viewportRows),
      });
    }
    case 'registry.pullProgress':
      return withRegistry(state, {pull: action.pull});
    case 'registry.urls':
      return withRegistry(state, {urls: action.urls, current: action.current});
    case 'registry.retag':
    case 'registry.copyTo': {
      const tag = selectedTag(state);
      if (!tag || !r.repository) return state;
      const source = `${r.repository}:${tag}`;
      return {
        ...state,
        overlay:
          action.type === 'registry.retag'
            ? {kind: 'registryRetag', draft: '', source}
            : {kind: 'registryCopyTo', draft: source, source},
      };
    }
    case 'registry.addPrompt':
      return {...state, overlay: {kind: 'addRegistry', draft: 'https://'}};
  }
  return state;
}
