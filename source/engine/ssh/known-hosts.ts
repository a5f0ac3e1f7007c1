import {readFileSync} from 'node:fs';
import {homedir} from 'node:os';
import {join} from 'node:path';
import {patternListMatches} from './config.js';
import {crypto} from '../../util/lazy-builtins.js';

export type HostKeyVerdict =
  | {ok: true; file: string; line: number}
  | {
      ok: false;
      // unknown: no entry for the host; other-type: entries, but only for other key types; changed: an entry of
      // this type with another key; revoked: the key is marked @revoked.
      reason: 'unknown' | 'other-type' | 'changed' | 'revoked';
      // Where the conflicting entry is (changed, revoked).
      file?: string;
      line?: number;
      // Key types known for the host (other-type).
      knownTypes?: string[];
    };

// known_hosts names a non-standard port as [host]:port.
export const knownHostsName = (host: string, port: number) => (port === 22 ? host : `[${host}]:${port}`);

// The files ssh reads by default: the user's, then the system-wide ones.
export function defaultKnownHostsFiles(): {user: string[]; global: string[]} {
  return {
    user: [join(homedir(), '.ssh', 'known_hosts'), join(homedir(), '.ssh', 'known_hosts2')],
    global: ['/etc/ssh/ssh_known_hosts', '/etc/ssh/ssh_known_hosts2'],
  };
}

// The key type named inside an SSH public key blob (its first string).
export function keyBlobType(blob: Buffer): string {
  if (blob.length < 4) return '';
  const length = blob.readUInt32BE(0);
  return length > 0 && length <= 64 && blob.length >= 4 + length ? blob.subarray(4, 4 + length).toString('latin1') : '';
}

// As ssh shows it: SHA256:base64 without padding.
export function keyFingerprint(blob: Buffer): string {
  return `SHA256:${crypto().createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

// ED25519, ECDSA, RSA, as in ssh's messages.
export function keyTypeLabel(type: string): string {
  if (type === 'ssh-ed25519') return 'ED25519';
  if (type.startsWith('ecdsa-')) return 'ECDSA';
  if (type === 'ssh-rsa') return 'RSA';
  if (type === 'ssh-dss') return 'DSA';
  return type;
}

// One known_hosts host field against the name ssh looks up: a hashed name (|1|salt|hash), or a comma list of
// names and patterns (*, ?, !negation).
function nameMatches(field: string, name: string): boolean {
  if (field.startsWith('|1|')) {
    const [, , salt, hash] = field.split('|');
    if (!salt || !hash) return false;
    return crypto().createHmac('sha1', Buffer.from(salt, 'base64')).update(name).digest('base64') === hash;
  }
  return patternListMatches(field.split(','), name);
}

type Entry = {file: string; line: number; marker?: string; type: string; key: string};

function entriesFor(files: string[], name: string): Entry[] {
  const entries: Entry[] = [];
  for (const file of files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    text.split('\n').forEach((raw, index) => {
      const line = raw.trim();
      if (!line || line.startsWith('#')) return;
      const fields = line.split(/\s+/);
      const marker = fields[0]?.startsWith('@') ? fields.shift() : undefined;
      const [hosts, type, key] = fields;
      if (!hosts || !type || !key) return;
      // @revoked applies to the key wherever it turns up; the others only to the hosts they name.
      if (marker !== '@revoked' && !nameMatches(hosts, name)) return;
      entries.push({file, line: index + 1, marker, type, key});
    });
  }
  return entries;
}

// Compares the key the server offered with known_hosts, as ssh does with StrictHostKeyChecking=yes: only a
// recorded key of the same type lets the connection through. Certificate authorities (@cert-authority) are not
// supported.
// `name` is what ssh looks up: knownHostsName(host, port), or the HostKeyAlias.
export function checkHostKey(name: string, keyBlob: Buffer, files?: string[]): HostKeyVerdict {
  const defaults = defaultKnownHostsFiles();
  const entries = entriesFor(files ?? [...defaults.user, ...defaults.global], name);
  const offered = keyBlob.toString('base64');
  const type = keyBlobType(keyBlob);
  const revoked = entries.find(entry => entry.marker === '@revoked' && entry.key === offered);
  if (revoked) return {ok: false, reason: 'revoked', file: revoked.file, line: revoked.line};
  const plain = entries.filter(entry => !entry.marker);
  const match = plain.find(entry => entry.key === offered);
  if (match) return {ok: true, file: match.file, line: match.line};
  const sameType = plain.find(entry => entry.type === type);
  if (sameType) return {ok: false, reason: 'changed', file: sameType.file, line: sameType.line};
  if (plain.length) return {ok: false, reason: 'other-type', knownTypes: [...new Set(plain.map(entry => entry.type))]};
  return {ok: false, reason: 'unknown'};
}

// Key types recorded for the host, so the handshake can ask for one of them first (ssh does the same; otherwise a
// server with several host keys would hand over a type the user never recorded).
export function knownHostKeyTypes(name: string, files?: string[]): string[] {
  const defaults = defaultKnownHostsFiles();
  const entries = entriesFor(files ?? [...defaults.user, ...defaults.global], name);
  return [...new Set(entries.filter(entry => !entry.marker).map(entry => entry.type))];
}
