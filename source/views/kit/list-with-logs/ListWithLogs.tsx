import {Box} from 'ink';
import type {ComponentType} from 'react';
import type {AppState} from '../../../store/state.js';
import {LogPane} from '../log-pane/LogPane.js';
import {useStore} from '../../use-store.js';
import {containersLayout} from './layout.js';

// A list and the log pane it opened, beside or below it (or the pane alone, full screen). `hasPane` says
// whether the open pane is this view's own (containers and swarm each open one); it must be a stable function.
export function ListWithLogs({
  width,
  height,
  hasPane,
  List,
}: {
  width: number;
  height: number;
  hasPane: (state: AppState) => boolean;
  List: ComponentType<{width: number; height: number}>;
}) {
  const hasLogs = useStore(hasPane);
  const logsFocused = useStore(state => hasPane(state) && state.focus === 'logs');
  const fullscreenLogs = useStore(state => hasPane(state) && Boolean(state.logs?.fullscreen) && state.focus === 'logs');
  if (fullscreenLogs) return <LogPane width={width} height={height} />;
  const {wide, listWidth, listHeight} = containersLayout(hasLogs, {width, height}, logsFocused);
  return (
    <Box flexDirection={wide ? 'row' : 'column'} height={height} overflow="hidden">
      <List width={listWidth} height={listHeight} />
      {hasLogs ? (
        wide ? (
          <LogPane width={width - listWidth} height={height} />
        ) : (
          <LogPane width={width} height={height - listHeight} />
        )
      ) : null}
    </Box>
  );
}
