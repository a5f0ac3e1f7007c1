export type Listener = () => void;

export type Store<S> = {
  get(): S;
  set(update: (state: S) => S): void;
  subscribe: (listener: Listener) => () => void;
  // Subscribers now (resource diagnostics: a number that grows under churn is a leak).
  listenerCount(): number;
};

export function createStore<S>(initial: S): Store<S> {
  let state = initial;
  const listeners = new Set<Listener>();
  return {
    get: () => state,
    set(update) {
      const next = update(state);
      if (next === state) return;
      state = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    listenerCount: () => listeners.size,
  };
}
