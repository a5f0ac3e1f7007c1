import {GLYPH} from '../kit/glyphs.js';
import {Box, Text} from 'ink';
import {sanitizeLine} from '../../text/sanitize.js';
import {useStore} from '../use-store.js';

// c in view 5, or :context without a name: the docker contexts; enter switches in place.
export function ContextsOverlay({width, height}: {width: number; height: number}) {
  const overlay = useStore(state => (state.overlay?.kind === 'contexts' ? state.overlay : undefined));
  if (!overlay) return null;
  const rows = Math.max(1, height - 2);
  const top = Math.max(0, Math.min(overlay.scroll - rows + 1, overlay.items.length - rows));
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold inverse wrap="truncate-end">
        {' docker contexts · enter switches · esc closes '}
      </Text>
      {overlay.items.slice(Math.max(0, top), Math.max(0, top) + rows).map((row, i) => {
        const index = Math.max(0, top) + i;
        return (
          <Text key={row.name} inverse={index === overlay.scroll} wrap="truncate-end">
            {`${index === overlay.scroll ? GLYPH.cursor : GLYPH.blank}${row.current ? GLYPH.mark : GLYPH.blank} ${sanitizeLine(row.name).padEnd(20)} ${sanitizeLine(row.host)}`}
          </Text>
        );
      })}
      <Text dimColor>{'  * the engine berth shows now'}</Text>
    </Box>
  );
}
