import {Box, Text} from 'ink';
import {useStore} from '../hooks/use-store.js';
import {sanitizeLine} from '../../text/sanitize.js';

// One line: where berth is connected and what it found there.
export function Header({width}: {width: number}) {
  const connection = useStore(state => state.connection);
  const registry = useStore(state => state.registry.urls[state.registry.current]);
  const parts: string[] = [`engine ${connection.target}`];
  if ('tls' in connection && connection.tls) parts[0] += ` ${connection.tls}`;
  if ('engine' in connection && connection.engine) parts.push(`Docker ${connection.engine} API ${connection.api}`);
  if ('os' in connection && connection.os) parts.push(connection.os);
  if ('context' in connection && connection.context && connection.context !== 'default') parts.push(`context ${connection.context}`);
  if (registry) parts.push(`registry ${registry}`);
  const unencrypted = 'unencrypted' in connection && connection.unencrypted;
  const text = sanitizeLine(` berth ─ ${parts.join(' · ')}`);
  return (
    <Box width={width} height={1} overflow="hidden">
      <Text bold wrap="truncate-end">
        {text}
      </Text>
      {unencrypted ? (
        <Text backgroundColor="red" color="white" bold>
          {' UNENCRYPTED '}
        </Text>
      ) : null}
    </Box>
  );
}
