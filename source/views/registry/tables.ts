import {counted} from '../../text/plural.js';
import {memoLast} from '../../store/memo.js';
import type {AppState} from '../../store/state.js';
import type {Column} from '../kit/columns.js';
import {listMessage, type Noun} from '../kit/messages.js';
import {table} from '../kit/table.js';
import {visibleRepositories, visibleTags} from './reducer.js';
import type {RegistryViewState} from './state.js';

// A repository or a tag: the registry lists names only (details of a tag are read when it is selected).
type Name = {name: string};

const named = () => memoLast((names: readonly string[]): readonly Name[] => names.map(name => ({name})));
const repositoryRows = named();
const tagRows = named();

const STATUS: Record<RegistryViewState['repoStatus'], string> = {
  idle: '',
  loading: 'loading… (esc cancels)',
  done: '',
  cancelled: 'cancelled (ctrl-r reloads)',
  error: 'stopped',
};

const messages = memoLast((noun: Noun, total: number, status: RegistryViewState['repoStatus'], shown: number) =>
  // Not the engine's: a registry away is the list's own error.
  listMessage(noun, {loaded: total > 0 || (status !== 'idle' && status !== 'loading'), total, shown}),
);

const REPOSITORY: Noun = {one: 'repository', many: 'repositories'};
const TAG: Noun = {one: 'tag', many: 'tags'};
const NAME_COLUMN: readonly Column<Name>[] = [{id: 'name', title: 'NAME', cell: row => row.name, required: true}];

const url = (state: AppState) => state.registry.urls[state.registry.current] ?? '';
const error = (r: RegistryViewState) => (r.error && r.level === 'tags' ? ` · ${r.error}` : '');

// The registry's repositories (pages shown as they arrive), headed by where they come from and how many.
export const repositoriesTable = table<Name>({
  id: 'registry.repositories',
  rows: state => repositoryRows(visibleRepositories(state)),
  columns: () => NAME_COLUMN,
  list: state => state.registry.repoList,
  key: row => row.name,
  message: state =>
    messages(
      REPOSITORY,
      state.registry.repositories.length,
      state.registry.repoStatus,
      visibleRepositories(state).length,
    ),
  caption: state => {
    const r = state.registry;
    const shown = visibleRepositories(state).length;
    return `${url(state)} · ${counted(r.repositories.length, 'repository', 'repositories')}${shown !== r.repositories.length ? ` (${shown} shown)` : ''} ${STATUS[r.repoStatus]}${error(r)}`;
  },
});

// One repository's tags, newest version first or by name (`o`).
export const tagsTable = table<Name>({
  id: 'registry.tags',
  rows: state => tagRows(visibleTags(state)),
  columns: () => NAME_COLUMN,
  list: state => state.registry.tagList,
  key: row => row.name,
  message: state => messages(TAG, state.registry.tags.length, state.registry.tagStatus, visibleTags(state).length),
  caption: state => {
    const r = state.registry;
    return `${r.repository ?? ''} · ${counted(r.tags.length, 'tag')} · ${r.sort === 'newest' ? 'newest version first' : 'by name'} ${STATUS[r.tagStatus]}${error(r)}`;
  },
});

export const registryTable = (state: AppState) =>
  state.registry.level === 'repositories' ? repositoriesTable : tagsTable;
