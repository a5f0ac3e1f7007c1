import {render} from 'ink';
import type {GlobalOptions} from '../cli/args.js';
import type {EngineClient} from '../engine/client.js';
import {EngineSession} from '../engine/session.js';
import type {EngineTarget} from '../engine/target.js';
import {Controller, type ExitRequest} from '../store/controller.js';
import {enterAltScreen, installRestoreHandlers, restoreTerminal} from '../terminal.js';
import {trace} from '../trace.js';
import {App} from './components/App.js';
import {ControllerContext} from './hooks/use-store.js';

type UiOptions = {target: EngineTarget; options: GlobalOptions; connecting: Promise<EngineClient>};

// Owns the terminal for the UI's lifetime: render, wait for an exit request, act on the real terminal, render again.
export async function runUi({target, options, connecting}: UiOptions): Promise<number> {
  const registry = options.registries[0] ?? process.env.BERTH_REGISTRY;
  const controller = new Controller(target.url, registry);
  const session = new EngineSession(target, action => controller.dispatch(action));
  controller.session = session;
  session.start(connecting);

  installRestoreHandlers();
  enterAltScreen();
  try {
    for (;;) {
      const instance = render(
        <ControllerContext.Provider value={controller}>
          <App />
        </ControllerContext.Provider>,
        {
          exitOnCtrlC: false,
          patchConsole: false,
          maxFps: 20,
          incrementalRendering: process.env.BERTH_INCREMENTAL !== "0",
          onRender: ({renderTime}) => trace.frame(renderTime),
        },
      );
      const request = (await instance.waitUntilExit()) as ExitRequest | undefined;
      instance.cleanup();
      if (!request || request.type === 'quit') break;
    }
  } finally {
    session.close();
    restoreTerminal();
  }
  return 0;
}
