import {Box, Text} from 'ink';
import {useEffect, useState} from 'react';
import {useStore} from '../hooks/use-controller.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {useTheme} from '../../views/use-theme.js';
import {wrapWords} from '../../text/wrap-words.js';

// While the engine is unreachable: when berth tries again, then the reason, on up to three rows indented like the
// rest of the screen (the countdown first, so a narrow terminal never loses it).
const MOST_ROWS = 3;
export function bannerLines(reason: string, seconds: number, width: number): string[] {
  const retry = seconds > 0 ? `retrying in ${seconds}s (ctrl-r now)` : 'retrying now';
  return wrapWords(`${retry} · ${sanitizeLine(reason)}`, width - 2, MOST_ROWS).map(line => ` ${line}`);
}

// How many rows the banner takes for this reason (the countdown at its widest, so the screen does not jump).
export const bannerRows = (reason: string, width: number) => bannerLines(reason, 99, width).length;

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
  const lines = bannerLines(connection.reason, seconds, width);
  return (
    <Box width={width} height={bannerRows(connection.reason, width)} flexDirection="column" overflow="hidden">
      {lines.map((line, i) => (
        <Text key={i} {...theme.alert} wrap="truncate-end">
          {line}
        </Text>
      ))}
    </Box>
  );
}
