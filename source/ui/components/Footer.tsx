import {Box, Text} from 'ink';
import {cellWidth} from '../../text/sanitize.js';
import {footerBindings, keyLabel, type Binding} from '../keymap.js';
import {activeScopes} from '../scopes.js';
import {useController, useStore} from '../hooks/use-controller.js';

const item = (b: Binding) => ` ${keyLabel(b.keys[0])} ${b.help} `;

// The keys shown are the footer bindings of the active scopes, most specific first, as many as fit whole;
// `? help` always stays (it lists the rest).
export function fitFooter(bindings: readonly Binding[], width: number): Binding[] {
  const help = bindings.find(b => b.action === 'help.toggle');
  let room = width - (help ? cellWidth(item(help)) : 0);
  const shown: Binding[] = [];
  for (const b of bindings) {
    if (b === help) continue;
    const size = cellWidth(item(b));
    if (size > room) continue;
    shown.push(b);
    room -= size;
  }
  return help ? [...shown, help] : shown;
}

// Generated from the keymap for the scopes active now, so it never lists a key that does nothing.
export function Footer({width}: {width: number}) {
  const {keymap, views} = useController();
  const scopes = useStore(state => activeScopes(views, state).join(','));
  const bindings = fitFooter(footerBindings(keymap, scopes.split(',')), width);
  return (
    <Box width={width} height={1} overflow="hidden">
      <Text wrap="truncate-end">
        {bindings.map(b => (
          <Text key={b.action}>
            <Text bold color="cyan">{` ${keyLabel(b.keys[0])}`}</Text>
            <Text>{` ${b.help} `}</Text>
          </Text>
        ))}
      </Text>
    </Box>
  );
}
