import {Box, Text} from 'ink';
import {useStore} from '../hooks/use-store.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {EditedText} from './EditedText.js';

// The confirmation lists exactly what will be touched; y confirms, any other key cancels.
export function ConfirmDialog({width, height}: {width: number; height: number}) {
  const overlay = useStore(state => state.overlay);
  if (overlay?.kind !== 'confirm') return null;
  const {confirm} = overlay;
  const room = Math.max(1, height - 4);
  const shown = confirm.targets.slice(0, room);
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden" borderStyle="round" borderColor="red" paddingX={1}>
      <Text bold color="red" wrap="truncate-end">
        {confirm.title}
        {confirm.operation === 'remove' ? (confirm.force ? '  [force: running containers are killed]' : '  (f: force)') : ''}
      </Text>
      {shown.map((target, i) => (
        <Text key={i} wrap="truncate-end">{`  ${sanitizeLine(target)}`}</Text>
      ))}
      {confirm.targets.length > shown.length ? <Text dimColor>{`  … and ${confirm.targets.length - shown.length} more`}</Text> : null}
      <Text bold>y confirms · any other key cancels</Text>
    </Box>
  );
}

export function EnvOverlay({width, height}: {width: number; height: number}) {
  const overlay = useStore(state => state.overlay);
  if (overlay?.kind !== 'env') return null;
  const keyWidth = Math.min(32, Math.max(4, ...overlay.entries.map(e => e.key.length)));
  const rows = overlay.entries.slice(overlay.scroll, overlay.scroll + Math.max(1, height - 1));
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text bold inverse wrap="truncate-end">
        {` environment of ${sanitizeLine(overlay.container)} · ${overlay.entries.length} variables · ${overlay.reveal ? 'secrets shown (m masks)' : 'secrets masked (m shows)'} `}
      </Text>
      {rows.map(entry => (
        <Text key={entry.key} wrap="truncate-end">
          <Text color="cyan">{sanitizeLine(entry.key).padEnd(keyWidth)}</Text>
          {' = '}
          {entry.secret && !overlay.reveal ? <Text dimColor>••••••••</Text> : sanitizeLine(entry.value)}
        </Text>
      ))}
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
