import {existsSync, mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import {homedir} from 'node:os';
import {dirname, join} from 'node:path';
import {parseDetachKeys} from './engine/exec/detach-keys.js';

export type BerthConfig = {
  registries: {url: string; insecure?: boolean; ca?: string}[];
  keys: Record<string, string[]>;
  logs: {tail: number; bufferLines: number};
  exec: {shells: string[]; user?: string};
  // attach.detachKeys: docker's --detach-keys format (ctrl-p,ctrl-q by default).
  attach: {detachKeys?: string};
  theme: {noColor: boolean};
  confirmations: boolean;
};

export const DEFAULT_CONFIG: BerthConfig = {
  registries: [],
  keys: {},
  logs: {tail: 200, bufferLines: 10_000},
  exec: {shells: ['/bin/bash', '/bin/sh']},
  attach: {},
  theme: {noColor: false},
  confirmations: true,
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

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

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
              config.registries.push({url: entry.url, insecure: entry.insecure === true, ca: typeof entry.ca === 'string' ? entry.ca : undefined});
            else bad(`registries[${i}]`, 'must be a URL or {url, insecure, ca}');
          });
        break;
      case 'keys':
        if (!isObject(value)) bad('keys', 'must map actions to lists of keys');
        else
          for (const [action, keys] of Object.entries(value)) {
            const list = typeof keys === 'string' ? [keys] : keys;
            if (Array.isArray(list) && list.every(k => typeof k === 'string')) config.keys[action] = list as string[];
            else bad(`keys.${action}`, 'must be a key or a list of keys');
          }
        break;
      case 'logs':
        if (!isObject(value)) bad('logs', 'must be a mapping');
        else {
          const {tail, bufferLines, buffer_lines} = value as Record<string, unknown>;
          if (tail !== undefined) Number.isInteger(tail) && (tail as number) > 0 ? (config.logs.tail = tail as number) : bad('logs.tail', 'must be a positive whole number');
          const lines = bufferLines ?? buffer_lines;
          if (lines !== undefined)
            Number.isInteger(lines) && (lines as number) >= 100 && (lines as number) <= 1_000_000
              ? (config.logs.bufferLines = lines as number)
              : bad('logs.bufferLines', 'must be a whole number from 100 to 1000000');
        }
        break;
      case 'exec':
        if (!isObject(value)) bad('exec', 'must be a mapping');
        else {
          if (value.shells !== undefined)
            Array.isArray(value.shells) && value.shells.every(s => typeof s === 'string' && s.startsWith('/'))
              ? (config.exec.shells = value.shells as string[])
              : bad('exec.shells', 'must be a list of absolute paths');
          if (value.user !== undefined) (typeof value.user === 'string' ? (config.exec.user = value.user) : bad('exec.user', 'must be a user name'));
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
        if (!isObject(value)) bad('theme', 'must be a mapping');
        else if (value.noColor !== undefined) typeof value.noColor === 'boolean' ? (config.theme.noColor = value.noColor) : bad('theme.noColor', 'must be true or false');
        break;
      case 'confirmations':
        typeof value === 'boolean' ? (config.confirmations = value) : bad('confirmations', 'must be true or false');
        break;
      default:
        problems.push(`config ${file}: unknown key "${key}" (known: registries, keys, logs, exec, attach, theme, confirmations, commands); ignored`);
    }
  }
  return {config, file, problems};
}

// Adds a registry to the config file, keeping everything else in it; written atomically.
export async function saveRegistry(file: string, url: string): Promise<void> {
  const {parse, stringify} = await loadYaml();
  let doc: Record<string, unknown> = {};
  if (existsSync(file)) {
    const parsed = parse(readFileSync(file, 'utf8'));
    if (isObject(parsed)) doc = parsed;
  }
  const registries = Array.isArray(doc.registries) ? doc.registries : [];
  if (!registries.some(r => r === url || (isObject(r) && r.url === url))) registries.push(url);
  doc.registries = registries;
  mkdirSync(dirname(file), {recursive: true});
  writeFileSync(`${file}.partial`, stringify(doc));
  renameSync(`${file}.partial`, file);
}
