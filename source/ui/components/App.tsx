import {Box, Text, useApp} from 'ink';
import {useEffect} from 'react';
import {useController, useStore} from '../hooks/use-store.js';
import {useKeyDispatch} from '../hooks/use-key-dispatch.js';
import {useTerminalSize} from '../hooks/use-terminal-size.js';
import {Banner} from './Banner.js';
import {ConfirmDialog, EnvOverlay, ExecFormOverlay, TextOverlay} from './Dialogs.js';
import {LogPane} from './LogPane.js';
import {ContainerList} from './ContainerList.js';
import {Footer} from './Footer.js';
import {Header} from './Header.js';
import {HelpOverlay} from './HelpOverlay.js';
import {Prompt} from './Prompt.js';
import {RegistryView} from './RegistryView.js';
import {StatusLine, statusRows} from './StatusLine.js';
import {Tabs} from './Tabs.js';

const MIN_COLUMNS = 40;
const MIN_ROWS = 10;

export function App() {
  useKeyDispatch();
  const controller = useController();
  const {exit} = useApp();
  useEffect(() => {
    controller.leaveUi = request => exit(request);
    return () => {
      controller.leaveUi = undefined;
    };
  }, [controller, exit]);
  const {columns, rows} = useTerminalSize();
  const overlay = useStore(state => state.overlay?.kind);
  const view = useStore(state => state.view);
  const hasLogs = useStore(state => Boolean(state.logs));
  const fullscreenLogs = useStore(state => Boolean(state.logs?.fullscreen) && state.focus === 'logs');
  const down = useStore(state => state.connection.status === 'down');
  const connecting = useStore(state => state.connection.status === 'connecting');
  // Ink 6.8 clears the whole screen on every frame as tall as the terminal: stay one row short.
  const height = Math.max(1, rows - 1);
  const status = useStore(state => (state.overlay && 'draft' in state.overlay ? undefined : state.status));
  const chrome = 3 + statusRows(status?.text, status?.kind, columns) + (down ? 2 : connecting ? 1 : 0);
  const bodyHeight = Math.max(1, height - chrome);
  const wide = columns >= 120;
  // The list has the whole body until a log pane opens (right of it, or below on narrow terminals). A detail
  // pane that followed the cursor would rewrite half the screen on every arrow key; `i` shows the details.
  const listWidth = wide && hasLogs ? Math.floor(columns * 0.4) : columns;
  const listHeight = wide || !hasLogs ? bodyHeight : Math.max(3, Math.floor(bodyHeight * 0.4));

  // Paging and scrolling use the height of the list on screen, which differs by view and layout.
  const registryListHeight = columns >= 100 ? bodyHeight : Math.max(3, Math.floor(bodyHeight * 0.5));
  const viewportRows = Math.max(1, (view === 'registry' ? registryListHeight : listHeight) - 1);
  useEffect(() => {
    controller.dispatch({type: 'viewport', rows: viewportRows});
  }, [controller, viewportRows]);


  const body = () => {
    switch (overlay) {
      case 'help':
        return <HelpOverlay width={columns} height={bodyHeight} />;
      case 'confirm':
        return <ConfirmDialog width={columns} height={bodyHeight} />;
      case 'env':
        return <EnvOverlay width={columns} height={bodyHeight} />;
      case 'execForm':
        return <ExecFormOverlay width={columns} height={Math.min(bodyHeight, 9)} />;
      case 'text':
        return <TextOverlay width={columns} height={bodyHeight} />;
    }
    if (view === 'registry') return <RegistryView width={columns} height={bodyHeight} />;
    if (fullscreenLogs) return <LogPane width={columns} height={bodyHeight} />;
    return (
      <Box flexDirection={wide ? 'row' : 'column'} height={bodyHeight} overflow="hidden">
        <ContainerList width={listWidth} height={listHeight} />
        {hasLogs ? wide ? <LogPane width={columns - listWidth} height={bodyHeight} /> : <LogPane width={columns} height={bodyHeight - listHeight} /> : null}
      </Box>
    );
  };

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
      {body()}
      <StatusLine width={columns} />
      <Prompt width={columns} />
      <Footer width={columns} />
    </Box>
  );
}
