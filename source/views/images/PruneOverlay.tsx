import {Text} from 'ink';
import type {Overlay} from '../../store/state.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {wrapIndented} from '../../text/wrap-indented.js';
import {contentRows, OVERLAY_FRAME, OverlayBox} from '../OverlayBox.js';
import {ScrolledRows} from '../ScrolledRows.js';
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

// What it frees stays in sight above a long list (the preview's last line); the list's lines wrap at the
// width, since a destructive dialog must show every name it touches whole.
function pruneRows(overlay: PruneOverlayState, width: number): {summary?: string; body: string[]} {
  const lines = previewLines(overlay);
  const last = lines.at(-1);
  const summary = !overlay.loading && last?.startsWith('frees about') ? sanitizeLine(last) : undefined;
  const body = (summary ? lines.slice(0, -1) : lines).flatMap(line => wrapIndented(sanitizeLine(line) || ' ', width));
  return summary === undefined ? {body} : {summary, body};
}

// Rows it takes in its frame at this inner width: the question, the summary, the preview, the options.
export const pruneHeight = (overlay: Overlay, _state: unknown, width: number) => {
  if (overlay.kind !== 'imagePrune') return 1;
  const {summary, body} = pruneRows(overlay, width);
  return 2 + (summary === undefined ? 0 : 1) + body.length;
};

// p / :prune: the preview (exactly what goes, what stays and why, the space it frees); y runs it, a toggles
// all, n/esc cancel (footer).
export function PruneOverlay({width, height}: {width: number; height: number}) {
  const overlay = useStore(state => (state.overlay?.kind === 'imagePrune' ? state.overlay : undefined));
  if (!overlay) return null;
  const all = overlay.scope.kind === 'volumes' ? 'named volumes too' : 'all unused images';
  const {summary, body} = pruneRows(overlay, width - OVERLAY_FRAME);
  return (
    <OverlayBox
      width={width}
      height={height}
      danger
      title={`Prune${overlay.scope.all ? ` (${all})` : ''}: remove these?`}
    >
      {summary === undefined ? null : (
        <Text bold wrap="truncate-end">
          {summary}
        </Text>
      )}
      <ScrolledRows
        total={body.length}
        room={Math.max(1, contentRows(height) - 1 - (summary === undefined ? 0 : 1))}
        scroll={overlay.scroll}
        row={i => <Text wrap="truncate-end">{body[i]}</Text>}
      />
      <Text wrap="truncate-end">{optionsLine(overlay)}</Text>
    </OverlayBox>
  );
}
