import {Text} from 'ink';
import type {Overlay} from '../../store/state.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {contentRows, OverlayBox} from '../OverlayBox.js';
import {useStore} from '../use-store.js';

type PruneOverlayState = Extract<Overlay, {kind: 'imagePrune'}>;

const previewLines = (overlay: PruneOverlayState) =>
  overlay.loading ? ["computing the preview from the engine's lists…"] : overlay.lines;

// Its options by their letter, with their state (the footer may not have room for them at 80 columns).
const optionsLine = (overlay: PruneOverlayState) => {
  const all = `a ${overlay.scope.kind === 'volumes' ? 'named volumes too' : 'all unused images'} ${overlay.scope.all ? '[on]' : '[off]'}`;
  const volumes =
    overlay.scope.kind === 'system' ? ` · v unused volumes too ${overlay.scope.volumes ? '[on]' : '[off]'}` : '';
  return `options: ${all}${volumes}`;
};

// Rows it takes in its frame: the question, the preview, the options.
export const pruneHeight = (overlay: Overlay) => (overlay.kind === 'imagePrune' ? 2 + previewLines(overlay).length : 1);

// p / :prune: the preview (exactly what goes, what stays and why, the space it frees); y runs it, a toggles
// all, n/esc cancel (footer).
export function PruneOverlay({width, height}: {width: number; height: number}) {
  const overlay = useStore(state => (state.overlay?.kind === 'imagePrune' ? state.overlay : undefined));
  if (!overlay) return null;
  const all = overlay.scope.kind === 'volumes' ? 'named volumes too' : 'all unused images';
  const lines = previewLines(overlay);
  // What it frees stays in sight above a long list (the preview's last line).
  const summary = !overlay.loading && lines.at(-1)?.startsWith('frees about') ? lines.at(-1) : undefined;
  const body = summary ? lines.slice(0, -1) : lines;
  const rows = Math.max(1, contentRows(height) - 1 - (summary ? 1 : 0));
  const more = body.length - overlay.scroll - rows;
  return (
    <OverlayBox
      width={width}
      height={height}
      danger
      title={`Prune${overlay.scope.all ? ` (${all})` : ''}: remove these?`}
    >
      {summary ? (
        <Text
          bold
          wrap="truncate-end"
        >{`${sanitizeLine(summary)}${more > 0 ? ` · ${more} more lines below (↓)` : ''}`}</Text>
      ) : null}
      {body.slice(overlay.scroll, overlay.scroll + rows).map((line, i) => (
        <Text key={i} wrap="truncate-end">
          {sanitizeLine(line) || ' '}
        </Text>
      ))}
      <Text wrap="truncate-end">{optionsLine(overlay)}</Text>
    </OverlayBox>
  );
}
