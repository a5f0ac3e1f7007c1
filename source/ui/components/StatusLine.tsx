import {Box, Text} from 'ink';
import type {AppState} from '../../store/state.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {wrapWords} from '../../text/wrap-words.js';
import {useStore} from '../hooks/use-controller.js';
import {useTheme} from '../../views/use-theme.js';

// A message belongs to the view that showed when it came: switching view hides it, coming back shows it again
// (unless a newer one took its place). Shared news (the engine is back, another context) shows everywhere.
// An alert not yet seen (views/alerts/) shows on every view unless a newer message is there.
export const shownStatus = (state: AppState) => {
  if (state.overlay && 'draft' in state.overlay) return undefined;
  const status =
    state.status && (state.status.view === undefined || state.status.view === state.view) ? state.status : undefined;
  const alert = state.alerts?.unseen;
  return alert && !(status && status.at > alert.at) ? alert : status;
};

// The message's rows: as many as it needs, up to `most`; cut with `…` only when it needs more.
export const statusLines = (text: string | undefined, width: number, most: number) =>
  text ? wrapWords(sanitizeLine(text), width - 1, Math.max(1, most)).map(line => ` ${line}`) : [' '];

export function StatusLine({width, most}: {width: number; most: number}) {
  const status = useStore(shownStatus);
  const overlay = useStore(state => state.overlay);
  const theme = useTheme();
  if (overlay && 'draft' in overlay) return null;
  const lines = statusLines(status?.text, width, most);
  return (
    <Box width={width} height={lines.length} flexDirection="column" overflow="hidden">
      {lines.map((line, i) => (
        <Text
          key={i}
          {...(status?.kind === 'alert'
            ? theme.alert
            : status?.kind === 'error'
              ? theme.statusError
              : theme.statusInfo)}
          wrap="truncate-end"
        >
          {line || ' '}
        </Text>
      ))}
    </Box>
  );
}
