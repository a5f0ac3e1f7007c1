import {Box, Text} from 'ink';
import {selectedContainer} from '../../store/selectors.js';
import {useStore} from '../hooks/use-store.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {age} from './format.js';

// The selected container at a glance; the log pane takes this place once it is open.
export function ContainerDetail({width, height}: {width: number; height: number}) {
  const row = useStore(selectedContainer);
  if (!row) return <Box width={width} height={height} />;
  const lines: [string, string][] = [
    ['name', row.name],
    ['id', row.id.slice(0, 12)],
    ['image', row.image],
    ['state', row.state],
    ['status', row.status],
    ['ports', row.ports || '-'],
    ['created', `${age(row.created)} ago`],
  ];
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden" paddingLeft={1}>
      {lines.map(([label, value]) => (
        <Text key={label} wrap="truncate-end">
          <Text dimColor>{label.padEnd(8)}</Text>
          {sanitizeLine(value)}
        </Text>
      ))}
    </Box>
  );
}
