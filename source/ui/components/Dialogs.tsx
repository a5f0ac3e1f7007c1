import {Text} from 'ink';
import {useStore} from '../hooks/use-controller.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {confirmLines, confirmTitle, forceLines} from '../dialog-lines.js';
import {contentRows, OVERLAY_FRAME, OverlayBox} from '../../views/OverlayBox.js';
import {ScrolledRows} from '../../views/ScrolledRows.js';
import {wrappedRows} from '../text-rows.js';

// The confirmation lists exactly what will be touched, scrolled when the frame cannot show it all (a row says
// what is hidden and how to see it); its keys (y, f, n/esc) are in the footer.
export function ConfirmDialog({width, height}: {width: number; height: number}) {
  const overlay = useStore(state => state.overlay);
  if (overlay?.kind !== 'confirm') return null;
  const {confirm} = overlay;
  const lines = confirmLines(confirm, width - OVERLAY_FRAME);
  const force = forceLines(confirm, width - OVERLAY_FRAME);
  return (
    <OverlayBox width={width} height={height} title={confirmTitle(confirm)} danger>
      {force.map((line, i) => (
        <Text key={`f${i}`} bold wrap="truncate-end">
          {line}
        </Text>
      ))}
      <ScrolledRows
        total={lines.length}
        room={Math.max(1, contentRows(height) - force.length)}
        scroll={overlay.scroll ?? 0}
        row={i => <Text wrap="truncate-end">{lines[i]}</Text>}
      />
    </OverlayBox>
  );
}

export function TextOverlay({width, height}: {width: number; height: number}) {
  const overlay = useStore(state => state.overlay);
  if (overlay?.kind !== 'text') return null;
  const {lines} = overlay;
  // Wrapped rows are made whole (once, text-rows.ts); cut ones one by one as they are drawn.
  const rows = overlay.wrap ? wrappedRows(lines, width - OVERLAY_FRAME) : undefined;
  return (
    <OverlayBox width={width} height={height} title={sanitizeLine(overlay.title)}>
      <ScrolledRows
        total={rows ? rows.length : lines.length}
        room={contentRows(height)}
        scroll={overlay.scroll}
        row={i => <Text wrap="truncate-end">{(rows ? rows[i] : sanitizeLine(lines[i] ?? '')) || ' '}</Text>}
      />
    </OverlayBox>
  );
}
