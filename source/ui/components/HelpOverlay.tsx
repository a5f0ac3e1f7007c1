import {Text} from 'ink';
import {sanitizeLine} from '../../text/sanitize.js';
import {contentRows, OverlayBox} from '../../views/OverlayBox.js';
import {helpLines} from '../help-lines.js';
import {useController, useStore} from '../hooks/use-controller.js';
import {useTheme} from '../../views/use-theme.js';

// Every binding, the current view's (or dialog's) first; scrolls with the movement keys and filters with /.
export function HelpOverlay({width, height}: {width: number; height: number}) {
  const {keymap, views} = useController();
  const overlay = useStore(state => (state.overlay?.kind === 'help' ? state.overlay : undefined));
  const theme = useTheme();
  if (!overlay) return null;
  const lines = helpLines(keymap, views, overlay.scopes, overlay.query);
  const rows = contentRows(height);
  const scroll = Math.min(overlay.scroll, Math.max(0, lines.length - rows));
  const shown = lines.slice(scroll, scroll + rows);
  const position =
    lines.length > rows ? ` · ${scroll + 1}–${scroll + shown.length} of ${lines.length} (↑↓ pgup pgdn g G)` : '';
  const filter = overlay.query ? ` · matching "${sanitizeLine(overlay.query)}"` : ' · / filters';
  return (
    <OverlayBox width={width} height={height} title={`Keys${filter}${position}`}>
      {shown.length ? null : <Text {...theme.muted}>{'  no key matches (esc clears the filter)'}</Text>}
      {shown.map((line, i) => (
        <Text key={i} bold={line.title} wrap="truncate-end">
          {line.text}
        </Text>
      ))}
    </OverlayBox>
  );
}
