import {Box, Text, useApp} from 'ink';
import {useEffect} from 'react';
import {useController, useStore} from '../hooks/use-controller.js';
import {useKeyDispatch} from '../hooks/use-key-dispatch.js';
import {useTerminalSize} from '../hooks/use-terminal-size.js';
import {Banner} from './Banner.js';
import {Footer} from './Footer.js';
import {Header} from './Header.js';
import {Prompt} from './Prompt.js';
import {SHELL_OVERLAY_COMPONENTS} from './shell-overlay-components.js';
import {StatusLine, statusRows} from './StatusLine.js';
import {Tabs} from './Tabs.js';

const MIN_COLUMNS = 40;
const MIN_ROWS = 10;

// The shell: header, banner, tabs, the active view's body (or an overlay over it), status, prompt, footer.
export function App() {
  useKeyDispatch();
  const controller = useController();
  const {views} = controller;
  const {exit} = useApp();
  useEffect(() => controller.attachUi(request => exit(request)), [controller, exit]);
  const {columns, rows} = useTerminalSize();
  const overlay = useStore(state => state.overlay?.kind);
  const view = useStore(state => state.view);
  const down = useStore(state => state.connection.status === 'down');
  const connecting = useStore(state => state.connection.status === 'connecting');
  // Ink 6.8 clears the whole screen on every frame as tall as the terminal: stay one row short.
  const height = Math.max(1, rows - 1);
  const status = useStore(state => (state.overlay && 'draft' in state.overlay ? undefined : state.status));
  const chrome = 3 + statusRows(status?.text, status?.kind, columns) + (down ? 2 : connecting ? 1 : 0);
  const bodyHeight = Math.max(1, height - chrome);
  const body = {width: columns, height: bodyHeight};

  // Paging and scrolling use the height of the list on screen, which each view's layout decides.
  const viewportRows = useStore(state => Math.max(1, views.active(state)?.listRows?.(state, body) ?? bodyHeight - 1));
  useEffect(() => {
    controller.dispatch({type: 'viewport', rows: viewportRows});
  }, [controller, viewportRows]);

  if (columns < MIN_COLUMNS || rows < MIN_ROWS) {
    return (
      <Box width={columns} height={height}>
        <Text wrap="truncate-end">{`berth needs at least ${MIN_COLUMNS}x${MIN_ROWS}; this terminal is ${columns}x${rows} (q quits)`}</Text>
      </Box>
    );
  }

  const spec = overlay ? views.overlay(overlay) : undefined;
  const OverlayBody = overlay ? (SHELL_OVERLAY_COMPONENTS[overlay] ?? spec?.Component) : undefined;
  const Body = OverlayBody ?? views.byId(view)?.Body;
  const bodyRows = OverlayBody && spec?.maxHeight ? Math.min(bodyHeight, spec.maxHeight) : bodyHeight;

  return (
    <Box flexDirection="column" width={columns} height={height} overflow="hidden">
      <Header width={columns} />
      <Banner width={columns} />
      <Tabs width={columns} />
      {Body ? <Body width={columns} height={bodyRows} /> : <Box height={bodyHeight} />}
      <StatusLine width={columns} />
      <Prompt width={columns} />
      <Footer width={columns} />
    </Box>
  );
}
