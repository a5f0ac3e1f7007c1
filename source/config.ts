import {existsSync, mkdirSync, readFileSync, renameSync, writeFileSync} from 'node:fs';
import {homedir} from 'node:os';
import {dirname, join} from 'node:path';
import {engineNames, isObject, readerOf, SETTING_NAMES} from './config/settings.js';
import {DEFAULT_CONFIG, type BerthConfig} from './config/types.js';

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
    const read = readerOf(key);
    if (read) read(value, config, bad, key, why => problems.push(`config ${file}: ${why}`));
    else problems.push(`config ${file}: unknown key "${key}" (known: ${SETTING_NAMES.join(', ')}); ignored`);
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
