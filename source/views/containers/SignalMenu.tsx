import {Text} from 'ink';
import {SIGNAL_MENU} from '../../engine/containers/signals.js';
import {GLYPH} from '../kit/glyphs.js';
import {OverlayBox} from '../OverlayBox.js';
import {useStore} from '../use-store.js';
import {useTheme} from '../use-theme.js';

// K: the usual signals, then a row to type another; enter picks the one under the cursor.
export const SIGNAL_ROWS = [...SIGNAL_MENU.map(s => `${s.name.padEnd(5)} ${s.note}`), 'other: a name or number…'];

export function SignalMenu({width, height}: {width: number; height: number}) {
  const overlay = useStore(state => (state.overlay?.kind === 'signalMenu' ? state.overlay : undefined));
  const theme = useTheme();
  if (!overlay) return null;
  const count = overlay.targets.length;
  const first = overlay.targets[0]?.name ?? '';
  return (
    <OverlayBox width={width} height={height} title={`Signal to ${count === 1 ? first : `${count} containers`}`}>
      {SIGNAL_ROWS.map((row, index) => (
        <Text key={row} {...(index === overlay.scroll ? theme.selection : undefined)} wrap="truncate-end">
          {`${index === overlay.scroll ? GLYPH.cursor : GLYPH.blank} ${row}`}
        </Text>
      ))}
    </OverlayBox>
  );
}
