import {parseDetachKeys} from '../engine/exec/detach-keys.js';
import {parseColourSettings, parseThemeSetting} from '../theme/config-settings.js';
import type {BerthConfig, UserCommandEntry} from './types.js';
import {parseAlertSettings} from './alert-settings.js';

// How each setting of the config file is read into the config. A bad value calls `bad` (the setting, why: berth
// keeps the default); a broken entry of `commands:` calls `leftOut` (that command alone is left out).
type Bad = (key: string, why: string) => void;
type Reader = (value: unknown, config: BerthConfig, bad: Bad, key: string, leftOut: (why: string) => void) => void;

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const READERS: Record<string, Reader> = {
  registries(value, config, bad) {
    if (!Array.isArray(value)) bad('registries', 'must be a list');
    else
      value.forEach((entry, i) => {
        if (typeof entry === 'string') config.registries.push({url: entry});
        else if (isObject(entry) && typeof entry.url === 'string')
          config.registries.push({
            url: entry.url,
            insecure: entry.insecure === true,
            ca: typeof entry.ca === 'string' ? entry.ca : undefined,
          });
        else bad(`registries[${i}]`, 'must be a URL or {url, insecure, ca}');
      });
  },
  keys(value, config, bad) {
    if (!isObject(value)) bad('keys', 'must map actions to lists of keys');
    else
      for (const [action, keys] of Object.entries(value)) {
        const list = typeof keys === 'string' ? [keys] : keys;
        if (Array.isArray(list) && list.every(k => typeof k === 'string')) config.keys[action] = list;
        else bad(`keys.${action}`, 'must be a key or a list of keys');
      }
  },
  logs(value, config, bad) {
    if (!isObject(value)) bad('logs', 'must be a mapping');
    else {
      const {tail, bufferLines, buffer_lines} = value;
      if (tail !== undefined) {
        if (typeof tail === 'number' && Number.isInteger(tail) && tail > 0) config.logs.tail = tail;
        else bad('logs.tail', 'must be a positive whole number');
      }
      const lines = bufferLines ?? buffer_lines;
      if (lines !== undefined) {
        if (typeof lines === 'number' && Number.isInteger(lines) && lines >= 100 && lines <= 1_000_000)
          config.logs.bufferLines = lines;
        else bad('logs.bufferLines', 'must be a whole number from 100 to 1000000');
      }
    }
  },
  events(value, config, bad) {
    const lines = isObject(value) ? (value.bufferLines ?? value.buffer_lines) : undefined;
    if (!isObject(value)) bad('events', 'must be a mapping');
    else if (lines !== undefined) {
      if (typeof lines === 'number' && Number.isInteger(lines) && lines >= 100 && lines <= 1_000_000)
        config.events.bufferLines = lines;
      else bad('events.bufferLines', 'must be a whole number from 100 to 1000000');
    }
  },
  alerts(value, config, bad) {
    config.alerts = parseAlertSettings(value, bad);
  },
  exec(value, config, bad) {
    if (!isObject(value)) bad('exec', 'must be a mapping');
    else {
      const {shells, user} = value;
      if (shells !== undefined) {
        if (Array.isArray(shells) && shells.every((s): s is string => typeof s === 'string' && s.startsWith('/')))
          config.exec.shells = shells;
        else bad('exec.shells', 'must be a list of absolute paths');
      }
      if (user !== undefined) {
        if (typeof user === 'string') config.exec.user = user;
        else bad('exec.user', 'must be a user name');
      }
    }
  },
  attach(value, config, bad) {
    if (!isObject(value)) bad('attach', 'must be a mapping');
    else if (value.detachKeys !== undefined) {
      try {
        if (typeof value.detachKeys !== 'string') throw new Error('must be keys such as ctrl-p,ctrl-q');
        parseDetachKeys(value.detachKeys);
        config.attach.detachKeys = value.detachKeys;
      } catch (error) {
        bad('attach.detachKeys', (error as Error).message);
      }
    }
  },
  theme(value, config, bad) {
    config.theme = parseThemeSetting(value, bad);
  },
  colors(value, config, bad, key) {
    config.colors = parseColourSettings(value, key, bad);
  },
  commands(value, config, bad, key, leftOut) {
    if (!Array.isArray(value)) bad('commands', 'must be a list of {name, key, scope, command, confirm, output}');
    else
      value.forEach((entry, i) =>
        parseUserCommand(entry, i, config.commands, why =>
          leftOut(
            `commands[${i}]${isObject(entry) && typeof entry.name === 'string' ? ` (${entry.name})` : ''} ${why}; that command is left out`,
          ),
        ),
      );
  },
  contexts(value, config, bad, key) {
    const names = engineNames(value);
    if (names) config.contexts = names;
    else bad(key, 'must be a list of docker context names');
  },
  confirmations(value, config, bad) {
    if (typeof value === 'boolean') config.confirmations = value;
    else bad('confirmations', 'must be true or false');
  },
  clipboard(value, config, bad) {
    if (typeof value === 'boolean') config.clipboard = value;
    else bad('clipboard', 'must be true or false');
  },
  mouse(value, config, bad) {
    if (typeof value === 'boolean') config.mouse = value;
    else bad('mouse', 'must be true or false');
  },
};

// Other names a setting is known by.
const ALIASES: Record<string, string> = {colours: 'colors', engines: 'contexts'};

// In the order an unknown key's message lists them.
export const SETTING_NAMES = [
  'registries',
  'keys',
  'logs',
  'events',
  'alerts',
  'exec',
  'attach',
  'theme',
  'colors',
  'confirmations',
  'clipboard',
  'mouse',
  'commands',
  'contexts',
];

export function readerOf(key: string): Reader | undefined {
  return READERS[ALIASES[key] ?? key];
}

const COMMAND_NAME = /^[A-Za-z][A-Za-z0-9_-]*$/;
const OUTPUTS = ['pane', 'terminal', 'none'];

// The shape of one commands: entry; what it may refer to (scopes, fields, keys) is checked where the views are known.
function parseUserCommand(entry: unknown, index: number, into: UserCommandEntry[], bad: (why: string) => void): void {
  if (!isObject(entry)) return bad('must be a mapping {name, key, scope, command, confirm, output}');
  const known = ['name', 'key', 'scope', 'command', 'confirm', 'output'];
  const unknown = Object.keys(entry).filter(key => !known.includes(key));
  if (unknown.length)
    return bad(
      `has unknown field${unknown.length === 1 ? '' : 's'} ${unknown.join(', ')} (known: ${known.join(', ')})`,
    );
  const {name, key, scope, command, confirm, output} = entry;
  if (typeof name !== 'string' || !COMMAND_NAME.test(name))
    return bad('name must be a word (letters, digits, - and _), used as :NAME');
  if (into.some(other => other.name === name)) return bad(`name "${name}" is used twice`);
  if (key !== undefined && (typeof key !== 'string' || !key)) return bad('key must be a key name such as U or ctrl-g');
  if (typeof scope !== 'string' || !scope)
    return bad('scope must name a view (containers, images, volumes, networks, …) or be global');
  if (typeof command === 'string') {
    return bad(
      `command must be a list of arguments, not a shell string; berth runs no shell: write [docker, logs, "{{.Name}}"], or for pipes [sh, -c, 'SCRIPT "$1"', sh, "{{.Name}}"]`,
    );
  }
  if (
    !Array.isArray(command) ||
    !command.length ||
    !command.every(word => typeof word === 'string' || typeof word === 'number')
  )
    return bad('command must be a non-empty list of arguments');
  if (confirm !== undefined && typeof confirm !== 'boolean' && typeof confirm !== 'string')
    return bad('confirm must be true, false or the question to ask');
  if (output !== undefined && !OUTPUTS.includes(output as string)) return bad(`output must be ${OUTPUTS.join(', ')}`);
  into.push({
    name,
    key,
    scope,
    command: command.map(String),
    confirm,
    output: (output as UserCommandEntry['output']) ?? 'pane',
    where: `commands[${index}] (${name})`,
  });
}

export const engineNames = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((name): name is string => typeof name === 'string' && name.length > 0)
    ? [...new Set(value)]
    : undefined;
