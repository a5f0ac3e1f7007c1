import {Box, Text} from 'ink';
import {availableBindings, keyLabel, type Scope} from '../keymap.js';
import {SCOPE_TITLES} from '../keymap-markdown.js';
import {useController} from '../hooks/use-store.js';

// Every binding, grouped by where it applies; generated from the keymap like the footer.
export function HelpOverlay({width, height}: {width: number; height: number}) {
  const {keymap} = useController();
  const lines: {text: string; title?: boolean}[] = [];
  for (const scope of Object.keys(SCOPE_TITLES) as Scope[]) {
    const bindings = availableBindings(keymap).filter(b => b.scope === scope);
    if (!bindings.length) continue;
    lines.push({text: SCOPE_TITLES[scope], title: true});
    for (const b of bindings) lines.push({text: `  ${b.keys.map(keyLabel).join(' ').padEnd(18)} ${b.help}`});
  }
  const columns = Math.max(1, Math.min(Math.floor(width / 38), Math.ceil(lines.length / Math.max(1, height - 1))));
  const perColumn = Math.ceil(lines.length / columns);
  return (
    <Box width={width} height={height} flexDirection="row" overflow="hidden">
      {Array.from({length: columns}, (_, c) => (
        <Box key={c} flexDirection="column" width={Math.floor(width / columns)}>
          {c === 0 ? <Text bold inverse>{' Keys (esc closes) '}</Text> : <Text> </Text>}
          {lines.slice(c * perColumn, (c + 1) * perColumn).slice(0, height - 1).map((line, i) => (
            <Text key={i} bold={line.title} wrap="truncate-end">
              {line.text}
            </Text>
          ))}
        </Box>
      ))}
    </Box>
  );
}
