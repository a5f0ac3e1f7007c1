import type {LogSource} from '../../engine/logs/log-source.js';
import {countResource} from '../../diagnostics.js';

// The one log source the pane shows (a container's log, a compose project's logs, a compose command's output).
// It lives outside the store: lines arrive far faster than React should render, and the pane reads the ring
// buffer directly at ≤ 10 Hz. `reopen` is how a source that is not one container's log takes the window keys.
let current: LogSource | undefined;
let reopen: ((window: number) => void) | undefined;

export const paneSession = {
  get: (): LogSource | undefined => current,
  reopen: (): ((window: number) => void) | undefined => reopen,
  replace(next: LogSource | undefined, options: {reopen?: (window: number) => void} = {}): void {
    current?.stop();
    current = next;
    reopen = options.reopen;
  },
};

countResource('logPaneListeners', () => current?.listenerCount ?? 0);
