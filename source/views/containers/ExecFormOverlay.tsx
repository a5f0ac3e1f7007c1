import {Box, Text} from 'ink';
import {sanitizeLine} from '../../text/sanitize.js';
import {EditedText} from '../EditedText.js';
import {useStore} from '../use-store.js';

// E: command, user, tty, interactive; tab or ↓ moves between fields, space switches, enter runs.
export function ExecFormOverlay({width, height}: {width: number; height: number}) {
  const overlay = useStore(state => state.overlay);
  if (overlay?.kind !== 'execForm') return null;
  const {form} = overlay;
  const text = (index: number, value: string) => {
    if (form.focus !== index) return <Text>{sanitizeLine(value) || ' '}</Text>;
    return <EditedText text={overlay.draft} cursor={overlay.cursor} />;
  };
  const toggle = (index: number, on: boolean) => <Text inverse={form.focus === index}>{on ? '[x]' : '[ ]'}</Text>;
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden" borderStyle="round" paddingX={1}>
      <Text bold wrap="truncate-end">{`exec in ${sanitizeLine(form.containerName)}`}</Text>
      <Text wrap="truncate-end">
        {'command      '}
        {text(0, form.command)}
      </Text>
      <Text wrap="truncate-end">
        {'user         '}
        {text(1, form.user)}
        {form.focus === 1 || form.user ? '' : <Text dimColor> (the image's default)</Text>}
      </Text>
      <Text>
        {'tty          '}
        {toggle(2, form.tty)}
      </Text>
      <Text>
        {'interactive  '}
        {toggle(3, form.interactive)}
        <Text dimColor>{form.interactive ? '  takes over the terminal until the command exits' : '  output shown in a pane'}</Text>
      </Text>
      <Text dimColor>tab/↓ next field · space switches · enter runs · esc cancels</Text>
    </Box>
  );
}
