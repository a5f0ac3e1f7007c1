// An index the test knows to be inside its array (a pick modulo the length, a frame both engines produced):
// a miss is the test's own mistake, said plainly rather than as a TypeError further on.
export function at<T>(values: readonly T[], index: number): T {
  const value = values[index];
  if (value === undefined) throw new RangeError(`test index ${index} outside 0..${values.length - 1}`);
  return value;
}
