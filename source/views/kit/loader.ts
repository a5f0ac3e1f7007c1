import type {Services} from '../types.js';
import {singleFlight} from '../single-flight.js';
import {perApp} from './runtime.js';

// Engine events come in bursts (a prune, a compose up): one reload once they have settled this long.
export const RELOAD_SETTLE_MS = 150;

export type Loader = {
  // One load in flight per app; asks arriving meanwhile (events, keys) make exactly one more after it.
  load(services: Services): Promise<void>;
  // A burst of events: one load once they settle (each ask moves the timer).
  reloadSoon(services: Services): void;
  // Whether this app has a load in flight.
  busy(services: Services): boolean;
  // Drops a reload that was waiting for its burst to settle (engine switch, quit).
  cancel(services: Services): void;
};

type LoaderParts = {run: (services: Services) => Promise<void>; busy: boolean; timer?: NodeJS.Timeout};

export function loader(load: (services: Services) => Promise<void>): Loader {
  const parts = perApp<LoaderParts>(
    () => {
      const self: LoaderParts = {
        busy: false,
        run: singleFlight(async (services: Services) => {
          self.busy = true;
          try {
            await load(services);
          } finally {
            self.busy = false;
          }
        }),
      };
      return self;
    },
    self => clearTimeout(self.timer),
  );
  return {
    load: services => parts(services).run(services),
    reloadSoon(services) {
      const self = parts(services);
      clearTimeout(self.timer);
      self.timer = setTimeout(() => void self.run(services), RELOAD_SETTLE_MS);
    },
    busy: services => parts(services).busy,
    cancel: services => clearTimeout(parts(services).timer),
  };
}
