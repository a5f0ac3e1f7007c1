import {compileLogQuery} from '../../../engine/logs/log-query.js';
import type {LogLine} from '../../../engine/logs/log-session.js';

// & in the pane: which lines it shows. `hide` (&!) shows the lines that do not match instead; `context` keeps as
// many lines around each shown match as `grep -C` does.
export type LogFilterSpec = {query: string; hide: boolean; context: number};

export const MAX_CONTEXT = 9;

// What the pane reads its lines from: the session's buffer, or the filter's view of it.
export type PaneLines = {readonly length: number; get(index: number): LogLine};

type Buffer = PaneLines & {readonly version: number};

// `&!text` is the same as `&` with hide: how the prompt's draft reads.
export function parseFilterDraft(draft: string, context: number): LogFilterSpec | undefined {
  const hide = draft.startsWith('!');
  const query = hide ? draft.slice(1) : draft;
  return query ? {query, hide, context} : undefined;
}

export const filterDraft = (spec: LogFilterSpec | undefined) => (spec ? `${spec.hide ? '!' : ''}${spec.query}` : '');

// For the title and the status line: `filter: error ±2`, `filter: not healthcheck`.
export function describeFilter(spec: LogFilterSpec): string {
  return `filter: ${spec.hide ? 'not ' : ''}${spec.query}${spec.context ? ` ±${spec.context}` : ''}`;
}

// The buffer's lines a filter shows, as indexes into the buffer: the lines are never copied, and whether a line
// matches is remembered with the line (lines are immutable), so that a buffer that changed (new lines, history in
// front, the oldest pushed out) is walked again at the cost of a lookup per line, not a match.
export class FilteredLines implements PaneLines, Iterable<LogLine> {
  private readonly matches: (text: string) => boolean;
  private readonly matched = new WeakMap<LogLine, boolean>();
  private indexes: number[] = [];
  private buffer: Buffer | undefined;
  private version = -1;

  // Throws on a `re:` pattern that is not a regular expression (the message says so).
  constructor(readonly spec: LogFilterSpec) {
    this.matches = compileLogQuery(spec.query);
  }

  get length(): number {
    return this.indexes.length;
  }

  get(position: number): LogLine {
    return (this.buffer as Buffer).get(this.indexOf(position));
  }

  // The buffer index of the line shown at `position` (callers ask within `length`, as of a buffer's array).
  indexOf(position: number): number {
    const index = this.indexes[position];
    if (index === undefined) throw new RangeError(`no line ${position} among the ${this.indexes.length} shown`);
    return index;
  }

  // Brings the view up to the buffer's current lines; nothing to do when they did not change.
  update(buffer: Buffer): this {
    if (buffer === this.buffer && buffer.version === this.version) return this;
    this.buffer = buffer;
    this.version = buffer.version;
    const context = this.spec.context;
    const shown: number[] = [];
    // The last index already shown, and the last one a match's trailing context reaches.
    let last = -1;
    let trailing = -1;
    for (let index = 0; index < buffer.length; index++) {
      if (this.selects(buffer.get(index))) {
        for (let before = Math.max(index - context, last + 1); before <= index; before++) shown.push(before);
        last = index;
        trailing = index + context;
      } else if (index <= trailing) {
        shown.push(index);
        last = index;
      }
    }
    this.indexes = shown;
    return this;
  }

  *[Symbol.iterator](): Iterator<LogLine> {
    for (let position = 0; position < this.indexes.length; position++) yield this.get(position);
  }

  private selects(line: LogLine): boolean {
    let matched = this.matched.get(line);
    if (matched === undefined) {
      matched = this.matches(line.text);
      this.matched.set(line, matched);
    }
    return matched !== this.spec.hide;
  }
}
