import {Box, Text} from 'ink';
import {useEffect} from 'react';
import {useController, useStore} from '../hooks/use-store.js';
import {useKeyDispatch} from '../hooks/use-key-dispatch.js';
import {useTerminalSize} from '../hooks/use-terminal-size.js';
import {Banner} from './Banner.js';
import {ContainerDetail} from './ContainerDetail.js';
import {ContainerList} from './ContainerList.js';
import {Footer} from './Footer.js';
import {Header} from './Header.js';
import {HelpOverlay} from './HelpOverlay.js';
import {Prompt} from './Prompt.js';
import {StatusLine} from './StatusLine.js';
import {Tabs} from './Tabs.js';

const MIN_COLUMNS = 40;
const MIN_ROWS = 10;

export function App() {
  useKeyDispatch();
  const controller = useController();
  const {columns, rows} = useTerminalSize();
  const overlay = useStore(state => state.overlay);
  const down = useStore(state => state.connection.status === 'down');
  const connecting = useStore(state => state.connection.status === 'connecting');
  // Ink 6.8 clears the whole screen on every frame as tall as the terminal: stay one row short.
  const height = Math.max(1, rows - 1);
  const chrome = 4 + (down ? 2 : connecting ? 1 : 0);
  const bodyHeight = Math.max(1, height - chrome);
  const wide = columns >= 120;
  const listWidth = wide ? Math.floor(columns * 0.55) : columns;
  const listHeight = wide ? bodyHeight : Math.max(1, bodyHeight - Math.min(8, Math.floor(bodyHeight / 3)));

  useEffect(() => {
    controller.dispatch({type: 'viewport', rows: Math.max(1, listHeight - 1)});
  }, [controller, listHeight]);

  if (columns < MIN_COLUMNS || rows < MIN_ROWS) {
    return (
      <Box width={columns} height={height}>
        <Text wrap="truncate-end">{`berth needs at least ${MIN_COLUMNS}x${MIN_ROWS}; this terminal is ${columns}x${rows} (q quits)`}</Text>
      </Box>
    );
  }

  return (
    <Box flexDirection="column" width={columns} height={height} overflow="hidden">
      <Header width={columns} />
      <Banner width={columns} />
      <Tabs width={columns} />
      {overlay?.kind === 'help' ? (
        <HelpOverlay width={columns} height={bodyHeight} />
      ) : (
        <Box flexDirection={wide ? 'row' : 'column'} height={bodyHeight} overflow="hidden">
          <ContainerList width={listWidth} height={listHeight} />
          {wide ? (
            <ContainerDetail width={columns - listWidth} height={bodyHeight} />
          ) : (
            <ContainerDetail width={columns} height={bodyHeight - listHeight} />
          )}
        </Box>
      )}
      <StatusLine width={columns} />
      <Prompt width={columns} />
      <Footer width={columns} />
    </Box>
  );
}
