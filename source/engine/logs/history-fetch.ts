import type Docker from 'dockerode';
import {EntryFetch, type LogRequest, type LogOrigin} from './entry-fetch.js';
import {EntryLines} from './entry-lines.js';
import type {HeadOverlap} from './head-overlap.js';
import type {LogLine} from './line-assembler.js';

export type HistoryEvents = {
  // The request ended; its lines, oldest first, go in front of the buffer in one step.
  onEnd(lines: LogLine[]): void;
  onError(error: unknown): void;
};

// The history request: the older part of the window, up to where the head starts. Its lines are
// collected aside rather than pushed, so the buffer stays ordered and a reader anchored to the bottom sees
// nothing move.
export function fetchHistory(
  docker: Docker,
  source: string | LogOrigin,
  request: LogRequest,
  tty: boolean | undefined,
  overlap: HeadOverlap,
  capacity: number,
  events: HistoryEvents,
): EntryFetch {
  const pass = overlap.open();
  const lines: LogLine[] = [];
  const entryLines = new EntryLines(line => {
    lines.push(line);
    // Never more than the buffer could show; the engine's tail already bounds it, this is a second fence.
    if (lines.length > 2 * capacity) lines.splice(0, lines.length - capacity);
  });
  return new EntryFetch(docker, source, request, tty, {
    onOpen: () => undefined,
    onEntry: entry => {
      if (overlap.keeps(entry, pass)) entryLines.add(entry);
    },
    onEnd: () => {
      entryLines.flush();
      events.onEnd(lines);
    },
    onError: error => events.onError(error),
  });
}
