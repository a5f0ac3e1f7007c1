import {counted} from '../../text/plural.js';
import {Text} from 'ink';
import {sanitizeLine} from '../../text/sanitize.js';
import {contentRows, OverlayBox} from '../OverlayBox.js';
import {ScrolledRows} from '../ScrolledRows.js';
import {useStore} from '../use-store.js';
import {keptColours, useTheme} from '../use-theme.js';

// v: the container's environment, secret-looking values and the credentials inside values masked until m.
export function EnvOverlay({width, height}: {width: number; height: number}) {
  const overlay = useStore(state => state.overlay);
  const theme = useTheme();
  if (overlay?.kind !== 'env') return null;
  const keyWidth = Math.min(32, Math.max(4, ...overlay.entries.slice(0, 1000).map(e => e.key.length)));
  const {entries} = overlay;
  return (
    <OverlayBox
      width={width}
      height={height}
      title={`environment of ${sanitizeLine(overlay.container)} · ${counted(overlay.entries.length, 'variable')} · ${overlay.reveal ? 'secrets shown' : 'secrets masked'}`}
    >
      <ScrolledRows
        total={entries.length}
        room={contentRows(height)}
        scroll={overlay.scroll}
        row={i => {
          const entry = entries[i];
          return entry ? (
            <Text wrap="truncate-end">
              <Text {...theme.fieldName}>{sanitizeLine(entry.key).padEnd(keyWidth)}</Text>
              {' = '}
              {entry.secret && !overlay.reveal ? (
                <Text {...theme.muted}>••••••••</Text>
              ) : (
                keptColours(theme, sanitizeLine((!overlay.reveal && entry.masked) || entry.value))
              )}
            </Text>
          ) : null;
        }}
      />
    </OverlayBox>
  );
}
