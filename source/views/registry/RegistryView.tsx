import {Box, Text} from 'ink';
import {fit} from '../../text/format.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {useStore} from '../use-store.js';
import {GLYPH} from '../kit/glyphs.js';
import {ListStatus} from '../kit/ListBody.js';
import {selectedTag, visibleRepositories, visibleTags} from './reducer.js';
import type {RegistryViewState} from './state.js';
import {detailRows} from './details-lines.js';
import {registryLayout} from './layout.js';
import {groupDigits} from '../../text/compare.js';
import {keptColours, useTheme} from '../use-theme.js';

const STATUS: Record<RegistryViewState['repoStatus'], string> = {
  idle: '',
  loading: 'loading… (esc cancels)',
  done: '',
  cancelled: 'cancelled (ctrl-r reloads)',
  error: 'stopped',
};

function NameList({
  width,
  height,
  names,
  cursor,
  scrollTop,
  title,
  noun,
  total,
  status,
}: {
  width: number;
  height: number;
  names: readonly string[];
  cursor: number;
  scrollTop: number;
  title: string;
  noun: {one: string; many: string};
  total: number;
  status: RegistryViewState['repoStatus'];
}) {
  const theme = useTheme();
  const rows = names.slice(scrollTop, scrollTop + Math.max(1, height - 1));
  const loaded = total > 0 || (status !== 'idle' && status !== 'loading');
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold {...theme.columnHeader} wrap="truncate-end">
        {` ${title}`}
      </Text>
      <ListStatus noun={noun} loaded={loaded} total={total} shown={names.length} fromEngine={false} />
      {rows.map((name, i) => (
        <Text key={name} {...(scrollTop + i === cursor ? theme.selection : undefined)} wrap="truncate-end">
          {`${scrollTop + i === cursor ? GLYPH.cursor : GLYPH.blank}${fit(sanitizeLine(name), width - 2)}`}
        </Text>
      ))}
    </Box>
  );
}

function Details({width, height}: {width: number; height: number}) {
  const theme = useTheme();
  const registry = useStore(state => state.registry);
  const tag = useStore(selectedTag);
  const lines = detailRows(registry, tag, width - 1);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden" paddingLeft={1}>
      {lines.slice(0, height).map((line, i) => (
        <Text key={i} {...(line.role && theme[line.role])} wrap="truncate-end">
          {keptColours(theme, sanitizeLine(line.text)) || ' '}
        </Text>
      ))}
    </Box>
  );
}

// The registry view: repositories → tags → details of the focused tag, pages shown as they arrive.
export function RegistryView({width, height}: {width: number; height: number}) {
  const registry = useStore(state => state.registry);
  const repos = useStore(visibleRepositories);
  const tags = useStore(visibleTags);
  const tag = useStore(selectedTag);
  const url = registry.urls[registry.current];
  if (!url) {
    return (
      <Box flexDirection="column" width={width} height={height} paddingLeft={1}>
        <Text>No registry configured.</Text>
        <Text>Press + to add one (https://host:port), or start berth with --registry URL or BERTH_REGISTRY.</Text>
      </Box>
    );
  }
  const {wide, listWidth, listHeight} = registryLayout({width, height}, detailRows(registry, tag, width - 1).length);
  const error = registry.error && registry.level === 'tags' ? ` · ${registry.error}` : '';
  const title =
    registry.level === 'repositories'
      ? `${url} · ${groupDigits(registry.repositories.length)} repositories${repos.length !== registry.repositories.length ? ` (${repos.length} shown)` : ''} ${STATUS[registry.repoStatus]}${error}`
      : `${registry.repository} · ${groupDigits(registry.tags.length)} tags · ${registry.sort === 'newest' ? 'newest version first' : 'by name'} ${STATUS[registry.tagStatus]}${error}`;
  const level =
    registry.level === 'repositories'
      ? {
          names: repos,
          noun: {one: 'repository', many: 'repositories'},
          total: registry.repositories.length,
          status: registry.repoStatus,
          list: registry.repoList,
        }
      : {
          names: tags,
          noun: {one: 'tag', many: 'tags'},
          total: registry.tags.length,
          status: registry.tagStatus,
          list: registry.tagList,
        };
  const list = (
    <NameList
      width={listWidth}
      height={listHeight}
      names={level.names}
      noun={level.noun}
      total={level.total}
      status={level.status}
      cursor={level.list.cursor}
      scrollTop={level.list.scrollTop}
      title={sanitizeLine(title)}
    />
  );
  return (
    <Box flexDirection={wide ? 'row' : 'column'} width={width} height={height} overflow="hidden">
      {list}
      <Details width={wide ? width - listWidth : width} height={wide ? height : height - listHeight} />
    </Box>
  );
}
