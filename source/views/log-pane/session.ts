import type {LogSession} from '../../engine/logs/log-session.js';
import {countResource} from '../../diagnostics.js';

// The one log session the pane shows. It lives outside the store: lines arrive far faster than React should
// render, and the pane reads the ring buffer directly at ≤ 10 Hz.
let current: LogSession | undefined;

export const paneSession = {
  get: (): LogSession | undefined => current,
  replace(next: LogSession | undefined): void {
    current?.stop();
    current = next;
  },
};

countResource('logPaneListeners', () => current?.listenerCount ?? 0);
