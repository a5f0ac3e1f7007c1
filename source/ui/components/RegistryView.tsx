import {Box, Text} from 'ink';
import {selectedTag, visibleRepositories, visibleTags} from '../../store/reduce-registry.js';
import type {RegistryViewState} from '../../store/registry-state.js';
import {useStore} from '../hooks/use-store.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {bytes, fit} from './format.js';

const STATUS: Record<RegistryViewState['repoStatus'], string> = {
  idle: '',
  loading: 'loading… (esc cancels)',
  done: '',
  cancelled: 'cancelled (ctrl-r reloads)',
  error: 'failed',
};

function NameList({width, height, names, cursor, scrollTop, title}: {width: number; height: number; names: readonly string[]; cursor: number; scrollTop: number; title: string}) {
  const rows = names.slice(scrollTop, scrollTop + Math.max(1, height - 1));
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold dimColor wrap="truncate-end">
        {` ${title}`}
      </Text>
      {rows.map((name, i) => (
        <Text key={name} inverse={scrollTop + i === cursor} wrap="truncate-end">
          {`${scrollTop + i === cursor ? '›' : ' '}${fit(sanitizeLine(name), width - 2)}`}
        </Text>
      ))}
    </Box>
  );
}

function Details({width, height}: {width: number; height: number}) {
  const registry = useStore(state => state.registry);
  const tag = useStore(selectedTag);
  const lines: {text: string; color?: string}[] = [];
  if (registry.level === 'repositories') {
    if (registry.noCatalog) lines.push({text: 'this registry does not list its repositories: press enter and type a name', color: 'yellow'});
    if (registry.error) lines.push({text: registry.error, color: registry.noCatalog ? undefined : 'red'});
    lines.push({text: 'enter: tags of the repository · / filter · + add a registry'});
  } else if (tag) {
    const details = registry.details;
    lines.push({text: `${registry.repository}:${tag}`});
    if (!details || (!details.data && !details.error)) lines.push({text: 'loading details…'});
    if (details?.error) lines.push({text: details.error, color: 'red'});
    const d = details?.data;
    if (d) {
      lines.push({text: `digest   ${d.digest}`});
      lines.push({text: `type     ${d.kind === 'index' ? 'multi-platform index' : 'image'} (${d.mediaType})`});
      if (d.size !== undefined) lines.push({text: `size     ${bytes(d.size)} (config + layers, compressed)`});
      if (d.created) lines.push({text: `created  ${d.created}`});
      lines.push({text: `platforms (${d.platforms.length})`});
      for (const p of d.platforms) {
        lines.push({text: `  ${p.platform.padEnd(16)} ${p.size !== undefined ? bytes(p.size).padStart(8) : ''}  ${p.created ?? ''}${p.error ? `  ${p.error}` : ''}`, color: p.error ? 'red' : undefined});
      }
    }
  }
  const pull = registry.pull;
  if (pull) {
    const barWidth = Math.max(10, Math.min(40, width - 30));
    const filled = Math.round(((pull.finished ? 100 : (pull.percent ?? 0)) / 100) * barWidth);
    lines.push({text: ''});
    lines.push({text: `pull ${pull.ref}`});
    lines.push({
      text: pull.error ? `failed: ${pull.error}` : `${'█'.repeat(filled)}${'░'.repeat(barWidth - filled)} ${pull.finished ? 'done' : `${pull.percent ?? 0}%`} · ${pull.done}/${pull.layers} layers`,
      color: pull.error ? 'red' : pull.finished ? 'green' : undefined,
    });
  }
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden" paddingLeft={1}>
      {lines.slice(0, height).map((line, i) => (
        <Text key={i} color={line.color} wrap={line.color ? 'wrap' : 'truncate-end'}>
          {sanitizeLine(line.text) || ' '}
        </Text>
      ))}
    </Box>
  );
}

// View 4: repositories → tags → details of the focused tag, pages shown as they arrive.
export function RegistryView({width, height}: {width: number; height: number}) {
  const registry = useStore(state => state.registry);
  const repos = useStore(visibleRepositories);
  const tags = useStore(visibleTags);
  const url = registry.urls[registry.current];
  if (!url) {
    return (
      <Box flexDirection="column" width={width} height={height} paddingLeft={1}>
        <Text>No registry configured.</Text>
        <Text>Press + to add one (https://host:port), or start berth with --registry URL or BERTH_REGISTRY.</Text>
      </Box>
    );
  }
  const wide = width >= 100;
  const listWidth = wide ? Math.floor(width * 0.4) : width;
  const listHeight = wide ? height : Math.max(3, Math.floor(height * 0.5));
  const error = registry.error && registry.level === 'tags' ? ` · ${registry.error}` : '';
  const title =
    registry.level === 'repositories'
      ? `${url} · ${registry.repositories.length.toLocaleString('en-US')} repositories${repos.length !== registry.repositories.length ? ` (${repos.length} shown)` : ''} ${STATUS[registry.repoStatus]}${error}`
      : `${registry.repository} · ${registry.tags.length.toLocaleString('en-US')} tags · ${registry.sort === 'newest' ? 'newest version first' : 'by name'} ${STATUS[registry.tagStatus]}${error}`;
  const list =
    registry.level === 'repositories' ? (
      <NameList width={listWidth} height={listHeight} names={repos} cursor={registry.repoList.cursor} scrollTop={registry.repoList.scrollTop} title={sanitizeLine(title)} />
    ) : (
      <NameList width={listWidth} height={listHeight} names={tags} cursor={registry.tagList.cursor} scrollTop={registry.tagList.scrollTop} title={sanitizeLine(title)} />
    );
  return (
    <Box flexDirection={wide ? 'row' : 'column'} width={width} height={height} overflow="hidden">
      {list}
      <Details width={wide ? width - listWidth : width} height={wide ? height : height - listHeight} />
    </Box>
  );
}
