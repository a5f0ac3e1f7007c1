import {compileLogQuery} from '../../../engine/logs/log-query.js';
import type {LogLine} from '../../../engine/logs/log-session.js';
import {hasMarkers} from '../../../text/invisible.js';
import type {PaneLines} from './filter.js';

// A search (/) over the lines the pane shows, run again whenever they change, as `less` keeps its matches on the
// lines: the oldest lines drop out of a full buffer (their matches go with them), history is put in front, new
// lines arrive (the matching ones are matches too). Matches are positions among the lines shown as of the last
// run; the lines themselves are kept so that the current match is found again among the next run's positions.
// Whether a line matches is remembered with the line (lines are immutable): a run costs a lookup per line.
export class LineSearch {
  private readonly matches: (text: string) => boolean;
  private readonly matched = new WeakMap<LogLine, boolean>();
  private found: LogLine[] = [];

  // Throws on a `re:` pattern that is not a regular expression (the message says so).
  constructor(readonly query: string) {
    this.matches = compileLogQuery(query);
  }

  // Positions of the matching lines among `lines`, oldest first; `current` is which of them `was` is (the line of
  // the match that was current), -1 when it is none of them (it left the buffer, or was cleared);
  // `withInvisibles` counts those that hold invisible characters (shown as markers, so what matched is not quite
  // what the line says).
  run(lines: PaneLines, was?: LogLine): {positions: number[]; current: number; withInvisibles: number} {
    const positions: number[] = [];
    const found: LogLine[] = [];
    let current = -1;
    let withInvisibles = 0;
    for (let position = 0; position < lines.length; position++) {
      const line = lines.get(position);
      if (!this.selects(line)) continue;
      if (line === was) current = found.length;
      positions.push(position);
      found.push(line);
      if (hasMarkers(line.text)) withInvisibles++;
    }
    this.found = found;
    return {positions, current, withInvisibles};
  }

  // The line of the `index`th match of the last run.
  lineOf(index: number): LogLine | undefined {
    return index >= 0 ? this.found[index] : undefined;
  }

  private selects(line: LogLine): boolean {
    let matched = this.matched.get(line);
    if (matched === undefined) {
      matched = this.matches(line.text);
      this.matched.set(line, matched);
    }
    return matched;
  }
}
