import {Box, Text} from 'ink';
import {useStore} from '../hooks/use-controller.js';
import {sanitizeLine} from '../../text/sanitize.js';

// The confirmation lists exactly what will be touched; y confirms, any other key cancels.
export function ConfirmDialog({width, height}: {width: number; height: number}) {
  const overlay = useStore(state => state.overlay);
  if (overlay?.kind !== 'confirm') return null;
  const {confirm} = overlay;
  const room = Math.max(1, height - 4);
  const shown = confirm.targets.slice(0, room);
  return (
    <Box
      flexDirection="column"
      width={width}
      height={height}
      overflow="hidden"
      borderStyle="round"
      borderColor="red"
      paddingX={1}
    >
      <Text bold color="red" wrap="truncate-end">
        {sanitizeLine(confirm.title)}
        {confirm.force !== undefined && confirm.forceLabels
          ? confirm.force
            ? confirm.forceLabels.on
            : confirm.forceLabels.off
          : ''}
      </Text>
      {shown.map((target, i) => (
        <Text key={i} wrap="truncate-end">{`  ${sanitizeLine(target)}`}</Text>
      ))}
      {confirm.targets.length > shown.length ? (
        <Text dimColor>{`  … and ${confirm.targets.length - shown.length} more`}</Text>
      ) : null}
      <Text bold>y confirms · any other key cancels</Text>
    </Box>
  );
}

export function TextOverlay({width, height}: {width: number; height: number}) {
  const overlay = useStore(state => state.overlay);
  if (overlay?.kind !== 'text') return null;
  const rows = overlay.lines.slice(overlay.scroll, overlay.scroll + Math.max(1, height - 1));
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold inverse wrap="truncate-end">{` ${sanitizeLine(overlay.title)} `}</Text>
      {rows.map((line, i) => (
        <Text key={i} wrap="truncate-end">
          {sanitizeLine(line)}
        </Text>
      ))}
    </Box>
  );
}
