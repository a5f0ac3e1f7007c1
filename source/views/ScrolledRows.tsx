import {Box, Text} from 'ink';
import {useEffect, type ReactNode} from 'react';
import {scrollHint, scrollWindow} from './scroll-window.js';
import {useKeymap, useServices, useStore} from './use-store.js';
import {useTheme} from './use-theme.js';

// The scrolled rows of an overlay in `room` rows, with a row saying what is hidden above and below when they do
// not all fit. It tells the reducer how far the overlay may scroll and how many rows a page is (`overlay.reach`)
// as drawn, so G stops with the last row at the bottom, the next ↑ moves at once and pgdn skips no row.
export function ScrolledRows({
  total,
  room,
  scroll,
  row,
}: {
  total: number;
  room: number;
  scroll: number;
  row: (index: number) => ReactNode;
}) {
  const services = useServices();
  const keymap = useKeymap();
  const theme = useTheme();
  const shown = scrollWindow(total, room, scroll);
  const reported = useStore(state => (state.overlay && 'reach' in state.overlay ? state.overlay.reach : undefined));
  const page = Math.max(1, shown.count);
  useEffect(() => {
    if (reported?.most !== shown.reach || reported.page !== page)
      services.dispatch({type: 'overlay.reach', reach: {most: shown.reach, page}});
  }, [services, reported, shown.reach, page]);
  return (
    <>
      {Array.from({length: shown.count}, (_, i) => (
        <Box key={shown.top + i} flexShrink={0} height={1} overflow="hidden">
          {row(shown.top + i)}
        </Box>
      ))}
      {shown.reach ? (
        <Text {...theme.muted} wrap="truncate-end">
          {scrollHint(shown, keymap)}
        </Text>
      ) : null}
    </>
  );
}
