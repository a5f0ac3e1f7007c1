import {EngineSession, type SessionListener} from '../engine/session.js';
import type {EngineStart} from '../engine/early-start.js';
import type {EngineTarget} from '../engine/target.js';
import type {Action} from '../store/actions.js';
import type {Store} from '../store/store.js';
import type {AppState} from '../store/state.js';
import type {EngineUpdate, Services} from '../views/types.js';
import type {ViewSet} from './view-set.js';

// What each engine session reports, handed to the views: the containers view hears every engine's containers,
// the lists across engines (`allEngineEvents`) every engine's events of their types, the other views the first
// engine only. One session per engine; N engines cost N event streams while idle.
export class EngineFanOut {
  // When each engine's connection broke (the first 'down' of a run of them), to say how long it was away.
  private downSince = new Map<string, number>();

  constructor(
    private readonly views: ViewSet,
    private readonly store: Store<AppState>,
    private readonly services: Services,
    private readonly dispatch: (action: Action) => unknown,
    // News of the whole app, shown whichever view shows.
    private readonly shared: (text: string) => void,
  ) {}

  // `several`: berth runs on several engines: each reports under its name, and only the containers view
  // (`allEngines`) hears the others, but for the events of the lists across engines (`allEngineEvents`).
  listenerFor(name: string, first: boolean, several: boolean): SessionListener {
    const engine = several ? name : undefined;
    return {
      connection: (connection, facts) => {
        if (facts) return void this.dispatch({type: 'connection', connection, facts, ...(engine ? {engine} : {})});
        const wasDown = this.downSince.get(name);
        if (connection.status === 'down' && wasDown === undefined) this.downSince.set(name, Date.now());
        else if (connection.status === 'connected') this.downSince.delete(name);
        this.dispatch({type: 'connection', connection, ...(engine ? {engine} : {})});
        if (connection.status === 'connected' && wasDown !== undefined) {
          const seconds = Math.max(1, Math.round((Date.now() - wasDown) / 1000));
          this.shared(
            `engine ${several ? `${name} (${connection.target})` : connection.target} is back after ${seconds} s; lists refreshed`,
          );
        }
      },
      containers: items => this.toViews({kind: 'containers', items, engine}, first),
      stale: () => this.toViews({kind: 'stale', engine}, first),
      event: first
        ? (event, beforeStart) => this.toViews({kind: 'event', event, engine, beforeStart}, first)
        : (event, beforeStart) => this.toEngineEventViews({kind: 'event', event, engine, beforeStart}),
    };
  }

  // Opens every engine at once (`connecting`: the first requests, started before the UI loaded); each connects,
  // reconnects and reports on its own. `settled`: what their event streams wait for (EngineSession.start).
  start(
    targets: readonly EngineTarget[],
    connecting: readonly (EngineStart | undefined)[],
    settled?: Promise<unknown>,
  ): EngineSession[] {
    const several = targets.length > 1;
    if (several)
      this.store.set(state => ({
        ...state,
        engines: targets.map(target => ({
          name: target.context,
          connection: {status: 'connecting', target: target.url},
        })),
      }));
    const sessions = targets.map(
      (target, i) =>
        // The others watch container events only, and the types of the lists across engines.
        new EngineSession(
          target,
          this.listenerFor(target.context, i === 0, several),
          i === 0 ? this.engineEventTypes() : this.allEngineEventTypes(),
        ),
    );
    sessions.forEach((session, i) =>
      session.start(connecting[i]?.client, connecting[i]?.containers, connecting[i]?.startedAt, settled),
    );
    return sessions;
  }

  engineEventTypes(): string[] {
    return [...new Set(this.views.all.flatMap(module => module.engineEvents ?? []))];
  }

  // The event types the views listing every engine's rows reload on (the other engines' streams carry these too).
  allEngineEventTypes(): string[] {
    return [...new Set(this.views.all.flatMap(module => (module.allEngineEvents ? (module.engineEvents ?? []) : [])))];
  }

  private toEngineEventViews(update: EngineUpdate): void {
    for (const module of this.views.all) if (module.allEngineEvents) module.onEngine?.(this.services, update);
  }

  private toViews(update: EngineUpdate, first: boolean): void {
    for (const module of this.views.all) if (first || module.allEngines) module.onEngine?.(this.services, update);
  }
}
