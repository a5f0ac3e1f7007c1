import {Box, Text} from 'ink';
import {sanitizeLine} from '../../text/sanitize.js';
import {useStore} from '../use-store.js';

// p / :prune: the preview (exactly what goes, what stays and why, the space it frees); y runs it, a toggles all.
export function PruneOverlay({width, height}: {width: number; height: number}) {
  const overlay = useStore(state => (state.overlay?.kind === 'imagePrune' ? state.overlay : undefined));
  if (!overlay) return null;
  const all = overlay.scope.kind === 'volumes' ? 'named volumes too' : 'all unused images';
  const lines = overlay.loading ? ["computing the preview from the engine's lists…"] : overlay.lines;
  // What it frees stays in sight above a long list (the preview's last line).
  const summary = !overlay.loading && lines.at(-1)?.startsWith('frees about') ? lines.at(-1) : undefined;
  const body = summary ? lines.slice(0, -1) : lines;
  const rows = Math.max(1, height - 2 - (summary ? 1 : 0));
  const more = body.length - overlay.scroll - rows;
  return (
    <Box flexDirection="column" width={width} height={height} overflow="hidden">
      <Text
        bold
        inverse
        wrap="truncate-end"
      >{` prune${overlay.scope.all ? ` (${all})` : ''} · y: remove these · a: toggle ${all} · esc: cancel `}</Text>
      {summary ? (
        <Text
          bold
          wrap="truncate-end"
        >{`${sanitizeLine(summary)}${more > 0 ? ` · ${more} more lines below (↓)` : ''}`}</Text>
      ) : null}
      {body.slice(overlay.scroll, overlay.scroll + rows).map((line, i) => (
        <Text key={i} wrap="truncate-end">
          {sanitizeLine(line)}
        </Text>
      ))}
    </Box>
  );
}
