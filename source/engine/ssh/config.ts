import {existsSync, readdirSync, readFileSync} from 'node:fs';
import {homedir, userInfo} from 'node:os';
import {basename, dirname, isAbsolute, join} from 'node:path';

export type SshHostConfig = {
  hostName?: string;
  user?: string;
  port?: number;
  // In the order given; ssh tries them all (after the agent's keys).
  identityFiles: string[];
  // IdentityAgent: a socket path, or 'none' (SSH_AUTH_SOCK is the default).
  identityAgent?: string;
  identitiesOnly?: boolean;
  userKnownHostsFiles?: string[];
  hostKeyAlias?: string;
};

const expandHome = (path: string) =>
  path === '~' ? homedir() : path.startsWith('~/') ? join(homedir(), path.slice(2)) : path;

// Glob as ssh_config(5) defines it: * and ?, with !negation; a matching negated pattern rules the entry out.
export function patternListMatches(patterns: string[], name: string): boolean {
  let matched = false;
  for (const pattern of patterns) {
    const negated = pattern.startsWith('!');
    const source = (negated ? pattern.slice(1) : pattern)
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.');
    if (new RegExp(`^${source}$`, 'i').test(name)) {
      if (negated) return false;
      matched = true;
    }
  }
  return matched;
}

// ssh_config tokens that make sense for the keywords berth reads (%d home, %h host, %r remote user, %u local user).
function expandTokens(value: string, tokens: Record<string, string | undefined>): string {
  return value.replace(/%(.)/g, (whole, letter: string) => (letter === '%' ? '%' : (tokens[letter] ?? whole)));
}

// ${NAME} in IdentityFile, IdentityAgent and UserKnownHostsFile is an environment variable.
const expandEnv = (value: string) =>
  value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => process.env[name] ?? whole);

// Words as ssh splits them: whitespace-separated, double quotes group.
function words(value: string): string[] {
  // (An unquoted word is the whole match.)
  return [...value.matchAll(/"([^"]*)"|(\S+)/g)].map(match => match[1] ?? match[0]);
}

// Include arguments: relative paths are under ~/.ssh; * and ? only in the last component (enough for config.d/*).
function includeFiles(pattern: string): string[] {
  const path = expandHome(pattern);
  const full = isAbsolute(path) ? path : join(homedir(), '.ssh', path);
  if (!/[*?]/.test(basename(full))) return existsSync(full) ? [full] : [];
  const dir = dirname(full);
  if (!existsSync(dir)) return [];
  try {
    return readdirSync(dir)
      .filter(name => patternListMatches([basename(full)], name))
      .sort()
      .map(name => join(dir, name));
  } catch {
    return [];
  }
}

type Line = {keyword: string; value: string};

// Included files read for one lookup: `Include` may name globs and files that include each other, and eight
// levels of a file including itself twice would otherwise read it 2^8 times.
export const MAX_INCLUDED_FILES = 256;

// Appends to `into` (not push(...readLines()): an included file of a few hundred thousand lines spread into a
// call overflows the stack).
function readLines(file: string, depth: number, into: Line[] = [], budget = {files: MAX_INCLUDED_FILES}): Line[] {
  if (budget.files-- <= 0) return into;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return into;
  }
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [, word, rest] = /^(\S+?)(?:\s*=\s*|\s+)(.*)$/.exec(line) ?? [];
    if (word === undefined || rest === undefined) continue;
    const keyword = word.toLowerCase();
    const value = rest.trim();
    // ssh reads an included file in place, under the Host block that includes it.
    if (keyword === 'include' && depth < 8) {
      for (const pattern of words(value))
        for (const included of includeFiles(pattern)) readLines(included, depth + 1, into, budget);
      continue;
    }
    into.push({keyword, value});
  }
  return into;
}

// The first value found for each keyword wins, as in ssh; only the keywords berth needs are read. `Match` blocks
// are skipped (their conditions are not evaluated).
export function readSshConfig(host: string, file = join(homedir(), '.ssh', 'config')): SshHostConfig {
  const result: SshHostConfig = {identityFiles: []};
  if (!existsSync(file)) return result;
  let active = true;
  const found: Line[] = [];
  for (const {keyword, value} of readLines(file, 0)) {
    if (keyword === 'host') {
      active = patternListMatches(words(value), host);
      continue;
    }
    if (keyword === 'match') {
      active = false;
      continue;
    }
    if (active) found.push({keyword, value});
  }
  const first = (keyword: string) => found.find(line => line.keyword === keyword)?.value;
  const unquote = (value: string) => value.replace(/^"(.*)"$/, '$1');
  const hostName = first('hostname');
  if (hostName) result.hostName = expandTokens(unquote(hostName), {h: host});
  const user = first('user');
  if (user) result.user = unquote(user);
  const port = Number(first('port'));
  if (Number.isInteger(port) && port > 0 && port < 65536) result.port = port;
  const tokens = {d: homedir(), h: result.hostName ?? host, r: result.user, u: userInfo().username};
  const expand = (value: string) => expandHome(expandEnv(expandTokens(unquote(value), tokens)));
  for (const line of found) {
    if (line.keyword === 'identityfile' && unquote(line.value).toLowerCase() !== 'none')
      result.identityFiles.push(expand(line.value));
  }
  const agent = first('identityagent');
  if (agent)
    result.identityAgent =
      unquote(agent) === 'none' || unquote(agent) === 'SSH_AUTH_SOCK' ? unquote(agent) : expand(agent);
  const only = first('identitiesonly');
  if (only) result.identitiesOnly = /^yes$/i.test(only);
  const knownHosts = first('userknownhostsfile');
  if (knownHosts)
    result.userKnownHostsFiles = words(knownHosts)
      .filter(name => name !== 'none')
      .map(expand);
  const alias = first('hostkeyalias');
  if (alias) result.hostKeyAlias = unquote(alias);
  return result;
}
