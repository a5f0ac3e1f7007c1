import type {EngineSession} from '../engine/session.js';
import {DEFAULT_KEYMAP, type Keymap} from '../ui/keymap.js';
import type {Action} from './actions.js';
import {runCommand} from './commands.js';
import {reduce} from './reducer.js';
import {type AppState, initialState} from './state.js';
import {createStore, type Store} from './store.js';

// What the UI must do after an action: nothing, or leave Ink so main.ts can do something on the real terminal.
export type ExitRequest = {type: 'quit'};

// Reduces actions into the store and runs their effects; React only reads the store and calls dispatch.
export class Controller {
  readonly store: Store<AppState>;
  session?: EngineSession;

  constructor(
    target: string,
    registry?: string,
    readonly keymap: Keymap = DEFAULT_KEYMAP,
  ) {
    this.store = createStore(initialState(target, registry));
  }

  readonly dispatch = (action: Action): ExitRequest | undefined => {
    const before = this.store.get();
    this.store.set(state => reduce(state, action));
    switch (action.type) {
      case 'app.quit':
        return {type: 'quit'};
      case 'refresh':
        this.session?.refreshNow();
        return undefined;
      case 'overlay.submit':
        if (before.overlay?.kind === 'command') return runCommand(this, before.overlay.draft);
        return undefined;
    }
    return undefined;
  };

  status(text: string, kind: 'info' | 'error' = 'info'): void {
    this.dispatch({type: 'status', text, kind});
  }
}
