import {Box, Text} from 'ink';
import {useStore} from '../hooks/use-store.js';
import {sanitizeLine} from '../../text/sanitize.js';

const LABELS = {filter: ' / ', command: ' : ', search: ' search: ', save: ' save to: ', repository: ' repository: ', addRegistry: ' add registry: '} as const;

// Filter, command, search and save lines; the dispatcher edits the text (ui/line-edit.ts), this only draws it.
export function Prompt({width}: {width: number}) {
  const overlay = useStore(state => state.overlay);
  if (!overlay || !(overlay.kind in LABELS) || !('draft' in overlay)) return null;
  const text = sanitizeLine(overlay.draft);
  const cursor = Math.min(overlay.cursor ?? text.length, text.length);
  return (
    <Box width={width} height={1} overflow="hidden">
      <Text bold>{LABELS[overlay.kind as keyof typeof LABELS]}</Text>
      <Text wrap="truncate-start">
        {text.slice(0, cursor)}
        <Text inverse>{text[cursor] ?? ' '}</Text>
        {text.slice(cursor + 1)}
      </Text>
    </Box>
  );
}
