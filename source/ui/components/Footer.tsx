import {Box, Text} from 'ink';
import {footerBindings, keyLabel} from '../keymap.js';
import {activeScopes} from '../scopes.js';
import {useController, useStore} from '../hooks/use-store.js';

// Generated from the keymap for the scopes active now, so it never lists a key that does nothing.
export function Footer({width}: {width: number}) {
  const {keymap} = useController();
  const scopes = useStore(state => activeScopes(state).join(','));
  const bindings = footerBindings(keymap, scopes.split(',') as ReturnType<typeof activeScopes>);
  return (
    <Box width={width} height={1} overflow="hidden">
      <Text wrap="truncate-end">
        {bindings.map(b => (
          <Text key={b.action}>
            <Text bold color="cyan">{` ${b.keys.map(keyLabel).slice(0, 1).join('/')}`}</Text>
            <Text>{` ${b.help} `}</Text>
          </Text>
        ))}
      </Text>
    </Box>
  );
}
