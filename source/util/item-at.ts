// The element at an index the caller knows is inside its list (one below a length it checked, the entry it has just
// pushed, a position a loop walks): a miss is a bug in berth, said there with the index and the length rather than
// as an undefined read somewhere later. A negative index counts from the end, as Array.prototype.at does; a hole
// or an undefined element is a miss too, so the type it returns holds no undefined.
// (Named itemAt because engine/json.ts's `at` walks a path of keys.)
export function itemAt<T>(values: ArrayLike<T | undefined>, index: number): T {
  const position = index < 0 ? values.length + index : index;
  const value = Number.isInteger(position) ? values[position] : undefined;
  if (value === undefined) throw new RangeError(`index ${index} holds nothing in a list of ${values.length}`);
  return value;
}
