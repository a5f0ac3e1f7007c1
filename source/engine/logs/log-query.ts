import {BerthError} from '../../errors.js';
import {compileMatcher, InvalidPatternError} from '../../text/match.js';
import {stripAnsi} from '../../text/sanitize.js';

// The same query language as list filters (text/match.ts). Colour codes never match: the user searches what they see.
export function compileLogQuery(query: string): (text: string) => boolean {
  let matches: (text: string) => boolean;
  try {
    matches = compileMatcher(query);
  } catch (error) {
    if (!(error instanceof InvalidPatternError)) throw error;
    const reason = error.reason.message.replace(/^Invalid regular expression: /, '');
    throw new BerthError(`search "${query}": not a valid regular expression (${reason}); fix it, or search without "re:" for plain text`);
  }
  return text => matches(stripAnsi(text));
}

export function searchLines(lines: Iterable<{text: string}>, query: string): number[] {
  const matches = compileLogQuery(query);
  const found: number[] = [];
  let index = 0;
  for (const line of lines) {
    if (matches(line.text)) found.push(index);
    index++;
  }
  return found;
}
