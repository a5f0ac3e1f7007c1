import {Text} from 'ink';
import {sanitizeLine} from '../../text/sanitize.js';
import {cutWithEllipsis} from '../../text/cut-with-ellipsis.js';
import {OverlayBox} from '../OverlayBox.js';
import {useKeymap, useStore} from '../use-store.js';
import {useTheme} from '../use-theme.js';
import type {Binding} from '../types.js';

// A menu is the one overlay that names keys inside its frame: each row is picked by its letter, and the letter
// is the keymap's (a keys: override shows here too).
function keyOf(keymap: readonly Binding[], scope: string, action: string): string {
  return keymap.find(b => b.scope === scope && b.action === action)?.keys[0] ?? '?';
}

function MenuRows({
  width,
  scope,
  rows,
}: {
  width: number;
  scope: string;
  rows: readonly {action: string; label: string; detail: string}[];
}) {
  const keymap = useKeymap();
  const theme = useTheme();
  const labelWidth = Math.max(...rows.map(row => row.label.length)) + 2;
  return (
    <>
      {rows.map(row => (
        <Text key={row.action} wrap="truncate-end">
          <Text bold {...theme.footerKey}>{`${keyOf(keymap, scope, row.action).padEnd(2)}`}</Text>
          {` ${row.label.padEnd(labelWidth)}`}
          <Text {...theme.muted}>{cutWithEllipsis(sanitizeLine(row.detail), Math.max(1, width - labelWidth - 3))}</Text>
        </Text>
      ))}
    </>
  );
}

// y over a list: what the selected row offers (ID, name, image, docker commands), one letter each.
export function CopyOverlay({width, height}: {width: number; height: number}) {
  const overlay = useStore(state => (state.overlay?.kind === 'copy' ? state.overlay : undefined));
  if (!overlay) return null;
  const rows = overlay.items.map(item => ({action: item.action, label: item.label, detail: item.text}));
  return (
    <OverlayBox width={width} height={height} title={`Copy from ${sanitizeLine(overlay.what)} to the clipboard`}>
      <MenuRows width={width - 4} scope="copy" rows={rows} />
    </OverlayBox>
  );
}

// y in the log pane: which lines.
export function CopyLogsOverlay({width, height}: {width: number; height: number}) {
  const overlay = useStore(state => (state.overlay?.kind === 'copyLogs' ? state.overlay : undefined));
  if (!overlay) return null;
  return (
    <OverlayBox
      width={width}
      height={height}
      title={`Copy log lines of ${sanitizeLine(overlay.what)} to the clipboard`}
    >
      <MenuRows width={width - 4} scope="copyLogs" rows={overlay.items} />
    </OverlayBox>
  );
}
