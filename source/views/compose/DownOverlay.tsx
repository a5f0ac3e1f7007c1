import {Text} from 'ink';
import {sanitizeLine} from '../../text/sanitize.js';
import {contentRows, OverlayBox} from '../OverlayBox.js';
import {ScrolledRows} from '../ScrolledRows.js';
import {useStore} from '../use-store.js';

export function downLines(overlay: {
  containers: readonly string[];
  networks: readonly string[];
  volumes: readonly string[];
  withVolumes: boolean;
  loading: boolean;
}): string[] {
  return [
    ...(overlay.containers.length ? overlay.containers : ['no containers (compose removes what its files name)']),
    ...(overlay.loading ? ['listing networks and volumes…'] : overlay.networks.map(name => `network ${name}`)),
    ...(overlay.withVolumes
      ? overlay.loading
        ? []
        : overlay.volumes.length
          ? overlay.volumes.map(name => `volume ${name}`)
          : ['no volumes labelled with this project']
      : []),
  ];
}

// Rows it takes in its frame: the question, what goes, the options.
export const downHeight = (overlay: Parameters<typeof downLines>[0]) => 2 + downLines(overlay).length;

// D: exactly what `down` removes (from the labels), with its options; y runs it, n/esc cancel (footer).
export function DownOverlay({width, height}: {width: number; height: number}) {
  const overlay = useStore(state => (state.overlay?.kind === 'composeDown' ? state.overlay : undefined));
  if (!overlay) return null;
  const lines = downLines(overlay);
  const room = Math.max(1, contentRows(height) - 1);
  const flags = `${overlay.withVolumes ? ' --volumes' : ''}${overlay.removeOrphans ? ' --remove-orphans' : ''}`;
  return (
    <OverlayBox
      width={width}
      height={height}
      danger
      title={`Bring ${sanitizeLine(overlay.project)} down (compose down${flags})? These go:`}
    >
      <ScrolledRows
        total={lines.length}
        room={room}
        scroll={overlay.scroll}
        row={i => <Text wrap="truncate-end">{`  ${sanitizeLine(lines[i] ?? '')}`}</Text>}
      />
      <Text wrap="truncate-end">
        {`options: v --volumes ${overlay.withVolumes ? '[on]' : '[off]'} · o --remove-orphans ${overlay.removeOrphans ? '[on]' : '[off]'}`}
      </Text>
    </OverlayBox>
  );
}
