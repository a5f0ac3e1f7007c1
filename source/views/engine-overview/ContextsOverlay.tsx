import {GLYPH} from '../kit/glyphs.js';
import {Text} from 'ink';
import {sanitizeLine} from '../../text/sanitize.js';
import {contentRows, OverlayBox} from '../OverlayBox.js';
import {useStore} from '../use-store.js';
import {useTheme} from '../use-theme.js';

// c in the engine view, or :context without a name: the docker contexts; enter switches in place (footer).
export function ContextsOverlay({width, height}: {width: number; height: number}) {
  const overlay = useStore(state => (state.overlay?.kind === 'contexts' ? state.overlay : undefined));
  const theme = useTheme();
  if (!overlay) return null;
  const rows = Math.max(1, contentRows(height) - 1);
  const top = Math.max(0, Math.min(overlay.scroll - rows + 1, overlay.items.length - rows));
  const nameWidth = Math.max(8, ...overlay.items.map(row => sanitizeLine(row.name).length)) + 1;
  return (
    <OverlayBox width={width} height={height} title="Docker contexts: which engine berth shows">
      {overlay.items.slice(top, top + rows).map((row, i) => {
        const index = top + i;
        return (
          <Text key={row.name} {...(index === overlay.scroll ? theme.selection : undefined)} wrap="truncate-end">
            {`${index === overlay.scroll ? GLYPH.cursor : GLYPH.blank}${row.current ? GLYPH.mark : GLYPH.blank} ${sanitizeLine(row.name).padEnd(nameWidth)} ${sanitizeLine(row.host)}`}
          </Text>
        );
      })}
      <Text {...theme.muted}>{'  * the engine berth shows now'}</Text>
    </OverlayBox>
  );
}
