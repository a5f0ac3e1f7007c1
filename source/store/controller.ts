import type Docker from 'dockerode';
import type {ExecRequest} from '../engine/exec.js';
import type {LogSession} from '../engine/log-session.js';
import type {RunRequest} from '../engine/run-interactive.js';
import type {EngineSession} from '../engine/session.js';
import {DEFAULT_KEYMAP, type Keymap} from '../ui/keymap.js';
import type {Action} from './actions.js';
import {runCommand} from './commands.js';
import {confirmOperation, confirmed, loadSizes, runOperation, showEnv, showInspect} from './effects/containers.js';
import {changeWindow, clearLogs, openSelectedLogs, saveLogs, searchLogs} from './effects/logs.js';
import {openExecForm, openShell, submitExecForm} from './effects/exec.js';
import {reduce} from './reducer.js';
import {targetContainers} from './selectors.js';
import {type AppState, initialState} from './state.js';
import {createStore, type Store} from './store.js';

// What the UI must do after an action: nothing, or leave Ink so main.ts can do something on the real terminal.
export type ExitRequest =
  | {type: 'quit'}
  | {type: 'exec'; exec: ExecRequest}
  | {type: 'run'; run: RunRequest};

export type ControllerConfig = {
  logBufferLines: number;
  // Lines of window 0 (key 0), from logs.tail in the config.
  logTail: number;
  shells: readonly string[];
  execUser?: string;
  readonly: boolean;
  registryCa?: string;
  registryOptions: Record<string, {insecure?: boolean; caFile?: string}>;
  configFile?: string;
};

const DEFAULT_CONFIG: ControllerConfig = {logBufferLines: 10_000, logTail: 200, shells: ['/bin/bash', '/bin/sh'], readonly: false, registryOptions: {}};

// Reduces actions into the store and runs their effects; React only reads the store and calls dispatch.
export class Controller {
  readonly store: Store<AppState>;
  session?: EngineSession;
  logSession?: LogSession;
  readonly config: ControllerConfig;
  private registryModule?: Promise<typeof import('./effects/registry.js')>;
  // Set by the mounted UI: leaves Ink so run.tsx can use the real terminal (async effects end this way).
  leaveUi?: (request: ExitRequest) => void;

  constructor(
    target: string,
    registries: readonly string[] = [],
    readonly keymap: Keymap = DEFAULT_KEYMAP,
    config: Partial<ControllerConfig> = {},
  ) {
    this.config = {...DEFAULT_CONFIG, ...config};
    this.store = createStore(initialState(target, registries, this.config.readonly));
  }

  docker(): Docker | undefined {
    const docker = this.session?.client?.docker;
    if (!docker) this.status('the engine is not connected; try again when the banner is gone', 'error');
    return docker;
  }

  readonly dispatch = (action: Action): ExitRequest | undefined => {
    const before = this.store.get();
    this.store.set(state => reduce(state, action));
    return this.effect(action, before);
  };

  private effect(action: Action, before: AppState): ExitRequest | undefined {
    const names = () => targetContainers(before);
    const after = this.store.get();
    if (after.view === 'registry') this.registryEffect(action, before, after);
    switch (action.type) {
      case 'app.quit':
        return {type: 'quit'};
      case 'refresh':
        if (after.view === 'containers') {
          this.session?.refreshNow();
          void loadSizes(this);
        }
        return undefined;
      case 'overlay.submit':
        return this.submit(before);
      case 'confirm.yes':
        if (before.overlay?.kind === 'confirm' && !this.config.readonly) confirmed(this, before.overlay.confirm);
        return undefined;
      case 'container.stop':
        confirmOperation(this, 'stop');
        return undefined;
      case 'container.remove':
        confirmOperation(this, 'remove');
        return undefined;
      case 'container.start':
      case 'container.restart': {
        const targets = names();
        const operation = action.type === 'container.start' ? 'start' : 'restart';
        void runOperation(this, operation, targets.map(t => t.id), targets.map(t => t.name));
        return undefined;
      }
      case 'exec.shell':
        void openShell(this);
        return undefined;
      case 'exec.form':
        openExecForm(this);
        return undefined;
      case 'container.env':
        void showEnv(this);
        return undefined;
      case 'container.inspect':
        void showInspect(this);
        return undefined;
      case 'containers.toggleSize':
        void loadSizes(this);
        return undefined;
      case 'logs.open':
        openSelectedLogs(this);
        return undefined;
      case 'containers.loaded': {
        // A followed container that stopped and started again: follow it again from where it ended.
        const pane = after.logs;
        const row = pane && action.items.find(item => item.id === pane.containerId);
        if (row?.state === 'running' && this.logSession?.status === 'ended') this.logSession.resume();
        return undefined;
      }
      case 'logs.clear':
        clearLogs(this);
        return undefined;
      case 'logs.window0':
      case 'logs.window1':
      case 'logs.window2':
      case 'logs.window3':
      case 'logs.window4':
      case 'logs.window5':
      case 'logs.window6':
        changeWindow(this, Number(action.type.slice(-1)));
        return undefined;
    }
    return undefined;
  }

  // The registry client (undici and friends) loads on first use: most sessions never open view 4.
  private registry(): Promise<typeof import('./effects/registry.js')> {
    this.registryModule ??= import('./effects/registry.js');
    return this.registryModule;
  }

  private registryEffect(action: Action, before: AppState, after: AppState): void {
    void this.registry().then(registry => registry.registryEffect(this, action, before, after));
  }

  private submit(before: AppState): ExitRequest | undefined {
    const overlay = before.overlay;
    if (overlay?.kind === 'repository') void this.registry().then(registry => registry.openRepository(this, overlay.draft));
    if (overlay?.kind === 'addRegistry') void this.registry().then(registry => registry.addRegistry(this, overlay.draft));
    if (overlay?.kind === 'command') return runCommand(this, overlay.draft);
    if (overlay?.kind === 'execForm') return submitExecForm(this, overlay.form, overlay.draft);
    if (overlay?.kind === 'search') searchLogs(this, overlay.draft);
    if (overlay?.kind === 'save') void saveLogs(this, overlay.draft);
    return undefined;
  }

  status(text: string, kind: 'info' | 'error' = 'info'): void {
    this.dispatch({type: 'status', text, kind});
  }

  close(): void {
    void this.registryModule?.then(registry => registry.closeRegistryClients());
    this.logSession?.stop();
    this.session?.close();
  }
}
