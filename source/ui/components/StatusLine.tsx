import {Box, Text} from 'ink';
import {useStore} from '../hooks/use-controller.js';
import {sanitizeLine} from '../../text/sanitize.js';

// Errors get a second row when they need it, so the reason and the fix are not cut off.
export const statusRows = (text: string | undefined, kind: string | undefined, width: number) =>
  kind === 'error' && text && text.length + 1 > width ? 2 : 1;

export function StatusLine({width}: {width: number}) {
  const status = useStore(state => state.status);
  const overlay = useStore(state => state.overlay);
  if (overlay && 'draft' in overlay) return null;
  return (
    <Box width={width} height={statusRows(status?.text, status?.kind, width)} overflow="hidden">
      <Text
        color={status?.kind === 'error' ? 'red' : undefined}
        wrap={status?.kind === 'error' ? 'wrap' : 'truncate-end'}
      >
        {status ? ` ${sanitizeLine(status.text)}` : ' '}
      </Text>
    </Box>
  );
}
