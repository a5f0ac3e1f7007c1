// Waits for `work` to settle (either way), or `ms` at most: for waits that must not hold anything up for long (the
// first frame for the early lists, the modules for the early requests, the exit for a view's clean-up).
export async function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const settled = work.then(
    () => undefined,
    () => undefined,
  );
  await Promise.race([settled, new Promise(resolve => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
