import {render} from 'ink';
import {dockerExecCommand, dockerRunCommand, logCommand} from '../command-log.js';
import {execInteractive} from '../engine/exec/exec.js';
import {runInteractive} from '../engine/exec/run-interactive.js';
import {handOffTerminal} from './handoff.js';
import type {GlobalOptions} from '../cli/args.js';
import type {EngineClient} from '../engine/client.js';
import {EngineSession} from '../engine/session.js';
import type {EngineTarget} from '../engine/target.js';
import {AppContext} from '../views/use-store.js';
import {Controller, type ExitRequest} from './controller.js';
import {enterAltScreen, installRestoreHandlers, restoreTerminal} from '../terminal.js';
import {trace} from '../trace.js';
import {countResource, installResourceTrace} from '../diagnostics.js';
import {App} from './components/App.js';
import {ControllerContext} from './hooks/use-controller.js';
import {DEFAULT_VIEWS} from './view-set.js';
import {applyKeyOverrides, buildKeymap, readonlyKeymap} from './keymap.js';
import {loadConfig} from '../config.js';

// exec and run get the real terminal while the UI is unmounted; the store (selection, filter, log follows)
// lives on underneath, and the next render draws a full frame.
async function onRealTerminal(controller: Controller, request: Exclude<ExitRequest, {type: 'quit'}>): Promise<void> {
  const client = controller.session?.client;
  if (!client) {
    controller.status('the engine is not connected; try again when the banner is gone', 'error');
    return;
  }
  trace.event({event: `${request.type}-handoff`});
  if (request.type === 'exec') {
    const {exec} = request;
    logCommand(dockerExecCommand({containerName: exec.containerName ?? exec.containerId, cmd: exec.cmd, user: exec.user, tty: exec.tty, interactive: exec.interactive}));
    const outcome = await handOffTerminal(() => execInteractive(client.docker, client.api, exec), {rawMode: exec.tty && exec.interactive});
    const what = `exec ${exec.cmd.join(' ')} in ${exec.containerName}`;
    controller.status(outcome.error ? `${what}: ${outcome.error}` : `${what} exited ${outcome.exitCode}`, outcome.error ? 'error' : 'info');
  } else {
    const {run} = request;
    logCommand(dockerRunCommand({image: run.image, cmd: run.cmd, rm: run.autoRemove, name: run.name}));
    const outcome = await handOffTerminal(() => runInteractive(client.docker, client.api, run));
    const where = outcome.containerName ? ` in new container ${outcome.containerName}${run.autoRemove ? ' (removed)' : ''}` : '';
    controller.status(
      outcome.error ? `run ${run.image}: ${outcome.error}` : `run ${run.image}${where} exited ${outcome.exitCode}`,
      outcome.error ? 'error' : 'info',
    );
  }
  trace.event({event: `${request.type}-returned`});
}

type UiOptions = {target: EngineTarget; options: GlobalOptions; connecting: Promise<EngineClient>};

// Owns the terminal for the UI's lifetime: render, wait for an exit request, act on the real terminal, render again.
export async function runUi({target, options, connecting}: UiOptions): Promise<number> {
  const loaded = await loadConfig(options.config, process.env);
  const overridden = applyKeyOverrides(buildKeymap(DEFAULT_VIEWS), loaded.config.keys);
  const keymap = options.readonly ? readonlyKeymap(overridden.keymap) : overridden.keymap;
  const registries = [
    ...new Set([...options.registries, ...(process.env.BERTH_REGISTRY ? [process.env.BERTH_REGISTRY] : []), ...loaded.config.registries.map(r => r.url)]),
  ];
  const controller = new Controller(
    target.url,
    {
    registries,
    registryCa: options.registryCa ?? process.env.BERTH_REGISTRY_CA,
    registryOptions: Object.fromEntries(loaded.config.registries.map(r => [r.url, {insecure: r.insecure, caFile: r.ca}])),
    configFile: loaded.file,
    readonly: options.readonly,
    logBufferLines: loaded.config.logs.bufferLines,
    logTail: loaded.config.logs.tail,
    shells: loaded.config.exec.shells,
    execUser: loaded.config.exec.user,
    },
    DEFAULT_VIEWS,
    keymap,
  );
  const problems = [...loaded.problems, ...overridden.problems];
  if (problems.length) controller.status(problems.join(' · '), 'error');
  const session = new EngineSession(target, controller.sessionListener, controller.engineEventTypes());
  controller.session = session;
  session.start(connecting);

  installRestoreHandlers();
  installResourceTrace();
  countResource('storeListeners', () => controller.store.listenerCount());
  enterAltScreen();
  try {
    for (;;) {
      const instance = render(
        <ControllerContext.Provider value={controller}>
          <AppContext.Provider value={{services: controller.services, keymap: controller.keymap}}>
            <App />
          </AppContext.Provider>
        </ControllerContext.Provider>,
        {
          exitOnCtrlC: false,
          patchConsole: false,
          // Log changes are published at most 10 times a second anyway; the cap matters for keys, which should not
          // wait long for the next frame while pages or log lines keep Ink busy.
          maxFps: 60,
          incrementalRendering: process.env.BERTH_INCREMENTAL !== "0",
          onRender: ({renderTime}) => trace.frame(renderTime),
        },
      );
      const request = (await instance.waitUntilExit()) as ExitRequest | undefined;
      instance.cleanup();
      if (!request || request.type === 'quit') break;
      await onRealTerminal(controller, request);
    }
  } finally {
    // The terminal is restored even if a view's close fails.
    try {
      controller.close();
    } finally {
      restoreTerminal();
    }
  }
  return 0;
}
