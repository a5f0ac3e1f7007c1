import {openSync} from 'node:fs';
import {ReadStream} from 'node:tty';
import {render} from 'ink';
import {dockerExecCommand, dockerRunCommand, logCommand} from '../command-log.js';
import {execInteractive} from '../engine/exec/exec.js';
import {runInteractive} from '../engine/exec/run-interactive.js';
import {attachContainer} from '../engine/exec/attach-container.js';
import {DEFAULT_DETACH_KEYS, describeDetachKeys} from '../engine/exec/detach-keys.js';
import {contextWords, dockerCommand} from '../command-log.js';
import {handOffTerminal} from './handoff.js';
import type {QueuedKey} from './input-queue.js';
import {sayDropped, typedBytes} from './typed-ahead.js';
import type {GlobalOptions} from '../cli/args.js';
import type {EngineStart} from '../engine/early-start.js';
import {firstLists} from './first-lists.js';
import type {EngineTarget} from '../engine/target.js';
import {Controller, type ExitRequest} from './controller.js';
import {enterAltScreen, installRestoreHandlers, restoreTerminal, setMouseCapture} from '../terminal.js';
import {filterMouseInput} from './mouse/stdin-filter.js';
import {routeMouse} from './mouse/route.js';
import {terminalReportsMouse} from './mouse/terminal-support.js';
import {trace} from '../trace.js';
import {saveCodeCacheAfterStart} from '../code-cache.js';
import {countResource, installResourceTrace} from '../diagnostics.js';
import {startIdleCollector} from '../idle-gc.js';
import {settledWithin} from '../util/settled-within.js';
import {DEFAULT_VIEWS, ViewSet} from './view-set.js';
import {engineEnv} from '../engine/user-commands/engine-env.js';
import {runInTerminal} from '../engine/user-commands/run.js';
import {userCommandsModule} from '../views/user-commands/index.js';
import {SHELL_COMMANDS} from './commands.js';
import {applyKeyOverrides, buildKeymap, readonlyKeymap} from './keymap.js';
import {loadConfig} from '../config.js';
import {uiStatePath} from '../config/saved-sorts.js';
import {resolveTheme} from '../theme/index.js';
import {colourlessStdout} from './colourless-stdout.js';
import {AppRoot} from './components/AppRoot.js';

// exec and run get the real terminal while the UI is unmounted; the store (selection, filter, log follows)
// lives on underneath, and the next render draws a full frame.
async function onRealTerminal(controller: Controller, request: Exclude<ExitRequest, {type: 'quit'}>): Promise<void> {
  // Keys typed after the one that asked for the session, before it had the terminal: a session that reads keys
  // (exec -it, run) reads them first; the others leave them unused, said on the status line.
  const typed = controller.takeTypedAhead();
  const unused = await sessionOnRealTerminal(controller, request, typed);
  if (unused) sayDropped(controller, typed);
}

// Whether the keys typed ahead were left unused.
async function sessionOnRealTerminal(
  controller: Controller,
  request: Exclude<ExitRequest, {type: 'quit'}>,
  typed: readonly QueuedKey[],
): Promise<boolean> {
  const engine = 'engine' in request ? request.engine : undefined;
  const client = controller.sessionNamed(engine)?.client;
  if (!client) {
    controller.status(
      engine && controller.sessions.length > 1
        ? `engine ${engine} is not connected; berth reconnects by itself (ctrl-r now)`
        : 'the engine is not connected; try again when the banner is gone',
      'error',
    );
    return true;
  }
  // With several engines the command log names the context of each command (docker --context A exec …).
  const context = controller.sessions.length > 1 ? client.target.context : undefined;
  // …and every message about a container names its engine first.
  const onEngine = (name: string) => (context ? `${context}/${name}` : name);
  trace.event({event: `${request.type}-handoff`});
  const typedAhead = typedBytes(typed);
  let unused = typed.length > 0;
  if (request.type === 'exec') {
    const reads = request.exec.tty && request.exec.interactive;
    const exec = reads ? {...request.exec, typedAhead} : request.exec;
    unused &&= !reads;
    logCommand(
      dockerExecCommand({
        context,
        containerName: exec.containerName ?? exec.containerId,
        cmd: exec.cmd,
        user: exec.user,
        tty: exec.tty,
        interactive: exec.interactive,
      }),
    );
    const outcome = await handOffTerminal(() => execInteractive(client.docker, client.api, exec), {
      rawMode: exec.tty && exec.interactive,
    });
    const what = `exec ${exec.cmd.join(' ')} in ${onEngine(exec.containerName ?? exec.containerId.slice(0, 12))}`;
    controller.status(
      outcome.error ? `${what}: ${outcome.error}` : `${what} exited ${outcome.exitCode}`,
      outcome.error ? 'error' : 'info',
    );
  } else if (request.type === 'attach') {
    const {attach} = request;
    const name = onEngine(attach.containerName ?? attach.containerId.slice(0, 12));
    const keys = attach.detachKeys ?? DEFAULT_DETACH_KEYS;
    logCommand(
      dockerCommand([
        ...contextWords(context),
        'attach',
        `--detach-keys=${keys}`,
        attach.containerName ?? attach.containerId.slice(0, 12),
      ]),
    );
    const outcome = await handOffTerminal(async () => {
      process.stdout.write(
        `\r\nberth: attached to ${name} · ${describeDetachKeys(keys)} detaches · ctrl-c goes to the process\r\n`,
      );
      return attachContainer(client.docker, attach);
    });
    const sent = outcome.interrupts ? ` · ${outcome.interrupts} ctrl-c sent as SIGINT` : '';
    const text =
      outcome.how === 'refused'
        ? `attach ${name}: ${outcome.error}`
        : outcome.how === 'detached'
          ? `detached from ${name} (${describeDetachKeys(keys)}); it is still running${sent}`
          : outcome.how === 'exited'
            ? `attach ${name}: the process exited ${outcome.exitCode}; the container stopped${sent}`
            : `attach ${name}: ${outcome.error}${outcome.running ? `; ${name} is still running` : ''}${sent}`;
    controller.status(text, outcome.how === 'refused' || outcome.how === 'closed' ? 'error' : 'info');
  } else if (request.type === 'command') {
    const {name, argv} = request.command;
    const env = engineEnv(client.target);
    const outcome = await handOffTerminal(
      async () => {
        const result = await runInTerminal(argv, env);
        const how = result.error ?? (result.signal ? `killed by ${result.signal}` : `exited ${result.exitCode}`);
        process.stdout.write(`\r\nberth: ${name} ${how} · press enter to return\r\n`);
        await waitForEnter();
        return {...result, how};
      },
      {rawMode: false},
    );
    controller.status(`${name}: ${outcome.how}`, outcome.error || outcome.exitCode ? 'error' : 'info');
  } else {
    const run = {...request.run, typedAhead};
    unused = false;
    logCommand(dockerRunCommand({context, image: run.image, cmd: run.cmd, rm: run.autoRemove, name: run.name}));
    const outcome = await handOffTerminal(() => runInteractive(client.docker, client.api, run));
    const where = outcome.containerName
      ? ` in new container ${outcome.containerName}${context ? ` on engine ${context}` : ''}${run.autoRemove ? ' (removed)' : ''}`
      : '';
    controller.status(
      outcome.error ? `run ${run.image}: ${outcome.error}` : `run ${run.image}${where} exited ${outcome.exitCode}`,
      outcome.error ? 'error' : 'info',
    );
  }
  trace.event({event: `${request.type}-returned`});
  return unused;
}

// After a command on the real terminal: its last lines stay readable until enter. Read from a second descriptor on
// the terminal (as the cooked exec does), so process.stdin, which Ink reads, is left exactly as it was.
async function waitForEnter(): Promise<void> {
  let input: ReadStream;
  try {
    input = new ReadStream(openSync('/dev/tty', 'r'));
  } catch {
    return;
  }
  await new Promise<void>(resolve => {
    input.once('data', () => resolve());
    input.once('error', () => resolve());
    input.once('end', () => resolve());
  });
  input.destroy();
}

// `targets`: the engines to open (several with --context A --context B, --all-contexts or the config's
// contexts:), each with its first request already under way; `problems`: contexts left out, said on screen.
type UiOptions = {
  targets: readonly [EngineTarget, ...EngineTarget[]];
  options: GlobalOptions;
  connecting: readonly EngineStart[];
  problems?: readonly string[];
};

const CLOSE_WAIT_MS = 2000;

// Owns the terminal for the UI's lifetime: render, wait for an exit request, act on the real terminal, render again.
export async function runUi({targets, options, connecting, problems: leftOut = []}: UiOptions): Promise<number> {
  const [target] = targets;
  const loaded = await loadConfig(options.config, process.env);
  // User-defined commands become one more module: their keys join the one keymap, their names the : commands.
  const builtin = [...DEFAULT_VIEWS.commands(), ...SHELL_COMMANDS].map(command => command.name);
  const user = userCommandsModule(
    loaded.config.commands,
    DEFAULT_VIEWS.views,
    buildKeymap(DEFAULT_VIEWS),
    builtin,
    loaded.file,
  );
  const views = user.commands.length
    ? new ViewSet(DEFAULT_VIEWS.views, [...DEFAULT_VIEWS.panes, user.module])
    : DEFAULT_VIEWS;
  const overridden = applyKeyOverrides(buildKeymap(views), loaded.config.keys);
  const keymap = options.readonly ? readonlyKeymap(overridden.keymap) : overridden.keymap;
  const registries = [
    ...new Set([
      ...options.registries,
      ...(process.env.BERTH_REGISTRY ? [process.env.BERTH_REGISTRY] : []),
      ...loaded.config.registries.map(r => r.url),
    ]),
  ];
  const controller = new Controller(
    target.url,
    {
      registries,
      registryCa: options.registryCa ?? process.env.BERTH_REGISTRY_CA,
      registryOptions: Object.fromEntries(
        loaded.config.registries.map(r => [r.url, {insecure: r.insecure, caFile: r.ca}]),
      ),
      configFile: loaded.file,
      uiStateFile: uiStatePath(process.env),
      cwd: process.cwd(),
      composeFiles: options.composeFiles,
      composeProject: options.composeProject,
      readonly: options.readonly,
      logBufferLines: loaded.config.logs.bufferLines,
      logTail: loaded.config.logs.tail,
      eventBufferLines: loaded.config.events.bufferLines,
      alerts: loaded.config.alerts,
      shells: loaded.config.exec.shells,
      execUser: loaded.config.exec.user,
      detachKeys: loaded.config.attach.detachKeys,
      theme: resolveTheme({
        flag: options.theme,
        config: loaded.config.theme,
        env: process.env,
        colours: loaded.config.colors,
      }),
      clipboard: loaded.config.clipboard,
      mouse: loaded.config.mouse && terminalReportsMouse(process.env),
    },
    views,
    keymap,
  );
  const problems = [...leftOut, ...loaded.problems, ...user.problems, ...overridden.problems];
  if (problems.length) controller.status(problems.join(' · '), 'error');
  // The event streams and /version are asked for once the first frame is out (EngineSession.start says why).
  let drawn = () => {};
  const firstFrame = new Promise<void>(resolve => (drawn = resolve));
  controller.startEngines(targets, connecting, firstFrame);
  await firstLists(connecting);

  installRestoreHandlers();
  installResourceTrace();
  startIdleCollector();
  countResource('storeListeners', () => controller.store.listenerCount());
  // Mouse reports follow the M key; the escapes go out once per change (terminal.ts), never per frame.
  const followMouse = () => setMouseCapture(controller.store.get().mouse.capture);
  followMouse();
  const stopFollowingMouse = controller.store.subscribe(followMouse);
  enterAltScreen();
  saveCodeCacheAfterStart();
  const stdout = controller.config.theme?.plain ? colourlessStdout(process.stdout) : process.stdout;
  try {
    for (;;) {
      // Only while Ink reads the keys: a session on the real terminal gets its input untouched.
      const unfilter = filterMouseInput(process.stdin, event => routeMouse(controller, event));
      const instance = render(<AppRoot controller={controller} />, {
        stdout,
        exitOnCtrlC: false,
        patchConsole: false,
        // Log changes are published at most 10 times a second anyway; the cap matters for keys, which should not
        // wait long for the next frame while pages or log lines keep Ink busy.
        maxFps: 60,
        incrementalRendering: process.env.BERTH_INCREMENTAL !== '0',
        onRender: ({renderTime}) => trace.frame(renderTime),
      });
      drawn();
      const request = (await instance.waitUntilExit()) as ExitRequest | undefined;
      instance.cleanup();
      unfilter();
      if (!request || request.type === 'quit') break;
      await onRealTerminal(controller, request);
    }
  } finally {
    // The terminal is restored even if a view's close fails.
    let closing: Promise<unknown> | undefined;
    try {
      stopFollowingMouse();
      closing = controller.close();
    } finally {
      restoreTerminal();
    }
    // With the terminal back, what the views stopped finishes on disk (an archive's partial file still being
    // opened when the user quit is removed by its own clean-up), for at most CLOSE_WAIT_MS.
    await settledWithin(closing, CLOSE_WAIT_MS);
  }
  return 0;
}
