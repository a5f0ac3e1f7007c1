import {Text} from 'ink';
import {useStore} from '../hooks/use-controller.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {confirmLines, confirmTitle} from '../dialog-lines.js';
import {contentRows, OVERLAY_FRAME, OverlayBox} from '../../views/OverlayBox.js';
import {useTheme} from '../../views/use-theme.js';

// The confirmation lists exactly what will be touched; its keys (y, f, n/esc) are in the footer.
export function ConfirmDialog({width, height}: {width: number; height: number}) {
  const overlay = useStore(state => state.overlay);
  const theme = useTheme();
  if (overlay?.kind !== 'confirm') return null;
  const {confirm} = overlay;
  const lines = confirmLines(confirm, width - OVERLAY_FRAME);
  const room = contentRows(height);
  const shown = lines.length > room ? lines.slice(0, room - 1) : lines;
  return (
    <OverlayBox width={width} height={height} title={confirmTitle(confirm)} danger>
      {shown.map((line, i) => (
        <Text key={i} wrap="truncate-end">
          {line}
        </Text>
      ))}
      {lines.length > shown.length ? (
        <Text
          {...theme.muted}
        >{`  … and ${lines.length - shown.length} more rows (a taller terminal shows them)`}</Text>
      ) : null}
    </OverlayBox>
  );
}

export function TextOverlay({width, height}: {width: number; height: number}) {
  const overlay = useStore(state => state.overlay);
  if (overlay?.kind !== 'text') return null;
  const rows = overlay.lines.slice(overlay.scroll, overlay.scroll + contentRows(height));
  return (
    <OverlayBox width={width} height={height} title={sanitizeLine(overlay.title)}>
      {rows.map((line, i) => (
        <Text key={i} wrap="truncate-end">
          {sanitizeLine(line) || ' '}
        </Text>
      ))}
    </OverlayBox>
  );
}
