// One load of a list in flight at a time; asks arriving meanwhile (events, keys) make exactly one more after it,
// with the newest argument, so a burst of events costs two lists, not one per event.
export function singleFlight<A>(load: (arg: A) => Promise<void>): (arg: A) => Promise<void> {
  let running = false;
  let next: {arg: A} | undefined;
  const run = async (arg: A): Promise<void> => {
    if (running) {
      next = {arg};
      return;
    }
    running = true;
    try {
      await load(arg);
    } finally {
      running = false;
      const queued = next;
      next = undefined;
      if (queued) void run(queued.arg);
    }
  };
  return run;
}
