import type {LogRequest} from './entry-fetch.js';
import {toEngineTimestamp} from '../../text/since.js';

export type LogWindow = {
  // Entries to show from the end of the log; 'all' (or nothing) means as many as the buffer holds.
  tail?: number | 'all';
  // Unix seconds on the engine's clock (see text/since.ts for turning `10m` into this).
  since?: number;
};

// Entries asked for first: a screenful, so the pane fills within milliseconds of opening.
export const HEAD_ENTRIES = 200;

export type RequestPlan = {
  // Opened at once: the newest entries, then (when following) everything new.
  head: LogRequest;
  // Opened as soon as the head's first entry is known, with `until` = that entry's timestamp.
  history?: {tail: number; since?: string};
};

// Why two requests (the tail shows first, history streams in behind it; lazydocker took minutes to open a
// log of a million lines, https://github.com/jesseduffield/lazydocker/issues/433):
// the engine answers `tail=N&until=T` by taking the last N entries of the *whole* log and then dropping those
// after T (checked on Engine 20.10: tail=5&until=<entry 50 of 100> returned nothing). So the history request
// `tail=N&until=T` returns exactly the part of the last N entries that the head did not already bring, and it
// never asks for more than the buffer can hold: a window of "everything" over 200,000 lines reads the last
// `bufferLines` entries, not 200,000 that would be pushed out again at once.
export function planRequests(window: LogWindow, follow: boolean, bufferLines: number, withHistory = true): RequestPlan {
  const since = window.since !== undefined && window.since > 0 ? toEngineTimestamp(window.since) : undefined;
  const wanted =
    window.tail === undefined || window.tail === 'all'
      ? bufferLines
      : Math.min(Math.max(0, Math.floor(window.tail)), bufferLines);
  if (wanted <= HEAD_ENTRIES || !withHistory) return {head: {tail: wanted, since, follow}};
  return {head: {tail: HEAD_ENTRIES, since, follow}, history: {tail: wanted, since}};
}
