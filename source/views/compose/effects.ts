import {logCommand} from '../../command-log.js';
import {ComposeRun} from '../../engine/compose/compose-run.js';
import {configuredServices} from '../../engine/compose/configured-services.js';
import type {ComposeProject} from '../../engine/compose/project.js';
import {
  composeArgs,
  composeEngine,
  composeRunner,
  displayCommand,
  needsFiles,
  type ComposeOperation,
  type ComposeRunner,
} from '../../engine/compose/runner.js';
import {removeTempDir} from '../../engine/temp-dirs.js';
import {errorMessage} from '../../errors.js';
import {showSource} from '../kit/log-pane/effects.js';
import {paneSession} from '../kit/log-pane/session.js';
import {perApp} from '../kit/runtime.js';
import type {Services} from '../types.js';
import {engineKey} from '../kit/across-engines.js';
import {engineAwayReason} from '../../store/engine-connections.js';
import {shownComposeEngine, projectNamed, selectedProject} from './selectors.js';

// Every compose command berth started, by project (the newest one); `o` shows it again, quit interrupts it.
// This app's compose commands, by project (one at a time each), and the last one started (o shows it).
const composeRuns = perApp(
  () => ({byProject: new Map<string, ComposeRun>(), ids: 0, last: undefined as ComposeRun | undefined}),
  self => {
    for (const run of self.byProject.values()) run.close();
  },
);

const OPERATION_WORDS: Record<ComposeOperation['op'], string> = {
  build: 'build',
  up: 'up',
  down: 'down',
  'config-services': 'config',
  logs: 'logs',
};

// Which compose there is, found once; the view shows it (or what to install).
export async function detect(services: Services): Promise<ComposeRunner | undefined> {
  const found = await composeRunner();
  if (!services.store.get().compose.detected)
    services.dispatch({
      type: 'compose.detected',
      runner: found.runner,
      problem: found.runner ? undefined : found.problem,
    });
  return found.runner;
}

// The engine the compose view shows (with several engines, the one picked with engine:NAME): every command goes there.
function engineTarget(services: Services, engine = shownComposeEngine(services.store.get())) {
  return services.engine(engine)?.client?.target ?? services.engine(engine)?.target;
}

// A run's key: the project on its engine (two engines may each have a `web` project).
const runKey = (engine: string | undefined, project: string) => engineKey(engine, project);

// `config --services` for a project whose files are here: its services without containers show as well.
export async function loadConfigured(services: Services, project: ComposeProject): Promise<void> {
  const runner = await detect(services);
  const target = engineTarget(services);
  if (!runner || !target || !project.filesKnown) return;
  const engine = composeEngine(target, process.env, undefined, runner.kind);
  const command = composeArgs(runner, project, {op: 'config-services'}, engine.context);
  const result = await configuredServices(command, {cwd: project.workingDir, env: engine.env});
  disposeEngine(engine);
  services.dispatch(
    'error' in result
      ? {type: 'compose.configured', project: project.name, error: `compose config: ${result.error}`}
      : {type: 'compose.configured', project: project.name, services: result.services},
  );
}

function disposeEngine(engine: {tempDir?: string}): void {
  if (engine.tempDir) removeTempDir(engine.tempDir);
}

function statusOf(run: ComposeRun): string {
  if (run.status === 'running') return 'running';
  if (run.status === 'interrupting') return 'interrupting';
  if (run.exitCode === undefined) return `could not start: ${run.error ?? ''}`;
  return `${run.interrupted ? 'interrupted · ' : ''}exit ${run.exitCode}`;
}

function showRun(services: Services, run: ComposeRun, project: string, word: string): void {
  showSource(
    services,
    run,
    {
      containerId: `compose-run:${project}:${word}`,
      name: project,
      owner: 'compose',
      window: 0,
      kind: 'compose',
      title: `compose ${word} ${project}`,
    },
    () => statusOf(run),
  );
}

// Why an operation cannot run for this project now, or undefined.
export function unavailable(
  runner: ComposeRunner | undefined,
  problem: string | undefined,
  project: ComposeProject | undefined,
  operation: ComposeOperation,
): string | undefined {
  if (!runner) return problem ?? 'no compose found';
  if (!project) return 'no project selected';
  if (!project.filesKnown && needsFiles(runner, operation)) {
    const what =
      operation.op === 'down'
        ? `down needs the project's files with compose v1 (${runner.program} ${runner.version}); compose v2 takes down by name`
        : `${operation.op} needs the project's files`;
    return `${project.name}: ${what}, and ${project.filesProblem ?? 'they are unknown'}`;
  }
  return undefined;
}

export async function runCompose(services: Services, projectName: string, operation: ComposeOperation): Promise<void> {
  await (
    await startCompose(services, projectName, operation)
  )?.done;
}

// Resolves once the command runs (or was refused), with its end: keys typed after `u` (a `q`) wait for it, so
// quitting knows there is a command to interrupt (it quit without asking, and compose never ran).
export async function startCompose(
  services: Services,
  projectName: string,
  operation: ComposeOperation,
): Promise<{done: Promise<void>} | undefined> {
  const word = OPERATION_WORDS[operation.op];
  const runner = await detect(services);
  const state = services.store.get();
  const project = projectNamed(state, projectName);
  const engine = shownComposeEngine(state);
  // compose would try and fail with a stack of its own: berth knows already.
  const away = engineAwayReason(state, engine);
  if (away) {
    services.status(
      `compose ${word}: ${engine ? `engine ${engine}` : 'the engine'} is away (${away}); try again once it is back`,
      'error',
    );
    return;
  }
  const why = unavailable(runner, state.compose.runnerProblem, project, operation);
  if (why || !runner || !project) {
    services.status(`compose ${word}: ${why}`, 'error');
    return;
  }
  const target = engineTarget(services, engine);
  if (!target) {
    services.status(
      `${engine ? `engine ${engine}` : 'the engine'} is not connected; compose runs against the engine view 3 shows`,
      'error',
    );
    return;
  }
  const key = runKey(engine, project.name);
  const runs = composeRuns(services);
  const running = runs.byProject.get(key);
  if (running?.running) {
    services.status(
      `a compose command is still running for ${project.name} (o shows it; ctrl-c there interrupts it)`,
      'error',
    );
    return;
  }
  let composeTarget;
  try {
    composeTarget = composeEngine(target, process.env, undefined, runner.kind);
  } catch (error) {
    services.status(`compose ${word}: ${errorMessage(error)}`, 'error');
    return;
  }
  const command = composeArgs(runner, project, operation, composeTarget.context);
  const run = new ComposeRun({
    ...command,
    env: composeTarget.env,
    // Without its files a project's directory may be gone: compose then runs where berth runs.
    cwd: project.filesKnown ? project.workingDir : undefined,
    display: displayCommand(command, composeTarget.env),
    bufferLines: services.config.logBufferLines,
  });
  runs.byProject.set(key, run);
  runs.last = run;
  const id = ++runs.ids;
  logCommand(run.command);
  services.dispatch({type: 'compose.run', summary: {id, project: key, operation: word, status: 'running'}});
  showRun(services, run, key, word);
  // In an object: a promise resolved with a promise would wait for that one too.
  return {done: finishCompose(services, run, {id, key, word, project, composeTarget})};
}

async function finishCompose(
  services: Services,
  run: ComposeRun,
  {
    id,
    key,
    word,
    project,
    composeTarget,
  }: {id: number; key: string; word: string; project: ComposeProject; composeTarget: {tempDir?: string}},
): Promise<void> {
  await run.done();
  disposeEngine(composeTarget);
  const status = statusOf(run);
  services.dispatch({type: 'compose.run', summary: {id, project: key, operation: word, status}});
  // The quit question asked about commands that have all ended now: it has nothing left to ask.
  const asked = services.store.get().overlay;
  const unasked = asked?.kind === 'confirm' && asked.confirm.operation === 'quit' && !runningCommands(services).length;
  if (unasked) services.dispatch({type: 'overlay.close'});
  services.status(
    `compose ${word} ${key}: ${status}${run.exitCode ? " (the pane shows compose's output)" : ''}${unasked ? ' — it ended before the quit question was answered: q quits now' : ''}`,
    run.exitCode === 0 ? 'info' : 'error',
  );
  if (project.filesKnown) void loadConfigured(services, project);
}

export function showOutput(services: Services): void {
  const state = services.store.get();
  const project = selectedProject(state);
  const runs = composeRuns(services);
  const run = (project && runs.byProject.get(runKey(shownComposeEngine(state), project.name))) ?? runs.last;
  if (!run) {
    services.status('no compose command has run yet (b build, u up, D down)', 'error');
    return;
  }
  const name = [...runs.byProject].find(([, r]) => r === run)?.[0] ?? '';
  showRun(
    services,
    run,
    name,
    run.command.includes(' build ') ? 'build' : run.command.includes(' down') ? 'down' : 'up',
  );
}

export function interrupt(services: Services): void {
  const source = paneSession.get(services);
  if (!(source instanceof ComposeRun)) return;
  if (source.interrupt())
    services.status(
      'ctrl-c: compose interrupted (SIGINT; SIGTERM follows if it keeps running; ctrl-c again sends it now)',
    );
  else services.status('compose is not running any more', 'error');
}

// What quit would interrupt: the compose commands still running.
export function runningCommands(services: Services): string[] {
  return [...composeRuns(services).byProject]
    .filter(([, run]) => run.running)
    .map(
      ([project, run]) =>
        `compose ${run.command.includes(' build ') ? 'build' : run.command.includes(' down') ? 'down' : 'up'} ${project} (running ${Math.round((Date.now() - run.startedAt) / 1000)} s)`,
    );
}

export function closeRuns(services: Services): void {
  const runs = composeRuns(services);
  for (const run of runs.byProject.values()) run.close();
  runs.byProject.clear();
  runs.last = undefined;
}
