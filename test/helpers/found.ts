// Lookups a test knows will find something (a row it waited for, a file it saw written): a miss is the test's own
// mistake or the failure it looks for, so it fails there with what was looked for, never as undefined further on.
export {at} from '../../packages/flex/test/at.js';

// The first group of `pattern` in `text` (a pattern whose group is mandatory).
export function firstGroup(pattern: RegExp, text: string): string {
  const found = pattern.exec(text)?.[1];
  if (found === undefined) throw new Error(`${String(pattern)} is not in:\n${text}`);
  return found;
}

// Each value with the one after it: [a, b], [b, c], … — none for fewer than two values.
export function adjacentPairs<T>(values: readonly T[]): Array<[T, T]> {
  const pairs: Array<[T, T]> = [];
  if (values.length > 0)
    values.reduce((previous, value) => {
      pairs.push([previous, value]);
      return value;
    });
  return pairs;
}
