import {Box, Text} from 'ink';
import {useStore} from '../hooks/use-store.js';
import {EditedText} from './EditedText.js';

const LABELS = {filter: ' / ', command: ' : ', search: ' search: ', save: ' save to: ', repository: ' repository: ', addRegistry: ' add registry: '} as const;

// Filter, command, search and save lines; the dispatcher edits the text (ui/line-edit.ts), this only draws it.
export function Prompt({width}: {width: number}) {
  const overlay = useStore(state => state.overlay);
  if (!overlay || !(overlay.kind in LABELS) || !('draft' in overlay)) return null;
  return (
    <Box width={width} height={1} overflow="hidden">
      <Text bold>{LABELS[overlay.kind as keyof typeof LABELS]}</Text>
      <EditedText text={overlay.draft} cursor={overlay.cursor} />
    </Box>
  );
}
