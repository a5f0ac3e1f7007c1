// `:stop PATTERN` (docs/contract.md): a trailing `*` means "starts with", anything else is an exact name.
//
// The engine's `name` filter is an unanchored Go regexp tried against the name with and without
// its leading `/` (docs/engine-facts.md, "Name filters"): `web*` there would match `old-web-3`,
// and `we*` would match `wz` (zero or more `e`). So the filter is anchored and escaped, and every answer is checked
// again on the client: this list decides what gets stopped, and the engine silently returns []
// for a regexp it cannot parse.

export interface NamePattern {
  /** Go regexp for the engine's `filters={"name":[…]}`. */
  engineFilter: string;
  /** Client-side check against a container name, with or without the leading `/`. */
  matches: (name: string) => boolean;
  /** The name or prefix itself, without the `*` or a leading `/`. */
  literal: string;
  isPrefix: boolean;
}

// The characters Go's regexp.QuoteMeta escapes.
const GO_REGEXP_META = /[\\.+*?()|[\]{}^$]/g;

function quoteGoRegexp(literal: string): string {
  return literal.replace(GO_REGEXP_META, '\\$&');
}

function withoutSlash(name: string): string {
  return name.startsWith('/') ? name.slice(1) : name;
}

/** Throws an Error for an empty pattern or a `*` anywhere but at the end. */
export function namePattern(pattern: string): NamePattern {
  const trimmed = pattern.trim();
  const isPrefix = trimmed.endsWith('*');
  const literal = withoutSlash(isPrefix ? trimmed.slice(0, -1) : trimmed);
  if (literal.includes('*')) {
    throw new Error(`name pattern "${pattern}": only a trailing * is supported (web* stops web-1, web-2, …)`);
  }
  if (!isPrefix && literal === '') {
    throw new Error('name pattern is empty: give a container name, or a prefix followed by *');
  }
  const engineFilter = `^/?${quoteGoRegexp(literal)}${isPrefix ? '' : '$'}`;
  const matches = isPrefix
    ? (name: string) => withoutSlash(name).startsWith(literal)
    : (name: string) => withoutSlash(name) === literal;
  return {engineFilter, matches, literal, isPrefix};
}
