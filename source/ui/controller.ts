import {connectEngine, type EngineClient} from '../engine/client.js';
import {EngineSession, type SessionListener} from '../engine/session.js';
import type {EngineTarget} from '../engine/target.js';
import {errorMessage} from '../errors.js';
import type {Action} from '../store/actions.js';
import type {AppState} from '../store/state.js';
import {createStore, type Store} from '../store/store.js';
import type {AppConfig, Binding, EngineUpdate, ExitRequest, Services} from '../views/types.js';
import {runCommand, SHELL_COMMANDS} from './commands.js';
import {buildKeymap} from './keymap.js';
import {reduceApp} from './reducer.js';
import {SHELL_OVERLAYS} from './shell-overlays.js';
import {DEFAULT_VIEWS, type ViewSet} from './view-set.js';
import {noteActivity} from '../idle-gc.js';
import {AppRuntime} from '../views/kit/runtime.js';

// Effects dispatch follow-up actions a few levels deep at most (open → opened → changed).
const MAX_DISPATCH_DEPTH = 32;

export type {ExitRequest};

const DEFAULT_CONFIG: AppConfig = {
  logBufferLines: 10_000,
  logTail: 200,
  shells: ['/bin/bash', '/bin/sh'],
  readonly: false,
  registries: [],
  registryOptions: {},
};

// Reduces actions into the store and runs their effects through the views; React only reads the store and
// calls dispatch. The one place that holds the services effects are given.
export class Controller {
  readonly store: Store<AppState>;
  readonly config: AppConfig;
  readonly keymap: readonly Binding[];
  readonly services: Services;
  session?: EngineSession;
  // Set by the mounted UI: leaves Ink so run.tsx can use the real terminal (async effects end this way).
  leaveUi?: (request: ExitRequest) => void;

  constructor(
    target: string,
    config: Partial<AppConfig> = {},
    readonly views: ViewSet = DEFAULT_VIEWS,
    keymap?: readonly Binding[],
  ) {
    this.config = {...DEFAULT_CONFIG, ...config};
    this.keymap = keymap ?? buildKeymap(views);
    this.store = createStore(views.initialState(target, this.config));
    const controller = this;
    this.services = {
      store: this.store,
      config: this.config,
      dispatch: action => controller.dispatch(action),
      status: (text, kind = 'info') => void controller.dispatch({type: 'status', text, kind}),
      engine: () => controller.session,
      docker: () => controller.docker(),
      leaveUi: request => controller.leaveUi?.(request),
      switchEngine: target => controller.switchEngine(target),
      runtime: new AppRuntime(),
    };
  }

  private docker(): EngineClient['docker'] | undefined {
    const docker = this.session?.client?.docker;
    if (!docker) this.services.status('the engine is not connected; try again when the banner is gone', 'error');
    return docker;
  }

  private depth = 0;

  readonly dispatch = (action: Action): ExitRequest | undefined => {
    // An effect that dispatches its own action again would recurse until the stack runs out and take the
    // terminal down with it: past a depth no effect needs, the action is dropped and the status says so.
    if (this.depth >= MAX_DISPATCH_DEPTH) {
      if (action.type !== 'status')
        queueMicrotask(() =>
          this.services.status(
            `internal error: "${action.type}" dispatched itself; it was dropped (please report this)`,
            'error',
          ),
        );
      return undefined;
    }
    this.depth++;
    // A periodic sample (the stats columns' once a second) leaves berth quiet for the idle collector.
    if (!(action as {background?: boolean}).background) noteActivity();
    try {
      const before = this.store.get();
      this.store.set(state => reduceApp(this.views, state, action, this.keymap));
      return this.effect(action, before, this.store.get());
    } finally {
      this.depth--;
    }
  };

  // What the engine session reports, handed to the views (the containers view lists containers, others
  // follow their event types).
  // When the engine connection broke (the first 'down' of a run of them), to say how long it was away.
  private downSince?: number;

  readonly sessionListener: SessionListener = {
    connection: connection => {
      const wasDown = this.downSince;
      if (connection.status === 'down') this.downSince ??= Date.now();
      else if (connection.status === 'connected') this.downSince = undefined;
      this.dispatch({type: 'connection', connection});
      if (connection.status === 'connected' && wasDown !== undefined) {
        const seconds = Math.max(1, Math.round((Date.now() - wasDown) / 1000));
        this.services.status(`engine ${connection.target} is back after ${seconds} s; lists refreshed`);
      }
    },
    containers: items => this.toViews({kind: 'containers', items}),
    stale: () => this.toViews({kind: 'stale'}),
    event: event => this.toViews({kind: 'event', event}),
  };

  engineEventTypes(): string[] {
    return [...new Set(this.views.all.flatMap(module => module.engineEvents ?? []))];
  }

  private toViews(update: EngineUpdate): void {
    for (const module of this.views.all) module.onEngine?.(this.services, update);
  }

  private effect(action: Action, before: AppState, after: AppState): ExitRequest | undefined {
    let request: ExitRequest | undefined;
    switch (action.type) {
      case 'app.quit':
        return {type: 'quit'};
      case 'overlay.submit':
        request = this.submit(before);
        break;
      case 'confirm.yes':
        if (before.overlay?.kind === 'confirm' && (!this.config.readonly || before.overlay.confirm.local)) {
          const {confirm} = before.overlay;
          this.views.byId(confirm.owner)?.confirmed?.(this.services, confirm);
        }
        break;
    }
    for (const module of this.views.all) request ??= module.effect?.(this.services, action, before, after) ?? undefined;
    return request;
  }

  private submit(before: AppState): ExitRequest | undefined {
    const overlay = before.overlay;
    if (!overlay) return undefined;
    if (overlay.kind === 'command')
      return runCommand(this.services, [...this.views.commands(), ...SHELL_COMMANDS], overlay.draft);
    const spec = SHELL_OVERLAYS[overlay.kind] ?? this.views.overlay(overlay.kind);
    return spec?.submit?.(this.services, overlay);
  }

  // A context switch: the new engine must answer before anything changes; then the old session closes, every
  // engine-bound view starts again (the log pane closes), and the header follows the new connection.
  async switchEngine(target: EngineTarget): Promise<boolean> {
    let client: EngineClient;
    try {
      this.services.status(`connecting to ${target.url} (context ${target.context})…`);
      client = await connectEngine(target);
    } catch (error) {
      const current = this.session?.target;
      this.services.status(
        `${errorMessage(error)}; still on ${current ? `${current.url} (context ${current.context})` : 'the previous engine'}`,
        'error',
      );
      return false;
    }
    const hadLogs = Boolean(this.store.get().logs);
    for (const module of this.views.all) if (module.engineBound) module.close?.(this.services);
    this.session?.close();
    const slices = Object.assign(
      {},
      ...this.views.all.filter(module => module.engineBound).map(module => module.initial?.(this.config) ?? {}),
    );
    this.dispatch({type: 'engine.switched', slices});
    const session = new EngineSession(target, this.sessionListener, this.engineEventTypes());
    this.session = session;
    session.start(Promise.resolve(client));
    this.services.status(`switched to context ${target.context}${hadLogs ? ' · log pane closed' : ''}: ${target.url}`);
    return true;
  }

  status(text: string, kind: 'info' | 'error' = 'info'): void {
    this.services.status(text, kind);
  }

  close(): void {
    for (const module of this.views.all) module.close?.(this.services);
    this.services.runtime.close();
    this.session?.close();
  }
}
