import {errorMessage} from '../../errors.js';
import {openLogs} from '../kit/log-pane/effects.js';
import {parseLogsCommand} from '../kit/log-pane/options.js';
import type {CommandSpec} from '../types.js';
import {oneArg, refuseOptions} from '../command-line.js';
import {confirmAttach, operateMatching} from './effects.js';
import type {ContainerOperation} from '../../engine/containers/operations.js';
import {parseDetachKeys} from '../../engine/exec/detach-keys.js';
import {runCaptured} from './exec.js';
import {RENAME_COMMAND} from './rename.js';
import {UPDATE_COMMAND} from './update-form.js';
import {SIGNAL_HINT, signalName} from '../../engine/containers/signals.js';
import {containersNamed, showMergedLogs} from './merged-logs.js';
import {selectedContainer} from './selectors.js';

export function parseExecArgs(args: string[]): {
  user?: string;
  tty: boolean;
  interactive: boolean;
  container: string;
  cmd: string[];
} {
  let user: string | undefined;
  let tty = false;
  let interactive = false;
  const rest = [...args];
  for (let flag = rest[0]; flag?.startsWith('-'); flag = rest[0]) {
    rest.shift();
    if (flag === '-u' || flag === '--user') {
      user = rest.shift();
      if (!user) throw new Error(`${flag} needs a user name`);
    } else if (/^-[it]+$/.test(flag)) {
      tty ||= flag.includes('t');
      interactive ||= flag.includes('i');
    } else throw new Error(`unknown option "${flag}"`);
  }
  const [container, ...cmd] = rest;
  if (!container || !cmd.length) throw new Error('give a container and a command');
  return {user, tty, interactive, container, cmd};
}

// :stop, :start, :restart, :rm [-f] and :kill [-s SIGNAL] on a name pattern (a trailing * = starts with), on every
// engine, after a dialog listing exactly the matches.
function patternCommand(name: string, operation: ContainerOperation, verb: string, flags = ''): CommandSpec {
  return {
    name,
    usage: `:${name} ${flags ? `${flags} ` : ''}PATTERN (trailing * = starts with)`,
    changes: true,
    run(services, args) {
      const words = [...args];
      let force = false;
      let signal: string | undefined;
      for (let flag = words[0]; flag?.startsWith('-'); flag = words[0]) {
        words.shift();
        if (operation === 'remove' && flag === '-f') force = true;
        else if (operation === 'kill' && (flag === '-s' || flag === '--signal')) {
          const given = words.shift();
          signal = signalName(given ?? '');
          if (!signal)
            throw new Error(
              given === undefined ? `-s needs a signal: ${SIGNAL_HINT}` : `"${given}" is not a signal: ${SIGNAL_HINT}`,
            );
        } else throw new Error(`unknown option "${flag}" (${flags || 'none'})`);
      }
      const pattern = oneArg(words, 'give exactly one name pattern');
      const title = operation === 'kill' ? `Send ${signal ?? 'KILL'} to` : verb;
      void operateMatching(services, {name, operation, verb: title, force, signal}, pattern).catch((error: unknown) =>
        services.status(`:${name}: ${errorMessage(error)}`, 'error'),
      );
      return undefined;
    },
  };
}

const PATTERN_COMMANDS = [
  patternCommand('stop', 'stop', 'Stop'),
  patternCommand('start', 'start', 'Start'),
  patternCommand('restart', 'restart', 'Restart'),
  patternCommand('rm', 'remove', 'Remove', '[-f]'),
  patternCommand('kill', 'kill', 'Send KILL to', '[-s SIGNAL]'),
];

export const CONTAINER_COMMANDS: readonly CommandSpec[] = [
  ...PATTERN_COMMANDS,
  RENAME_COMMAND,
  UPDATE_COMMAND,
  {
    name: 'logs',
    usage: ':logs [--since 10s|RFC3339] [--tail N] [--follow=false] [NAME|PREFIX*...]',
    run(services, args) {
      const state = services.store.get();
      const {names, options} = parseLogsCommand(args, Date.now());
      const window = state.logs?.window ?? 0;
      if (names.length) {
        // Several containers (or a pattern matching several): their logs merged in one pane.
        const rows = containersNamed(state.containers.items, names);
        const [first] = rows;
        if (rows.length > 1) void showMergedLogs(services, rows, window, options);
        else if (first) void openLogs(services, first, window, options);
        return undefined;
      }
      const target =
        state.logs && state.focus === 'logs' && state.logs.kind !== 'merged'
          ? {id: state.logs.containerId, name: state.logs.name, engine: state.logs.engine}
          : selectedContainer(state);
      if (!target) throw new Error('select a container first');
      void openLogs(services, target, window, options);
      return undefined;
    },
    complete: state => state.containers.items.map(row => row.name),
  },
  {
    name: 'exec',
    usage: ':exec [-u USER] [-t] [-i] CONTAINER CMD...',
    run(services, args) {
      const parsed = parseExecArgs(args);
      const state = services.store.get();
      const row = state.containers.items.find(c => c.name === parsed.container || c.id.startsWith(parsed.container));
      if (!row) throw new Error(`no container named "${parsed.container}"`);
      const exec = {
        containerId: row.id,
        containerName: row.name,
        engine: row.engine,
        cmd: parsed.cmd,
        user: parsed.user,
        tty: parsed.tty,
        interactive: parsed.interactive,
      };
      if (parsed.interactive || parsed.tty) return {type: 'exec', exec, engine: row.engine};
      runCaptured(services, exec);
      return undefined;
    },
  },
  {
    name: 'attach',
    usage: ':attach [--detach-keys KEYS] CONTAINER (ctrl-p ctrl-q detaches)',
    run(services, args) {
      let detachKeys: string | undefined;
      const rest: string[] = [];
      const left = [...args];
      for (let arg = left.shift(); arg !== undefined; arg = left.shift()) {
        if (arg === '--detach-keys') detachKeys = left.shift();
        else if (arg.startsWith('--detach-keys=')) detachKeys = arg.slice('--detach-keys='.length);
        else if (arg.startsWith('-')) throw new Error(`unknown option "${arg}"`);
        else rest.push(arg);
      }
      if (detachKeys !== undefined) parseDetachKeys(detachKeys);
      const [name] = rest;
      if (rest.length !== 1 || name === undefined) throw new Error('give one container name (or ID)');
      const state = services.store.get();
      const row =
        state.containers.items.find(c => c.name === name) ?? state.containers.items.find(c => c.id.startsWith(name));
      if (!row) throw new Error(`no container named "${name}"`);
      confirmAttach(services, row, detachKeys);
      return undefined;
    },
  },
  {
    name: 'run',
    usage: ':run [--rm] IMAGE [CMD...]',
    changes: true,
    run(services, args) {
      const autoRemove = args[0] === '--rm';
      const [image, ...cmd] = autoRemove ? args.slice(1) : args;
      if (!image) throw new Error('give an image');
      refuseOptions([image], 'an image', ':run takes only --rm before the image (:create takes -t and -e)');
      const run = {image, cmd: cmd.length ? cmd : undefined, autoRemove};
      // With several engines, on the engine that has the image.
      if (services.engines().length > 1) {
        services.dispatch({type: 'images.runOnEngineOfImage', run});
        return undefined;
      }
      return {type: 'run', run};
    },
  },
];
