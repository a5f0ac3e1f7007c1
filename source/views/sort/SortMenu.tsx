import {Text} from 'ink';
import {GLYPH} from '../kit/glyphs.js';
import {contentRows, OverlayBox} from '../OverlayBox.js';
import {useStore} from '../use-store.js';
import {useTheme} from '../use-theme.js';

// o over a list: its columns; enter sorts by the one under the cursor (again on the sorted one: the other way).
export function SortMenu({width, height}: {width: number; height: number}) {
  const overlay = useStore(state => (state.overlay?.kind === 'sortMenu' ? state.overlay : undefined));
  const sorted = useStore(state => (overlay ? state.sorts[overlay.table] : undefined));
  const theme = useTheme();
  if (!overlay) return null;
  const rows = Math.max(1, contentRows(height));
  const top = Math.max(0, Math.min(overlay.scroll - rows + 1, overlay.columns.length - rows));
  return (
    <OverlayBox width={width} height={height} title="Sort by">
      {overlay.columns.slice(top, top + rows).map((column, i) => {
        const index = top + i;
        const now = sorted?.column === column.id ? (sorted.descending ? '  (now, descending)' : '  (now)') : '';
        return (
          <Text key={column.id} {...(index === overlay.scroll ? theme.selection : undefined)} wrap="truncate-end">
            {`${index === overlay.scroll ? GLYPH.cursor : GLYPH.blank} ${column.title}${now}`}
          </Text>
        );
      })}
    </OverlayBox>
  );
}
