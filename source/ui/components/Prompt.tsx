import {Box, Text} from 'ink';
import {EditedText} from '../../views/EditedText.js';
import {useController, useStore} from '../hooks/use-controller.js';
import {SHELL_OVERLAYS} from '../shell-overlays.js';
import {useTheme} from '../../views/use-theme.js';
import {sanitizeLine} from '../../text/sanitize.js';

// Filter, command, search, save and the views' prompts; the dispatcher edits the text (ui/line-edit.ts), this
// only draws it.
export function Prompt({width}: {width: number}) {
  const {views} = useController();
  const overlay = useStore(state => state.overlay);
  const theme = useTheme();
  const spec = overlay && (SHELL_OVERLAYS[overlay.kind] ?? views.overlay(overlay.kind));
  const label = overlay && spec ? (typeof spec.label === 'function' ? spec.label(overlay) : spec.label) : undefined;
  if (!overlay || !label || !('draft' in overlay)) return null;
  return (
    <Box width={width} height={1} overflow="hidden">
      <Text bold>{label}</Text>
      {spec?.masked ? (
        <Text>
          {'•'.repeat(Math.min(overlay.draft?.length ?? 0, 64))}
          <Text inverse> </Text>
        </Text>
      ) : (
        <EditedText text={overlay.draft ?? ''} cursor={overlay.cursor} />
      )}
      {/* tab with several ways on: them, after the text, until it changes. */}
      {overlay.kind === 'command' && overlay.candidates?.length ? (
        <Text {...theme.muted}>{sanitizeLine(`   ${overlay.candidates.join('  ')}`)}</Text>
      ) : null}
    </Box>
  );
}
