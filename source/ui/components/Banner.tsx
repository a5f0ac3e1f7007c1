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
  const retryAt = down ? connection.retryAt : 0;
  useEffect(() => {
    if (!down) return;
    // The clock is read again as soon as the retry time changes, not only at the next tick.
    const first = setTimeout(() => setNow(Date.now()), 0);
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [down, retryAt]);
  if (connection.status === 'connecting') {
    return (
      <Box width={width} height={1}>
        <Text {...theme.warning} wrap="truncate-end">{` connecting to ${sanitizeLine(connection.target)}…`}</Text>
      </Box>
    );
  }
  if (connection.status !== 'down') return null;
  // At 0 the retry is under way (a silent engine takes up to its first-byte limit to fail again).
  const seconds = Math.max(0, Math.ceil((connection.retryAt - now) / 1000));
  return (
    <Box width={width} height={2} overflow="hidden">
      <Text {...theme.alert} wrap="wrap">
        {` ${sanitizeLine(connection.reason)} · ${seconds > 0 ? `retrying in ${seconds}s (ctrl-r now)` : 'retrying now'} `}
      </Text>
    </Box>
  );
}
