import {existsSync, mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import {homedir} from 'node:os';
import {dirname, join} from 'node:path';
import {parseDetachKeys} from './engine/exec/detach-keys.js';
import {parseColourSettings, parseThemeSetting} from './theme/config-settings.js';
import type {ColourOverrides, ThemeName} from './theme/index.js';

export type BerthConfig = {
  registries: {url: string; insecure?: boolean; ca?: string}[];
  keys: Record<string, string[]>;
  logs: {tail: number; bufferLines: number};
  exec: {shells: string[]; user?: string};
  // attach.detachKeys: docker's --detach-keys format (ctrl-p,ctrl-q by default).
  attach: {detachKeys?: string};
  // theme: dark | light | none; undefined when the file does not say (then NO_COLOR or dark: theme/resolve.ts).
  theme?: ThemeName;
  // colors: {ROLE: COLOUR, logPrefix: [COLOUR…]}, checked.
  colors: ColourOverrides;
  confirmations: boolean;
  // y copies to the terminal's clipboard (OSC 52) and the desktop's; false turns copying off.
  clipboard: boolean;
  // Whether berth takes the mouse at start (M switches it while berth runs).
  mouse: boolean;
  // User-defined commands (commands: in the file), as written; checked against the views in views/user-commands/.
  commands: UserCommandEntry[];
  // contexts: (or engines:) docker contexts the UI opens at once when no engine is named on the command line.
  contexts: string[];
};

export type UserCommandEntry = {
  name: string;
  key?: string;
  scope: string;
  // argv: each element one argument, {{.Field}} templates expanded inside it.
  command: string[];
  // true, or the question to ask.
  confirm?: boolean | string;
  output: 'pane' | 'terminal' | 'none';
  // Where it was in the file, for messages: commands[2] (name).
  where: string;
};

export const DEFAULT_CONFIG: BerthConfig = {
  registries: [],
  keys: {},
  logs: {tail: 200, bufferLines: 10_000},
  exec: {shells: ['/bin/bash', '/bin/sh']},
  attach: {},
  colors: {roles: {}},
  confirmations: true,
  clipboard: true,
  mouse: true,
  commands: [],
  contexts: [],
};

// yaml is CommonJS: bundled and loaded on demand, its functions sit on the namespace or on its default export.
async function loadYaml(): Promise<typeof import('yaml')> {
  const yaml = (await import('yaml')) as typeof import('yaml') & {default?: typeof import('yaml')};
  return typeof yaml.parse === 'function' ? yaml : yaml.default!;
}

export type LoadedConfig = {config: BerthConfig; file: string; problems: string[]};

export function configPath(explicit: string | undefined, env: NodeJS.ProcessEnv): string {
  if (explicit) return explicit;
  const base = env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(base, 'berth', 'config.yml');
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// An invalid config never stops berth: each bad key is reported (which key, why) and its default is used.
// yaml is loaded only when there is a file to read: most starts have none, and it costs ~100 ms to load.
export async function loadConfig(explicit: string | undefined, env: NodeJS.ProcessEnv): Promise<LoadedConfig> {
  const file = configPath(explicit, env);
  const config: BerthConfig = structuredClone(DEFAULT_CONFIG);
  const problems: string[] = [];
  if (!existsSync(file)) {
    if (explicit) problems.push(`config ${file}: file not found; using defaults`);
    return {config, file, problems};
  }
  const {parse} = await loadYaml();
  let raw: unknown;
  try {
    raw = parse(readFileSync(file, 'utf8'));
  } catch (error) {
    problems.push(`config ${file}: not valid YAML (${(error as Error).message.split('\n')[0]}); using defaults`);
    return {config, file, problems};
  }
  if (raw === null || raw === undefined) return {config, file, problems};
  if (!isObject(raw)) {
    problems.push(`config ${file}: the top level must be a mapping of settings; using defaults`);
    return {config, file, problems};
  }
  const bad = (key: string, why: string) => problems.push(`config ${file}: ${key} ${why}; using the default`);
  for (const [key, value] of Object.entries(raw)) {
    switch (key) {
      case 'registries':
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
        break;
      case 'keys':
        if (!isObject(value)) bad('keys', 'must map actions to lists of keys');
        else
          for (const [action, keys] of Object.entries(value)) {
            const list = typeof keys === 'string' ? [keys] : keys;
            if (Array.isArray(list) && list.every(k => typeof k === 'string')) config.keys[action] = list;
            else bad(`keys.${action}`, 'must be a key or a list of keys');
          }
        break;
      case 'logs':
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
        break;
      case 'exec':
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
        break;
      case 'attach':
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
        break;
      case 'theme':
        config.theme = parseThemeSetting(value, bad);
        break;
      case 'colors':
      case 'colours':
        config.colors = parseColourSettings(value, key, bad);
        break;
      case 'commands':
        if (!Array.isArray(value)) bad('commands', 'must be a list of {name, key, scope, command, confirm, output}');
        else
          value.forEach((entry, i) =>
            parseUserCommand(entry, i, config.commands, why =>
              problems.push(
                `config ${file}: commands[${i}]${isObject(entry) && typeof entry.name === 'string' ? ` (${entry.name})` : ''} ${why}; that command is left out`,
              ),
            ),
          );
        break;
      case 'contexts':
      case 'engines': {
        const names = engineNames(value);
        if (names) config.contexts = names;
        else bad(key, 'must be a list of docker context names');
        break;
      }
      case 'confirmations':
        if (typeof value === 'boolean') config.confirmations = value;
        else bad('confirmations', 'must be true or false');
        break;
      case 'clipboard':
        if (typeof value === 'boolean') config.clipboard = value;
        else bad('clipboard', 'must be true or false');
        break;
      case 'mouse':
        if (typeof value === 'boolean') config.mouse = value;
        else bad('mouse', 'must be true or false');
        break;
      default:
        problems.push(
          `config ${file}: unknown key "${key}" (known: registries, keys, logs, exec, attach, theme, colors, confirmations, clipboard, mouse, commands, contexts); ignored`,
        );
    }
  }
  return {config, file, problems};
}

// Adds a registry to the config file, keeping everything else in it; written atomically.
export async function saveRegistry(file: string, url: string): Promise<void> {
  const {parse, stringify} = await loadYaml();
  let doc: Record<string, unknown> = {};
  if (existsSync(file)) {
    const parsed: unknown = parse(readFileSync(file, 'utf8'));
    if (isObject(parsed)) doc = parsed;
  }
  const registries = Array.isArray(doc.registries) ? doc.registries : [];
  if (!registries.some(r => r === url || (isObject(r) && r.url === url))) registries.push(url);
  doc.registries = registries;
  mkdirSync(dirname(file), {recursive: true});
  writeFileSync(`${file}.partial`, stringify(doc));
  renameSync(`${file}.partial`, file);
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

const engineNames = (value: unknown): string[] | undefined =>
  Array.isArray(value) && value.every((name): name is string => typeof name === 'string' && name.length > 0)
    ? [...new Set(value)]
    : undefined;

// The config's `contexts:` / `engines:` list, read before the UI starts (the connections start before the UI
// modules load). yaml is loaded only when the file names one of those keys: most config files do not. The rest
// of the file is read (and its problems reported) by loadConfig.
export async function configContexts(explicit: string | undefined, env: NodeJS.ProcessEnv): Promise<string[]> {
  const file = configPath(explicit, env);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return [];
  }
  if (!/^(contexts|engines)\s*:/m.test(text)) return [];
  try {
    const raw: unknown = (await loadYaml()).parse(text);
    if (!isObject(raw)) return [];
    return engineNames(raw.contexts ?? raw.engines) ?? [];
  } catch {
    return [];
  }
}
