import {createHmac} from 'node:crypto';
import {existsSync, readFileSync} from 'node:fs';
import {homedir} from 'node:os';
import {join} from 'node:path';

export type HostKeyVerdict = {ok: true} | {ok: false; reason: 'unknown' | 'changed'};

// known_hosts names a non-standard port as [host]:port.
export const knownHostsName = (host: string, port: number) => (port === 22 ? host : `[${host}]:${port}`);

function nameMatches(field: string, name: string): boolean {
  if (field.startsWith('|1|')) {
    const [, , salt, hash] = field.split('|');
    if (!salt || !hash) return false;
    return createHmac('sha1', Buffer.from(salt, 'base64')).update(name).digest('base64') === hash;
  }
  return field.split(',').some(candidate => candidate.toLowerCase() === name.toLowerCase());
}

// Compares the key the server offered with ~/.ssh/known_hosts; unknown and changed keys are both refused.
export function checkHostKey(host: string, port: number, keyBlob: Buffer, file = join(homedir(), '.ssh', 'known_hosts')): HostKeyVerdict {
  if (!existsSync(file)) return {ok: false, reason: 'unknown'};
  const name = knownHostsName(host, port);
  const offered = keyBlob.toString('base64');
  let seen = false;
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const fields = line.split(/\s+/);
    if (fields[0].startsWith('@')) {
      if (fields[0] === '@revoked' && fields[3] === offered) return {ok: false, reason: 'changed'};
      continue;
    }
    const [names, , key] = fields;
    if (!names || !key || !nameMatches(names, name)) continue;
    if (key === offered) return {ok: true};
    seen = true;
  }
  return {ok: false, reason: seen ? 'changed' : 'unknown'};
}
