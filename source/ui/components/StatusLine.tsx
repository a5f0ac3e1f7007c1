import {Box, Text} from 'ink';
import {useStore} from '../hooks/use-store.js';
import {sanitizeLine} from '../../text/sanitize.js';

export function StatusLine({width}: {width: number}) {
  const status = useStore(state => state.status);
  const overlay = useStore(state => state.overlay);
  if (overlay && 'draft' in overlay) return null;
  return (
    <Box width={width} height={1} overflow="hidden">
      <Text color={status?.kind === 'error' ? 'red' : undefined} wrap="truncate-end">
        {status ? ` ${sanitizeLine(status.text)}` : ' '}
      </Text>
    </Box>
  );
}
