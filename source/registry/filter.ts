import {compileMatcher, InvalidPatternError} from '../text/match.js';
import {RegistryError, problem} from './errors.js';

// The filter language of every list (text/match.ts): substring, case-insensitive, or a regular expression after
// `re:`. A broken expression is a usage error.
export function compileFilter(query: string): (name: string) => boolean {
  try {
    return compileMatcher(query);
  } catch (error) {
    if (!(error instanceof InvalidPatternError)) throw error;
    throw new RegistryError(
      'usage',
      problem(
        `filter "${query}"`,
        `is not a valid regular expression (${error.reason.message})`,
        'Fix the pattern, or drop "re:" to match a plain substring.',
      ),
    );
  }
}

export function filterNames(names: readonly string[], query: string): string[] {
  if (!query) return [...names];
  const matches = compileFilter(query);
  return names.filter(matches);
}
