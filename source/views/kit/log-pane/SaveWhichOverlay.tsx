import {Text} from 'ink';
import {groupDigits} from '../../../text/compare.js';
import {OverlayBox} from '../../OverlayBox.js';
import {useStore} from '../../use-store.js';

// Rows it takes in its frame: the question and its two answers.
export const SAVE_WHICH_HEIGHT = 3;

// ctrl-s while a filter is set: save what the pane shows, or every line it holds (s or a; n and esc cancel).
export function SaveWhichOverlay({width, height}: {width: number; height: number}) {
  const overlay = useStore(state => (state.overlay?.kind === 'logSaveWhich' ? state.overlay : undefined));
  if (!overlay) return null;
  return (
    <OverlayBox width={width} height={height} title="Save which lines?">
      <Text wrap="truncate-end">{`  s  the ${groupDigits(overlay.shown)} lines the filter shows`}</Text>
      <Text wrap="truncate-end">{`  a  every line held (${groupDigits(overlay.held)})`}</Text>
    </OverlayBox>
  );
}
