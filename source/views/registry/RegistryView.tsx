import {Box, Text} from 'ink';
import {sanitizeLine} from '../../text/sanitize.js';
import {useStore} from '../use-store.js';
import {ListTable} from '../kit/ListBody.js';
import {selectedTag} from './reducer.js';
import {detailRows} from './details-lines.js';
import {registryLayout} from './layout.js';
import {keptColours, useTheme} from '../use-theme.js';
import {repositoriesTable, tagsTable} from './tables.js';

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
  const list =
    registry.level === 'repositories' ? (
      <ListTable table={repositoriesTable} width={listWidth} height={listHeight} />
    ) : (
      <ListTable table={tagsTable} width={listWidth} height={listHeight} />
    );
  return (
    <Box flexDirection={wide ? 'row' : 'column'} width={width} height={height} overflow="hidden">
      {list}
      <Details width={wide ? width - listWidth : width} height={wide ? height : height - listHeight} />
    </Box>
  );
}
