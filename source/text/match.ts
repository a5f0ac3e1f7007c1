import {withoutInvisibles} from './invisible.js';

// The query language of every filter and search (docs/contract.md): a case-insensitive substring, or `re:` and a
// regular expression, also case-insensitive. One implementation for the container and registry lists
// (store/list.ts) and log search (engine/logs/log-query.ts); each decides what a broken expression means for it.
export const REGEX_PREFIX = 're:';

// The query asked for a regular expression that does not compile; `reason` is what RegExp threw.
export class InvalidPatternError extends Error {
  constructor(
    readonly query: string,
    readonly reason: SyntaxError,
  ) {
    super(`"${query}" is not a valid regular expression (${reason.message})`);
    this.name = 'InvalidPatternError';
  }
}

// What the UI says of a broken `re:` query on the status line, for a list filter and the log search alike: the
// query, what is wrong with it, and the way out.
export function invalidPatternText(use: 'filter' | 'search', error: InvalidPatternError): string {
  const reason = error.reason.message.replace(/^Invalid regular expression: /, '');
  return `${use} "${error.query}": not a valid regular expression (${reason}); fix it, or ${use} without "re:" for plain text`;
}

// Throws InvalidPatternError for a `re:` query whose expression does not compile. Invisible format characters
// (text/invisible.ts) are taken out of the query and of the text: `password` matches `pass\u200Bword`, which the
// screen shows as `pass‹U+200B›word`.
export function compileMatcher(query: string): (text: string) => boolean {
  const visibleQuery = withoutInvisibles(query);
  if (visibleQuery === '') return () => true;
  if (visibleQuery.startsWith(REGEX_PREFIX)) {
    let pattern: RegExp;
    try {
      pattern = new RegExp(visibleQuery.slice(REGEX_PREFIX.length), 'i');
    } catch (error) {
      throw new InvalidPatternError(query, error as SyntaxError);
    }
    return text => pattern.test(withoutInvisibles(text));
  }
  const needle = visibleQuery.toLowerCase();
  // Text that holds the needle as it is holds it once lowercased and without invisibles too (the needle has
  // neither, and lowercase letters stay as they are): most texts a filter keeps are found without a copy of them.
  return text => text.includes(needle) || withoutInvisibles(text).toLowerCase().includes(needle);
}
