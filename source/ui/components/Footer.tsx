import {Box, Text} from 'ink';
import {cellWidth} from '../../text/cells.js';
import {FOOTER_TAIL, footerBindings, footerHelp, keyLabel, type Binding} from '../keymap.js';
import {activeScopes} from '../scopes.js';
import {SHELL_OVERLAYS} from '../shell-overlays.js';
import {useController, useStore} from '../hooks/use-controller.js';
import {useTheme} from '../../views/use-theme.js';
import {MOUSE_OFF_NOTE} from '../../views/mouse/index.js';

const item = (b: Binding) => ` ${keyLabel(b.keys[0] ?? '')} ${footerHelp(b)} `;

// The keys shown are the footer bindings of the active scopes, most specific first, as many as fit whole;
// every footer ends with the same part, `: command  q quit  ? help`, wherever those keys work (? lists the rest).
// The first key (a dialog's answer: y in a confirmation) is never left out: where it does not fit, the tail gives
// way for it from its front (`: command` first; `? help` stays, it lists every key).
export function fitFooter(bindings: readonly Binding[], width: number): Binding[] {
  let tail = FOOTER_TAIL.map(action => bindings.find(b => b.action === action)).filter(b => b !== undefined);
  const widthOf = (items: readonly Binding[]) => items.reduce((sum, b) => sum + cellWidth(item(b)), 0);
  const first = bindings.find(b => !tail.includes(b));
  while (first && tail.length > 1 && width - widthOf(tail) < cellWidth(item(first))) tail = tail.slice(1);
  let room = width - widthOf(tail);
  const shown: Binding[] = [];
  for (const b of bindings) {
    if (tail.includes(b)) continue;
    const size = cellWidth(item(b));
    if (size > room) continue;
    shown.push(b);
    room -= size;
  }
  return [...shown, ...tail];
}

// Generated from the keymap for the scopes active now, so it never lists a key that does nothing.
export function Footer({width}: {width: number}) {
  const {keymap, views} = useController();
  const scopes = useStore(state => activeScopes(views, state).join(','));
  // A form says what its enter does (run, create) where a prompt says apply.
  const submitLabel = useStore(state =>
    state.overlay ? (SHELL_OVERLAYS[state.overlay.kind] ?? views.overlay(state.overlay.kind))?.submitLabel : undefined,
  );
  const theme = useTheme();
  const active = footerBindings(keymap, scopes.split(','));
  // With the mouse left to the terminal (text selection), the footer says so, and how to take it back.
  const note = useStore(state => (state.mouse.capture ? '' : ` ${MOUSE_OFF_NOTE} `));
  const bindings = fitFooter(
    submitLabel
      ? active.map(b =>
          b.action === 'overlay.submit' && b.scope === 'prompt' ? {...b, help: submitLabel, footer: true} : b,
        )
      : active,
    width - cellWidth(note),
  );
  return (
    <Box width={width} height={1} overflow="hidden">
      <Text wrap="truncate-end">
        {note ? <Text {...theme.warning}>{note}</Text> : null}
        {bindings.map(b => (
          <Text key={b.action}>
            <Text bold {...theme.footerKey}>{` ${keyLabel(b.keys[0] ?? '')}`}</Text>
            <Text>{` ${footerHelp(b)} `}</Text>
          </Text>
        ))}
      </Text>
    </Box>
  );
}
