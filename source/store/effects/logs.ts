import {engineClockOffsetMs} from '../../engine/clock.js';
import {LogSession} from '../../engine/log-session.js';
import {errorMessage} from '../../errors.js';
import type {Controller} from '../controller.js';
import {selectedContainer} from '../selectors.js';
import {LOG_WINDOWS, type LogPaneState} from '../state.js';

const FLOOD_FRAME_MS = 200;

export type LogOptions = {since?: number; tail?: number | 'all'; follow: boolean; label: string};

// Opens (or reopens with other options) the log pane of a container; the session lives outside the store.
export async function openLogs(controller: Controller, target: {id: string; name: string}, window: number, custom?: LogOptions): Promise<void> {
  const client = controller.session?.client;
  if (!client) {
    controller.status('the engine is not connected; logs open once it is back', 'error');
    return;
  }
  controller.logSession?.stop();
  controller.logSession = undefined;
  const choice = LOG_WINDOWS[window] ?? LOG_WINDOWS[0];
  let since = custom?.since;
  if (!custom && choice.sinceSeconds) since = (Date.now() + (await engineClockOffsetMs(client))) / 1000 - choice.sinceSeconds;
  const follow = custom?.follow ?? true;
  const session = new LogSession(client.docker, {
    containerId: target.id,
    window: {tail: custom ? custom.tail : window === 0 ? controller.config.logTail : choice.tail, since},
    follow,
    bufferLines: controller.config.logBufferLines,
  });
  controller.logSession = session;
  const previous = controller.store.get().logs;
  const pane: LogPaneState = {
    containerId: target.id,
    name: target.name,
    window,
    custom,
    follow: true,
    scrollBack: 0,
    timestamps: previous?.timestamps ?? false,
    wrap: previous?.wrap ?? false,
    fullscreen: previous?.fullscreen ?? false,
    version: 0,
    total: 0,
    status: 'loading',
  };
  controller.dispatch({type: 'logs.opened', pane});
  let seen = 0;
  let lastPublish = 0;
  let pending: NodeJS.Timeout | undefined;
  const publish = () => {
    pending = undefined;
    if (controller.logSession !== session) return;
    const total = session.buffer.totalPushed;
    lastPublish = Date.now();
    controller.dispatch({
      type: 'logs.changed',
      version: session.version,
      total: session.buffer.length,
      appended: total - seen,
      status: session.status === 'error' || session.status === 'reconnecting' ? `${session.status}: ${session.error ?? ''}` : session.status,
    });
    seen = total;
  };
  // The session publishes at most 10 times a second. When more than a screenful arrives between two frames
  // (a flood nobody can read line by line), the pane follows at 5 frames a second instead: half the render
  // cost, and the newest line is still on screen within 0.2 s.
  session.subscribe(() => {
    if (pending) return;
    const flood = session.buffer.totalPushed - seen > controller.store.get().viewportRows * 2;
    const wait = flood ? Math.max(0, lastPublish + FLOOD_FRAME_MS - Date.now()) : 0;
    if (wait === 0) publish();
    else pending = setTimeout(publish, wait);
  });
  session.start();
}

export function openSelectedLogs(controller: Controller): void {
  const state = controller.store.get();
  const row = selectedContainer(state);
  if (!row) return;
  if (state.logs?.containerId === row.id) {
    controller.dispatch({type: 'logs.open'});
    return;
  }
  void openLogs(controller, row, state.logs?.window ?? 0);
}

export function changeWindow(controller: Controller, window: number): void {
  const pane = controller.store.get().logs;
  if (!pane) return;
  void openLogs(controller, {id: pane.containerId, name: pane.name}, window);
}

export function clearLogs(controller: Controller): void {
  const session = controller.logSession;
  if (!session) return;
  session.clear();
  controller.status('log pane cleared (new lines keep coming)');
}

export function searchLogs(controller: Controller, query: string): void {
  const session = controller.logSession;
  if (!session) return;
  if (!query) {
    controller.dispatch({type: 'logs.back'});
    return;
  }
  const matches = session.search(query);
  controller.dispatch({type: 'logs.searched', query, matches});
  controller.status(matches.length ? `${matches.length} lines match "${query}" (n next, N previous, esc clears)` : `no line matches "${query}"`, matches.length ? 'info' : 'error');
}

export async function saveLogs(controller: Controller, path: string): Promise<void> {
  const session = controller.logSession;
  if (!session || !path.trim()) return;
  if (path.trim() === '-') {
    controller.status('saving to standard output is not possible inside the UI; give a file path', 'error');
    return;
  }
  try {
    const {lines} = await session.save(path.trim());
    controller.status(`saved ${lines} lines to ${path.trim()}`);
  } catch (error) {
    controller.status(errorMessage(error), 'error');
  }
}
