import {existsSync, readFileSync} from 'node:fs';
import {homedir} from 'node:os';
import {join} from 'node:path';

export type SshHostConfig = {hostName?: string; user?: string; port?: number; identityFiles: string[]};

const expandHome = (path: string) => (path.startsWith('~/') ? join(homedir(), path.slice(2)) : path);

// Glob as ssh_config(5) defines it: * and ?, with !negation.
function hostMatches(patterns: string[], host: string): boolean {
  let matched = false;
  for (const pattern of patterns) {
    const negated = pattern.startsWith('!');
    const source = (negated ? pattern.slice(1) : pattern).replace(/[.+^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*').replace(/\?/g, '.');
    if (new RegExp(`^${source}$`, 'i').test(host)) {
      if (negated) return false;
      matched = true;
    }
  }
  return matched;
}

// The first value found for each keyword wins, as in ssh; only the keywords berth needs are read.
export function readSshConfig(host: string, file = join(homedir(), '.ssh', 'config')): SshHostConfig {
  const result: SshHostConfig = {identityFiles: []};
  if (!existsSync(file)) return result;
  let active = true;
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const match = /^(\S+)\s*=?\s*(.*)$/.exec(line);
    if (!match) continue;
    const keyword = match[1].toLowerCase();
    const value = match[2].replace(/^"(.*)"$/, '$1');
    if (keyword === 'host') {
      active = hostMatches(value.split(/\s+/), host);
      continue;
    }
    if (keyword === 'match') {
      active = false;
      continue;
    }
    if (!active) continue;
    if (keyword === 'hostname' && !result.hostName) result.hostName = value;
    else if (keyword === 'user' && !result.user) result.user = value;
    else if (keyword === 'port' && !result.port) result.port = Number(value) || undefined;
    else if (keyword === 'identityfile') result.identityFiles.push(expandHome(value));
  }
  return result;
}
