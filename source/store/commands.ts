import {errorMessage} from '../errors.js';
import {parseSince} from '../text/since.js';
import type {Controller, ExitRequest} from './controller.js';
import {stopMatching} from './effects/containers.js';
import {runCaptured} from './effects/exec.js';
import {openLogs} from './effects/logs.js';
import {selectedContainer} from './selectors.js';

export type CommandSpec = {
  name: string;
  usage: string;
  changes?: boolean;
  run(controller: Controller, args: string[]): ExitRequest | undefined;
};

// Splits like a shell would for simple cases: whitespace, with '…' and "…" quoting.
export function splitCommandLine(line: string): string[] {
  const words: string[] = [];
  const re = /"([^"]*)"|'([^']*)'|(\S+)/g;
  for (let match = re.exec(line); match; match = re.exec(line)) words.push(match[1] ?? match[2] ?? match[3]);
  return words;
}

export function parseLogsArgs(args: string[], nowMs: number): {since?: number; tail?: number | 'all'; follow: boolean; label: string} {
  let since: number | undefined;
  let tail: number | 'all' | undefined;
  let follow = true;
  const label: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const [flag, inline] = args[i].split(/=(.*)/s, 2);
    const value = () => {
      const v = inline ?? args[++i];
      if (v === undefined) throw new Error(`${flag} needs a value`);
      return v;
    };
    if (flag === '--since') {
      const raw = value();
      since = parseSince(raw, nowMs);
      label.push(`since ${raw}`);
    } else if (flag === '--tail') {
      const raw = value();
      if (raw === 'all') tail = 'all';
      else if (/^\d+$/.test(raw)) tail = Number(raw);
      else throw new Error(`--tail "${raw}": give a line count or "all"`);
      label.push(`tail ${raw}`);
    } else if (flag === '--follow' || flag === '-f') {
      const raw = inline ?? 'true';
      if (raw !== 'true' && raw !== 'false') throw new Error(`--follow="${raw}": use --follow=true or --follow=false`);
      follow = raw === 'true';
    } else throw new Error(`unknown option "${args[i]}"`);
  }
  if (!follow) label.push('no follow');
  return {since, tail: tail ?? (since === undefined ? 200 : 'all'), follow, label: label.join(' · ') || 'tail 200'};
}

export function parseExecArgs(args: string[]): {user?: string; tty: boolean; interactive: boolean; container: string; cmd: string[]} {
  let user: string | undefined;
  let tty = false;
  let interactive = false;
  let i = 0;
  for (; i < args.length && args[i].startsWith('-'); i++) {
    const flag = args[i];
    if (flag === '-u' || flag === '--user') {
      user = args[++i];
      if (!user) throw new Error(`${flag} needs a user name`);
    } else if (/^-[it]+$/.test(flag)) {
      tty ||= flag.includes('t');
      interactive ||= flag.includes('i');
    } else throw new Error(`unknown option "${flag}"`);
  }
  const [container, ...cmd] = args.slice(i);
  if (!container || !cmd.length) throw new Error('give a container and a command');
  return {user, tty, interactive, container, cmd};
}

export const COMMANDS: CommandSpec[] = [
  {
    name: 'stop',
    usage: ':stop PATTERN (trailing * = starts with)',
    changes: true,
    run(controller, args) {
      if (args.length !== 1) throw new Error('give exactly one name pattern');
      void stopMatching(controller, args[0]).catch(error => controller.status(`:stop: ${errorMessage(error)}`, 'error'));
      return undefined;
    },
  },
  {
    name: 'logs',
    usage: ':logs [--since 10s|RFC3339] [--tail N] [--follow=false]',
    run(controller, args) {
      const state = controller.store.get();
      const target = state.logs && state.focus === 'logs' ? {id: state.logs.containerId, name: state.logs.name} : selectedContainer(state);
      if (!target) throw new Error('select a container first');
      const options = parseLogsArgs(args, Date.now());
      void openLogs(controller, target, state.logs?.window ?? 0, options);
      return undefined;
    },
  },
  {
    name: 'exec',
    usage: ':exec [-u USER] [-t] [-i] CONTAINER CMD...',
    run(controller, args) {
      const parsed = parseExecArgs(args);
      const state = controller.store.get();
      const row = state.containers.items.find(c => c.name === parsed.container || c.id.startsWith(parsed.container));
      if (!row) throw new Error(`no container named "${parsed.container}"`);
      const exec = {containerId: row.id, containerName: row.name, cmd: parsed.cmd, user: parsed.user, tty: parsed.tty, interactive: parsed.interactive};
      if (parsed.interactive || parsed.tty) return {type: 'exec', exec};
      runCaptured(controller, exec);
      return undefined;
    },
  },
  {
    name: 'run',
    usage: ':run [--rm] IMAGE [CMD...]',
    changes: true,
    run(_controller, args) {
      const autoRemove = args[0] === '--rm';
      const [image, ...cmd] = autoRemove ? args.slice(1) : args;
      if (!image) throw new Error('give an image');
      return {type: 'run', run: {image, cmd: cmd.length ? cmd : undefined, autoRemove}};
    },
  },
  {name: 'quit', usage: ':quit', run: () => ({type: 'quit'})},
  {name: 'q', usage: ':q', run: () => ({type: 'quit'})},
];

export function runCommand(controller: Controller, line: string): ExitRequest | undefined {
  const [name, ...args] = splitCommandLine(line.replace(/^:/, ''));
  if (!name) return undefined;
  const command = COMMANDS.find(c => c.name === name && !(c.changes && controller.config.readonly));
  if (!command) {
    controller.status(`unknown command ":${name}"; known: ${COMMANDS.filter(c => !(c.changes && controller.config.readonly)).map(c => c.usage).join(', ')}`, 'error');
    return undefined;
  }
  try {
    return command.run(controller, args);
  } catch (error) {
    controller.status(`:${name}: ${errorMessage(error)}; usage ${command.usage}`, 'error');
    return undefined;
  }
}
