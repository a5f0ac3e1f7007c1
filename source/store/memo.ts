// Remembers the last result for the last arguments (compared by identity): selectors then hand React the same
// array until their inputs change, as useSyncExternalStore needs.
export function memoLast<Args extends unknown[], R>(compute: (...args: Args) => R): (...args: Args) => R {
  let lastArgs: Args | undefined;
  let last: R;
  return (...args) => {
    if (!lastArgs || args.length !== lastArgs.length || args.some((arg, i) => arg !== lastArgs![i])) {
      last = compute(...args);
      lastArgs = args;
    }
    return last;
  };
}
