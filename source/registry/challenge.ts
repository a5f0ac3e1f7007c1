import {HeaderCursor} from './header-tokens.js';

export interface Challenge {
  // Lowercased auth scheme: 'bearer', 'basic', 'negotiate', ...
  scheme: string;
  // Parameter names lowercased, values unquoted.
  params: Record<string, string>;
  token68?: string;
}

// RFC 7235 §4.1: a header may hold several challenges, each a scheme followed by either a token68
// or comma-separated auth-params in any order, and quoted values may contain commas
// (`scope="repository:a:pull,push"`). A fixed-order regex gets this wrong (docs/registry-facts.md).
export function parseWwwAuthenticate(header: string | string[] | undefined): Challenge[] {
  if (header === undefined) return [];
  const text = Array.isArray(header) ? header.join(', ') : header;
  const cursor = new HeaderCursor(text);
  const challenges: Challenge[] = [];
  let current: Challenge | undefined;
  while (!cursor.done) {
    cursor.skipSpace();
    if (cursor.accept(',')) continue;
    const start = cursor.pos;
    const word = cursor.token();
    if (!word) {
      cursor.skipPastComma();
      continue;
    }
    cursor.skipSpace();
    if (current && cursor.peek() === '=' && !isToken68Tail(text, cursor.pos)) {
      cursor.pos++;
      cursor.skipSpace();
      const value = cursor.tokenOrQuoted();
      const name = word.toLowerCase();
      if (!(name in current.params)) current.params[name] = value;
      continue;
    }
    // A word not followed by `=` starts a new challenge.
    current = {scheme: word.toLowerCase(), params: {}};
    challenges.push(current);
    cursor.skipSpace();
    const afterScheme = cursor.pos;
    const maybeName = cursor.token();
    cursor.skipSpace();
    if (maybeName && (cursor.peek() !== '=' || isToken68Tail(text, cursor.pos))) {
      // token68 (e.g. `Negotiate abc==`): the rest up to the next comma.
      cursor.pos = afterScheme;
      const end = text.indexOf(',', afterScheme);
      current.token68 = text.slice(afterScheme, end < 0 ? text.length : end).trim();
      cursor.pos = end < 0 ? text.length : end;
    } else {
      cursor.pos = afterScheme;
    }
    if (cursor.pos === start) cursor.pos++;
  }
  return challenges;
}

// `abc==` is a token68 with padding, not a parameter named abc with an empty value.
function isToken68Tail(text: string, equalsAt: number): boolean {
  let pos = equalsAt;
  while (text[pos] === '=') pos++;
  while (text[pos] === ' ' || text[pos] === '\t') pos++;
  return pos > equalsAt + 1 || pos >= text.length || text[pos] === ',';
}

// Bearer beats Basic when a registry offers both; other schemes are unusable here.
export function pickChallenge(challenges: Challenge[]): Challenge | undefined {
  return challenges.find(c => c.scheme === 'bearer') ?? challenges.find(c => c.scheme === 'basic');
}
