import {HELP, parseCommandLine} from './cli/args.js';
import {BerthError, UsageError, errorMessage} from './errors.js';
import {startEngines} from './engine/early-start.js';
import {resolveEngineTarget} from './engine/target.js';
import {resolveEngineTargets, wantsSeveral} from './engine/engine-targets.js';
import {configContexts} from './config.js';
import {VERSION} from './version.js';
import {quietDependencyWarnings} from './node-warnings.js';
import {trace} from './trace.js';
import {codeCache} from './code-cache.js';

quietDependencyWarnings();

// `berth events | head -2`: the reader went away, which ends the command as it ends `docker events` (a write
// after that raised EPIPE with a stack trace).
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  process.exit(0);
});

async function main(argv: string[]): Promise<number> {
  if (argv[0] === 'setup') {
    const {setupCommand} = await import('./cli/setup/setup-command.js');
    return setupCommand(argv.slice(1), {stdout: process.stdout, env: process.env});
  }
  // `berth --config FILE config --path`: the file given first, as for any command.
  const lead = argv[0] === '--config' ? 2 : argv[0]?.startsWith('--config=') ? 1 : 0;
  if (argv[lead] === 'config') {
    const {configCommand} = await import('./cli/config-command.js');
    const args = [...argv.slice(0, lead), ...argv.slice(lead + 1)];
    return configCommand(args, {stdout: process.stdout, env: process.env});
  }
  const {options, flags, command} = parseCommandLine(argv);
  if (options.help) {
    process.stdout.write(HELP);
    return 0;
  }
  if (options.version && command.length === 0) {
    process.stdout.write(`berth ${VERSION}\n`);
    return 0;
  }
  const [name, ...rest] = command;
  if (name === 'registry') {
    const {registryCommand} = await import('./registry/cli.js');
    const forwarded = [...rest];
    for (const url of options.registries) forwarded.push('--registry', url);
    if (options.registryCa) forwarded.push('--registry-ca', options.registryCa);
    if (flags.json) forwarded.push('--json');
    if (options.readonly) forwarded.push('--readonly');
    return registryCommand(forwarded, {stdout: process.stdout, stderr: process.stderr, env: process.env});
  }
  if (name === 'doctor') {
    if (rest.length)
      throw new UsageError(`berth doctor takes no arguments (got "${rest.join(' ')}"); see berth --help`);
    // Before the engine target is resolved: a target that cannot be (a missing TLS file) is one of its findings.
    const {doctorCommand} = await import('./cli/doctor/doctor-command.js');
    return doctorCommand({
      options,
      json: flags.json,
      diskLimit: flags.diskLimit,
      env: process.env,
      stdout: process.stdout,
    });
  }
  if (name === 'ps' || (name === 'stats' && wantsSeveral(options))) {
    const selection = resolveEngineTargets(options, process.env);
    const io = {stdout: process.stdout, stderr: process.stderr};
    const code =
      name === 'ps'
        ? await (await import('./cli/ps-command.js')).psCommand(selection, rest, flags, io)
        : await (await import('./cli/stats-command.js')).statsAllCommand(selection, rest, flags, io);
    // An engine that never answered may still hold a socket open: the output is written, so end here.
    await new Promise(resolve => process.stdout.write('', resolve));
    process.exit(code);
  }
  if (name && wantsSeveral(options))
    throw new UsageError(
      `berth ${name} works on one engine; several (--context given twice, --all-contexts) are for the UI, ps and stats`,
    );
  if (!name) return ui(options);
  const target = resolveEngineTarget(options, process.env);
  if (name === 'version') {
    if (rest.length)
      throw new UsageError(`berth version takes no arguments (got "${rest.join(' ')}"); see berth --help`);
    const {versionCommand} = await import('./cli/version-command.js');
    return versionCommand(target, flags.json, process.stdout);
  }
  if (name === 'stats') {
    const {statsCommand} = await import('./cli/stats-command.js');
    return statsCommand(target, rest, flags, process.stdout);
  }
  if (name === 'save' || name === 'load' || name === 'export') {
    const {archiveCommand} = await import('./cli/archive-commands.js');
    return archiveCommand(name, rest, flags, target, process);
  }
  if (name === 'events') {
    const {eventsCommand} = await import('./cli/events-command.js');
    return eventsCommand(target, rest, flags, process);
  }
  if (name === 'cp') {
    const {cpCommand} = await import('./cli/cp-command.js');
    return cpCommand(rest, flags, target, process);
  }
  if (name === 'images' || name === 'rmi' || name === 'prune') {
    const io = {stdout: process.stdout, stderr: process.stderr};
    if (name === 'images') return (await import('./cli/image-commands.js')).imagesCommand(target, rest, flags, io);
    if (name === 'rmi') return (await import('./cli/image-commands.js')).rmiCommand(target, rest, flags, io);
    const interactive = Boolean(process.stdin.isTTY && process.stderr.isTTY);
    return (await import('./cli/prune-command.js')).pruneCommand(target, rest, flags, {
      ...io,
      stdin: process.stdin,
      interactive,
    });
  }
  if (name === 'swarm' || name === 'secret') {
    const io = {stdout: process.stdout, stderr: process.stderr};
    const {swarmCommand, secretCommand} = await import('./cli/swarm-commands.js');
    return name === 'swarm'
      ? swarmCommand(target, rest, flags, io)
      : secretCommand(target, rest, flags, {...io, stdin: process.stdin});
  }
  throw new UsageError(`unknown command "${name}"; see berth --help`);
}

async function ui(options: ReturnType<typeof parseCommandLine>['options']): Promise<number> {
  if (!process.stdout.isTTY || !process.stdin.isTTY) {
    throw new UsageError(
      'the berth UI needs a terminal on stdin and stdout; for scripts use the headless commands (berth --help)',
    );
  }
  // The config's contexts: apply only when the command line and the environment name no engine.
  const named = options.host || options.contexts.length || options.allContexts;
  const listed = named ? [] : await configContexts(options.config, process.env);
  const {targets, problems} = resolveEngineTargets(options, process.env, listed);
  // The first requests (the container list and /_ping) start before the UI modules load, so the network wait
  // overlaps the import; several engines are asked at once (the first rows come as fast as the quickest engine's).
  const connecting = startEngines(targets);
  // Where the start goes (the start benchmark reads these): the engine's first answer, and the UI's modules loaded.
  if (trace.enabled) {
    trace.event({event: 'code-cache', state: codeCache()?.state ?? 'absent'});
    const at = (event: string) => () => trace.event({event, sinceStart: Math.round(performance.now())});
    void connecting[0]?.client.then(at('engine-answered'), () => {});
    void connecting[0]?.containers?.then(at('containers-answered'), () => {});
  }
  // The modules load once those requests have left (engine/early-start.ts says why).
  await connecting[0]?.sent;
  const {runUi} = await import('./ui/run.js');
  trace.event({event: 'ui-loaded', sinceStart: Math.round(performance.now())});
  const code = await runUi({targets, options, connecting, problems});
  // The terminal is restored: a request or timer still under way must not keep the user waiting at a blank
  // screen (an event arriving during the exit could start one more list).
  process.exit(code);
}

main(process.argv.slice(2)).then(
  code => {
    process.exitCode = code;
  },
  error => {
    if (error instanceof BerthError) {
      process.stderr.write(`berth: ${error.message}\n`);
      process.exitCode = error.exitCode;
    } else {
      process.stderr.write(`berth: ${errorMessage(error)}\n`);
      process.exitCode = 1;
    }
  },
);
