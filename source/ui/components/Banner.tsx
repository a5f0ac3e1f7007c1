import {Box, Text} from 'ink';
import {useEffect, useState} from 'react';
import {useStore} from '../hooks/use-controller.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {useTheme} from '../../views/use-theme.js';

// A red line while the engine is unreachable: the reason and when berth tries again.
export function Banner({width}: {width: number}) {
  const connection = useStore(state => state.connection);
  const theme = useTheme();
  const [now, setNow] = useState(Date.now);
  const down = connection.status === 'down';
  useEffect(() => {
    if (!down) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [down]);
  if (connection.status === 'connecting') {
    return (
      <Box width={width} height={1}>
        <Text {...theme.warning} wrap="truncate-end">{` connecting to ${sanitizeLine(connection.target)}…`}</Text>
      </Box>
    );
  }
  if (connection.status !== 'down') return null;
  const seconds = Math.max(0, Math.ceil((connection.retryAt - now) / 1000));
  return (
    <Box width={width} height={2} overflow="hidden">
      <Text {...theme.alert} wrap="wrap">
        {` ${sanitizeLine(connection.reason)} · retrying in ${seconds}s (ctrl-r now) `}
      </Text>
    </Box>
  );
}
