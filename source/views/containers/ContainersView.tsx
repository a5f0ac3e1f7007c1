import {Box} from 'ink';
import type {AppState} from '../../store/state.js';
import {LogPane} from '../log-pane/LogPane.js';
import {useStore} from '../use-store.js';
import {ContainerList} from './ContainerList.js';
import {containersLayout} from './layout.js';

const hasOwnPane = (state: AppState) => Boolean(state.logs) && (state.logs?.owner ?? 'containers') === 'containers';

// View 1: the list, and the log pane of the selected container beside or below it (or alone, full screen).
export function ContainersView({width, height}: {width: number; height: number}) {
  // The pane view 1 opened (view 6 opens its own for services and tasks).
  const hasLogs = useStore(hasOwnPane);
  const logsFocused = useStore(state => hasOwnPane(state) && state.focus === 'logs');
  const fullscreenLogs = useStore(
    state => hasOwnPane(state) && Boolean(state.logs?.fullscreen) && state.focus === 'logs',
  );
  if (fullscreenLogs) return <LogPane width={width} height={height} />;
  const {wide, listWidth, listHeight} = containersLayout(hasLogs, {width, height}, logsFocused);
  return (
    <Box flexDirection={wide ? 'row' : 'column'} height={height} overflow="hidden">
      <ContainerList width={listWidth} height={listHeight} />
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
