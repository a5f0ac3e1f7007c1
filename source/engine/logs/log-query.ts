import {BerthError} from '../../errors.js';
import {hasMarkers, withoutMarkers} from '../../text/invisible.js';
import {compileMatcher, InvalidPatternError, invalidPatternText} from '../../text/match.js';
import {stripAnsi} from '../../text/escapes.js';

// The same query language as list filters (text/match.ts). The user searches what they see: colour codes and the
// `‹U+200B›` markers of invisible characters never match, and the invisible characters themselves are not in the
// way (`password` finds `pass‹U+200B›word`).
export function compileLogQuery(query: string): (text: string) => boolean {
  let matches: (text: string) => boolean;
  try {
    matches = compileMatcher(query);
  } catch (error) {
    if (!(error instanceof InvalidPatternError)) throw error;
    throw new BerthError(invalidPatternText('search', error));
  }
  return text => matches(stripAnsi(withoutMarkers(text)));
}

export type LogSearch = {
  // Indexes of the matching lines.
  matches: number[];
  // How many of them hold invisible characters (shown as markers): the pane says so, since what matched is not
  // quite what the line says.
  withInvisibles: number;
};

export function searchLog(lines: Iterable<{text: string}>, query: string): LogSearch {
  const matches = compileLogQuery(query);
  const found: number[] = [];
  let withInvisibles = 0;
  let index = 0;
  for (const line of lines) {
    if (matches(line.text)) {
      found.push(index);
      if (hasMarkers(line.text)) withInvisibles++;
    }
    index++;
  }
  return {matches: found, withInvisibles};
}

export function searchLines(lines: Iterable<{text: string}>, query: string): number[] {
  return searchLog(lines, query).matches;
}
