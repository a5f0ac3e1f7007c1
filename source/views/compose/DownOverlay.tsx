import {Box, Text} from 'ink';
import {sanitizeLine} from '../../text/sanitize.js';
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

// D: exactly what `down` removes (from the labels), with the toggles; y runs it, anything else cancels.
export function DownOverlay({width, height}: {width: number; height: number}) {
  const overlay = useStore(state => (state.overlay?.kind === 'composeDown' ? state.overlay : undefined));
  if (!overlay) return null;
  const lines = downLines(overlay);
  const room = Math.max(1, height - 4);
  const flags = `${overlay.withVolumes ? ' --volumes' : ''}${overlay.removeOrphans ? ' --remove-orphans' : ''}`;
  return (
    <Box
      flexDirection="column"
      width={width}
      height={height}
      overflow="hidden"
      borderStyle="round"
      borderColor="red"
      paddingX={1}
    >
      <Text bold color="red" wrap="truncate-end">
        {`Bring ${sanitizeLine(overlay.project)} down (compose down${flags})? These go:`}
      </Text>
      {lines.slice(overlay.scroll, overlay.scroll + room).map((line, i) => (
        <Text key={i} wrap="truncate-end">{`  ${sanitizeLine(line)}`}</Text>
      ))}
      {lines.length > room + overlay.scroll ? (
        <Text dimColor>{`  … and ${lines.length - room - overlay.scroll} more (↓)`}</Text>
      ) : null}
      <Text
        bold
        wrap="truncate-end"
      >{`y down · v --volumes ${overlay.withVolumes ? '[on]' : '[off]'} · o --remove-orphans ${overlay.removeOrphans ? '[on]' : '[off]'} · esc cancels`}</Text>
    </Box>
  );
}
