import {Box, Text} from 'ink';
import {sanitizeLine} from '../../text/sanitize.js';
import {helpLines} from '../help-lines.js';
import {useController, useStore} from '../hooks/use-controller.js';

// Every binding, the current view's first; scrolls with the movement keys and filters with /.
export function HelpOverlay({width, height}: {width: number; height: number}) {
  const {keymap, views} = useController();
  const overlay = useStore(state => (state.overlay?.kind === 'help' ? state.overlay : undefined));
  if (!overlay) return null;
  const lines = helpLines(keymap, views, overlay.scopes, overlay.query);
  const rows = Math.max(1, height - 1);
  const scroll = Math.min(overlay.scroll, Math.max(0, lines.length - rows));
  const shown = lines.slice(scroll, scroll + rows);
  const position =
    lines.length > rows ? ` · ${scroll + 1}–${scroll + shown.length} of ${lines.length} (↑↓ pgup pgdn g G)` : '';
  const filter = overlay.query ? ` · matching "${sanitizeLine(overlay.query)}"` : ' · / filters';
  return (
    <Box width={width} height={height} flexDirection="column" overflow="hidden">
      <Text bold inverse wrap="truncate-end">{` Keys (esc closes)${filter}${position} `}</Text>
      {shown.length ? null : <Text dimColor>{'  no key matches (esc clears the filter)'}</Text>}
      {shown.map((line, i) => (
        <Text key={i} bold={line.title} wrap="truncate-end">
          {line.text}
        </Text>
      ))}
    </Box>
  );
}
