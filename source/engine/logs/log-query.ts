import {BerthError} from '../../errors.js';
import {stripAnsi} from '../../text/sanitize.js';

const REGEX_PREFIX = 're:';

// The same query language as list filters (SPEC §3): a case-insensitive substring, or `re:` and a regular
// expression (also case-insensitive). Colour codes never match: the user searches what they see.
export function compileLogQuery(query: string): (text: string) => boolean {
  if (query.startsWith(REGEX_PREFIX)) {
    const source = query.slice(REGEX_PREFIX.length);
    let pattern: RegExp;
    try {
      pattern = new RegExp(source, 'i');
    } catch (error) {
      const reason = error instanceof Error ? error.message.replace(/^Invalid regular expression: /, '') : String(error);
      throw new BerthError(`search "${query}": not a valid regular expression (${reason}); fix it, or search without "re:" for plain text`);
    }
    return text => pattern.test(stripAnsi(text));
  }
  const needle = query.toLowerCase();
  return text => stripAnsi(text).toLowerCase().includes(needle);
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
