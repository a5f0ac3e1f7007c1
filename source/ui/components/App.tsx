import {Box, Text, useApp} from 'ink';
import {useEffect} from 'react';
import {useController, useStore} from '../hooks/use-controller.js';
import {useKeyDispatch} from '../hooks/use-key-dispatch.js';
import {useTerminalSize} from '../hooks/use-terminal-size.js';
import {Banner, bannerRows} from './Banner.js';
import {Footer} from './Footer.js';
import {Header} from './Header.js';
import {Prompt} from './Prompt.js';
import {SHELL_OVERLAY_COMPONENTS} from './shell-overlay-components.js';
import {shownStatus, StatusLine, statusLines} from './StatusLine.js';
import {Tabs} from './Tabs.js';
import {SHELL_OVERLAYS} from '../shell-overlays.js';
import {helpLines} from '../help-lines.js';
import {contentRows, OVERLAY_FRAME, OVERLAY_FRAME_ROWS} from '../../views/OverlayBox.js';
import {recordScreen} from '../mouse/screen.js';

const MIN_COLUMNS = 40;
const MIN_ROWS = 10;
// Fewer rows of the view than this above a dialog say nothing: the dialog takes the whole body then.
const MIN_UNDER_ROWS = 3;
// Below this a dialog gets the whole body rather than share it.
const MIN_CAPPED_ROWS = 6;

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
  const reason = useStore(state => (state.connection.status === 'down' ? state.connection.reason : ''));
  const connecting = useStore(state => state.connection.status === 'connecting');
  // Ink 6.8 clears the whole screen on every frame as tall as the terminal: stay one row short.
  const height = Math.max(1, rows - 1);
  const status = useStore(shownStatus);
  const banner = down ? bannerRows(reason, columns) : connecting ? 1 : 0;
  // A message takes the rows it needs, up to a third of the screen; it ends with … only when cut.
  const statusMost = Math.max(2, Math.floor((height - 3 - banner) / 3));
  const statusHeight = statusLines(status?.text, columns, statusMost).length;
  const bodyHeight = Math.max(1, height - 3 - banner - statusHeight);
  // A dialog is as tall as its content (plus its border) and sits over the lower part of the view, whose list
  // keeps the rows above it (and its cursor in sight there); a pane longer than the body takes it all.
  const overlayRows = useStore(state => {
    const overlay = state.overlay;
    if (!overlay || (!SHELL_OVERLAY_COMPONENTS[overlay.kind] && !views.overlay(overlay.kind)?.Component)) return 0;
    const spec = SHELL_OVERLAYS[overlay.kind] ?? views.overlay(overlay.kind);
    const content =
      overlay.kind === 'help'
        ? 1 + Math.max(1, helpLines(controller.keymap, views, overlay.scopes, overlay.query).length)
        : spec?.height?.(overlay, state, columns - OVERLAY_FRAME);
    const wanted = content === undefined ? bodyHeight : content + OVERLAY_FRAME_ROWS;
    // A confirmation longer than the body still leaves the list's heading and cursor row in sight above it (it
    // cuts or scrolls its own rows: the list shows what it is about); a pane (help, stats, inspect) longer than
    // the body takes all of it, since its own rows are what the user asked to see.
    const confirmation = spec?.scopes.includes('confirm') ?? false;
    const most =
      !confirmation || bodyHeight - MIN_UNDER_ROWS < MIN_CAPPED_ROWS ? bodyHeight : bodyHeight - MIN_UNDER_ROWS;
    return Math.min(most, Math.max(OVERLAY_FRAME_ROWS + 1, wanted));
  });
  const underRows = bodyHeight - overlayRows < MIN_UNDER_ROWS ? 0 : bodyHeight - overlayRows;
  const body = {width: columns, height: overlayRows ? underRows : bodyHeight};

  // Paging and scrolling use the height of the list on screen, which each view's layout decides.
  // An overlay that scrolls pages by its own rows.
  const viewportRows = useStore(state =>
    overlayRows && state.overlay && 'scroll' in state.overlay
      ? contentRows(overlayRows)
      : Math.max(1, views.active(state)?.listRows?.(state, body) ?? body.height - 1),
  );
  useEffect(() => {
    controller.dispatch({type: 'viewport', rows: viewportRows});
  }, [controller, viewportRows]);
  // The same numbers as drawn below (header, banner, tabs, body), for the mouse (ui/mouse/route.ts).
  const tooSmall = columns < MIN_COLUMNS || rows < MIN_ROWS;
  useEffect(() => {
    recordScreen(controller, {tabsRow: 1 + banner, bodyTop: 2 + banner, body, tooSmall});
  });

  if (tooSmall) {
    return (
      <Box width={columns} height={height}>
        <Text wrap="truncate-end">{`berth needs at least ${MIN_COLUMNS}x${MIN_ROWS}; this terminal is ${columns}x${rows} (q quits)`}</Text>
      </Box>
    );
  }

  const OverlayBody = overlay ? (SHELL_OVERLAY_COMPONENTS[overlay] ?? views.overlay(overlay)?.Component) : undefined;
  const Body = views.byId(view)?.Body;

  return (
    <Box flexDirection="column" width={columns} height={height} overflow="hidden">
      <Header width={columns} />
      <Banner width={columns} />
      <Tabs width={columns} />
      {OverlayBody ? (
        <>
          {Body && underRows ? <Body width={columns} height={underRows} /> : null}
          <OverlayBody width={columns} height={overlayRows} />
        </>
      ) : Body ? (
        <Body width={columns} height={bodyHeight} />
      ) : (
        <Box height={bodyHeight} />
      )}
      <StatusLine width={columns} most={statusMost} />
      <Prompt width={columns} />
      <Footer width={columns} />
    </Box>
  );
}
