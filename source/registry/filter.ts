import { RegistryError, problem } from './errors.js';

// SPEC §3: `/` filters by substring, case-insensitive; a `re:` prefix makes it a regular expression.
export function compileFilter(query: string): (name: string) => boolean {
  if (query.startsWith('re:')) {
    const source = query.slice(3);
    let pattern: RegExp;
    try {
      pattern = new RegExp(source, 'i');
    } catch (error) {
      throw new RegistryError(
        'usage',
        problem(`filter "${query}"`, `is not a valid regular expression (${(error as Error).message})`, 'Fix the pattern, or drop "re:" to match a plain substring.'),
      );
    }
    return (name) => pattern.test(name);
  }
  const needle = query.toLowerCase();
  return (name) => name.toLowerCase().includes(needle);
}

export function filterNames(names: readonly string[], query: string): string[] {
  if (!query) return [...names];
  const matches = compileFilter(query);
  return names.filter(matches);
}
