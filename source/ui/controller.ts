import {connectEngine, type EngineClient} from '../engine/client.js';
import type {EngineStart} from '../engine/early-start.js';
import {SETTLE_WAIT_MS, type EngineSession, type SessionListener} from '../engine/session.js';
import {EngineFanOut} from './engine-fan-out.js';
import type {EngineTarget} from '../engine/target.js';
import {BerthError, errorMessage} from '../errors.js';
import {trace} from '../trace.js';
import type {Action} from '../store/actions.js';
import type {AppState} from '../store/state.js';
import {createStore, type Store} from '../store/store.js';
import type {AppConfig, Binding, ExitRequest, Services} from '../views/types.js';
import {runCommand, SHELL_COMMANDS} from './commands.js';
import {buildKeymap} from './keymap.js';
import {reduceApp} from './reducer.js';
import {SHELL_OVERLAYS} from './shell-overlays.js';
import {DEFAULT_VIEWS, type ViewSet} from './view-set.js';
import {noteActivity} from '../idle-gc.js';
import {handleKey, keyLabel, keyWaitsFor, overlayWaitsFor} from './handle-key.js';
import {InputQueue, type QueuedKey} from './input-queue.js';

// The confirmation quit asks (no view owns it).
const QUIT_OWNER = 'shell.quit';
import {AppRuntime} from '../views/kit/runtime.js';
import {engineSystemTimeOffsetMs} from '../engine/clock.js';
import {settledWithin} from '../util/settled-within.js';

// Effects dispatch follow-up actions a few levels deep at most (open → opened → changed).
const MAX_DISPATCH_DEPTH = 32;
// An alert shown for less than this was not read yet: a key typed meanwhile leaves it on the status line.
const ALERT_READ_MS = 500;

export type {ExitRequest};

const CONTROLLER_DEFAULTS: AppConfig = {
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
  // One session per engine, in the order given; the first is the one the images, compose, registry, engine, swarm, volumes and networks views show.
  sessions: EngineSession[] = [];
  get session(): EngineSession | undefined {
    return this.sessions[0];
  }
  set session(session: EngineSession | undefined) {
    this.sessions = session ? [session] : [];
  }
  // Set by the mounted UI (attachUi): leaves Ink so run.tsx can use the real terminal (async effects end this way).
  private leave?: (request: ExitRequest) => void;
  // Every key, in the order typed; keys that cannot act yet wait there (ui/input-queue.ts).
  readonly input: InputQueue;
  // Each engine session's news, to the views that hear it.
  private readonly fanOut: EngineFanOut;

  // Keys typed after the one that left the UI for a session on the real terminal (e, :exec -it, :run, attach):
  // run.tsx writes them to the session or says they were dropped.
  private typedAhead: QueuedKey[] = [];
  // What Services.afterStart gives: the first frame, or at once.
  private started: Promise<unknown> = Promise.resolve();

  // Leaving for a session hands it the keys still queued: they were typed for it, never for berth's screen.
  get leaveUi(): ((request: ExitRequest) => void) | undefined {
    const leave = this.leave;
    return (
      leave &&
      ((request: ExitRequest) => {
        if (request.type !== 'quit') this.typedAhead = this.input.handOver();
        leave(request);
      })
    );
  }

  takeTypedAhead(): QueuedKey[] {
    return this.typedAhead.splice(0);
  }

  // The mounted UI says how to leave it; the returned function, run on unmount, takes that back. Keys held while
  // the UI was away (exec, run) are taken as soon as it is back.
  attachUi(leave: (request: ExitRequest) => void): () => void {
    this.leave = leave;
    queueMicrotask(() => this.input.drain());
    return () => {
      if (this.leave === leave) this.leave = undefined;
    };
  }

  constructor(
    target: string,
    config: Partial<AppConfig> = {},
    readonly views: ViewSet = DEFAULT_VIEWS,
    keymap?: readonly Binding[],
  ) {
    this.config = {...CONTROLLER_DEFAULTS, ...config};
    this.keymap = keymap ?? buildKeymap(views);
    this.store = createStore(views.initialState(target, this.config));
    this.services = {
      store: this.store,
      config: this.config,
      dispatch: action => this.dispatch(action),
      status: (text, kind = 'info') => void this.dispatch({type: 'status', text, kind}),
      engine: name => this.sessionNamed(name),
      engines: () => this.sessions,
      docker: name => this.docker(name),
      clockOffsetMs: async name => {
        const client = this.sessionNamed(name)?.client;
        return client ? engineSystemTimeOffsetMs(client) : 0;
      },
      leaveUi: request => this.leaveUi?.(request),
      switchEngine: target => this.switchEngine(target),
      holdKeys: (what, work) => this.input.hold(what, work),
      dropHeldKeys: typedFor => this.input.drop(typedFor),
      runtime: new AppRuntime(),
      afterStart: () => this.started,
    };
    this.fanOut = new EngineFanOut(views, this.store, this.services, this.dispatch, text => this.shared(text));
    this.input = new InputQueue({
      handle: (input, key) => {
        this.alertSeen();
        return handleKey(this, input, key);
      },
      waitsFor: (input, key) => keyWaitsFor(this, input, key),
      label: keyLabel,
      exit: request => this.leaveUi?.(request),
      status: (text, kind) => this.services.status(text, kind),
      currentStatus: () => this.store.get().status,
      subscribe: listener => this.store.subscribe(listener),
      live: () => Boolean(this.leave),
      cancels: (input, key) => key.escape && overlayWaitsFor(this, this.store.get()) !== undefined,
    });
  }

  // A key pressed while an alert shows (views/alerts/) says it was seen: the status line lets it go. Not a key
  // pressed in the same instant it came (typed before it could be read).
  private alertSeen(): void {
    const alert = this.store.get().alerts?.unseen;
    if (alert && Date.now() - alert.at >= ALERT_READ_MS) this.dispatch({type: 'alerts.seen'});
  }

  // A row's engine by name; without a name (or with one engine) the first.
  sessionNamed(name?: string): EngineSession | undefined {
    if (!name || this.sessions.length === 1) return this.sessions[0];
    return this.sessions.find(session => session.name === name);
  }

  private docker(name?: string): EngineClient['docker'] | undefined {
    const docker = this.sessionNamed(name)?.client?.docker;
    if (!docker)
      this.services.status(
        this.sessions.length > 1 && name
          ? `engine ${name} is not connected; berth reconnects by itself (ctrl-r now)`
          : 'the engine is not connected; try again when the banner is gone',
        'error',
      );
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
    } catch (error) {
      // An effect that throws on what a user typed must not take the terminal down: the status line says it, and
      // the state is the one the action made.
      this.services.status(
        error instanceof BerthError
          ? error.message
          : `internal error after "${action.type}": ${errorMessage(error)} (please report this)`,
        'error',
      );
      trace.event({event: 'effect-error', action: action.type, message: errorMessage(error)});
      return undefined;
    } finally {
      this.depth--;
    }
  };

  // The first engine's listener (the only one unless berth runs on several).
  get sessionListener(): SessionListener {
    return this.fanOut.listenerFor(this.sessions[0]?.name ?? '', true, false);
  }

  // Opens every engine at once; each connects, reconnects and reports on its own (ui/engine-fan-out.ts).
  startEngines(
    targets: readonly EngineTarget[],
    connecting: readonly (EngineStart | undefined)[] = [],
    settled?: Promise<unknown>,
  ): void {
    if (settled) this.started = settledWithin(settled, SETTLE_WAIT_MS);
    this.sessions = this.fanOut.start(targets, connecting, settled);
  }

  engineEventTypes(): string[] {
    return this.fanOut.engineEventTypes();
  }

  private effect(action: Action, before: AppState, after: AppState): ExitRequest | undefined {
    let request: ExitRequest | undefined;
    switch (action.type) {
      case 'app.quit':
        return this.quit(before);
      case 'overlay.submit':
        request = this.submit(before);
        break;
      case 'confirm.yes':
        if (before.overlay?.kind === 'confirm' && before.overlay.confirm.owner === QUIT_OWNER) return {type: 'quit'};
        if (before.overlay?.kind === 'confirm' && (!this.config.readonly || before.overlay.confirm.local)) {
          const {confirm} = before.overlay;
          this.views.byId(confirm.owner)?.confirmed?.(this.services, confirm);
        }
        break;
    }
    for (const module of this.views.all) request ??= module.effect?.(this.services, action, before, after) ?? undefined;
    return request;
  }

  // q asks first when quitting would interrupt something (a compose command under way); q or ctrl-c again
  // in that question quits anyway.
  private quit(before: AppState): ExitRequest | undefined {
    const asked = before.overlay?.kind === 'confirm' && before.overlay.confirm.owner === QUIT_OWNER;
    const running = asked ? [] : this.views.all.flatMap(module => module.quitting?.(this.services) ?? []);
    if (!running.length) return {type: 'quit'};
    this.dispatch({
      type: 'overlay.show',
      overlay: {
        kind: 'confirm',
        confirm: {
          owner: QUIT_OWNER,
          operation: 'quit',
          title: `Quit and interrupt ${running.length === 1 ? 'this command' : `these ${running.length} commands`}?`,
          targets: running,
          ids: [],
          names: [],
          local: true,
        },
      },
    });
    return undefined;
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
      this.shared(`connecting to ${target.url} (context ${target.context})…`);
      client = await connectEngine(target);
    } catch (error) {
      const current = this.session?.target;
      this.shared(
        `${errorMessage(error)}; still on ${current ? `${current.url} (context ${current.context})` : 'the previous engine'}`,
        'error',
      );
      return false;
    }
    const hadLogs = Boolean(this.store.get().logs);
    for (const module of this.views.all) if (module.engineBound) void module.close?.(this.services);
    for (const session of this.sessions) session.close();
    // Back to one engine: the one switched to.
    const slices: Partial<AppState> = {engines: undefined};
    for (const module of this.views.all) if (module.engineBound) Object.assign(slices, module.initial?.(this.config));
    this.dispatch({type: 'engine.switched', slices});
    this.startEngines([target], [{client: Promise.resolve(client)}]);
    this.shared(`switched to context ${target.context}${hadLogs ? ' · log pane closed' : ''}: ${target.url}`);
    return true;
  }

  // News of the whole app, shown whichever view shows (a view's own messages stay with it).
  private shared(text: string, kind: 'info' | 'error' = 'info'): void {
    this.dispatch({type: 'status', text, kind, shared: true});
  }

  status(text: string, kind: 'info' | 'error' = 'info'): void {
    this.services.status(text, kind);
  }

  // Settles once what the views stopped has finished (ViewModule.close).
  close(): Promise<unknown> {
    const closing = this.views.all.map(module => Promise.resolve(module.close?.(this.services)));
    this.services.runtime.close();
    for (const session of this.sessions) session.close();
    return Promise.allSettled(closing);
  }
}
