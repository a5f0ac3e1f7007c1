import {Box, Text} from 'ink';
import TextInput from 'ink-text-input';
import {useController, useStore} from '../hooks/use-store.js';

// The filter and command lines; TextInput owns printable keys, the dispatcher only enter and esc.
export function Prompt({width}: {width: number}) {
  const controller = useController();
  const overlay = useStore(state => state.overlay);
  if (overlay?.kind !== 'filter' && overlay?.kind !== 'command') return null;
  return (
    <Box width={width} height={1} overflow="hidden">
      <Text bold>{overlay.kind === 'filter' ? ' / ' : ' : '}</Text>
      <TextInput value={overlay.draft} focus onChange={draft => controller.dispatch({type: 'overlay.draft', draft})} />
    </Box>
  );
}
