// What one app keeps besides its state: timers, requests in flight, open sessions. One `AppRuntime` is created
// with each app (the controller puts it in the services), so two apps in one process share none of it, and
// closing the app stops all of it. A view names its part with `perApp` once, at module level; the part itself
// is made on first use, per app.

export type AppPart<T> = {create(): T; dispose?(value: T): void};

export class AppRuntime {
  private readonly parts = new Map<AppPart<unknown>, unknown>();

  get<T>(part: AppPart<T>): T {
    if (!this.parts.has(part)) this.parts.set(part, part.create());
    return this.parts.get(part) as T;
  }

  // Stops every part that knows how (timers cleared, requests aborted); the next use makes it again.
  close(): void {
    for (const [part, value] of this.parts) part.dispose?.(value);
    this.parts.clear();
  }
}

// A part of each app's runtime: `const reload = perApp(() => ({timer: undefined}))`, then `reload(services)`.
export function perApp<T>(create: () => T, dispose?: (value: T) => void): (owner: {runtime: AppRuntime}) => T {
  const part: AppPart<T> = {create, dispose};
  return owner => owner.runtime.get(part);
}
