import {homedir} from 'node:os';
import {join} from 'node:path';
import type {ConnectConfig} from 'ssh2';
import {
  checkHostKey,
  keyBlobType,
  keyFingerprint,
  keyTypeLabel,
  knownHostKeyTypes,
  type HostKeyVerdict,
} from './known-hosts.js';
import {tildePath} from './errors.js';
import type {SshSettings} from './settings.js';

// ssh2 offers ssh-ed25519 first; ssh prefers the key types already recorded for the host, so a server with
// several host keys hands over the one the user has in known_hosts.
const HOST_KEY_ALGORITHMS = [
  'ssh-ed25519',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'rsa-sha2-512',
  'rsa-sha2-256',
  'ssh-rsa',
];

export function hostKeyAlgorithms(knownTypes: string[]): string[] {
  const preferred = knownTypes
    .flatMap(type => (type === 'ssh-rsa' ? ['rsa-sha2-512', 'rsa-sha2-256', 'ssh-rsa'] : [type]))
    .filter(algorithm => HOST_KEY_ALGORITHMS.includes(algorithm));
  return [...new Set([...preferred, ...HOST_KEY_ALGORITHMS])];
}

export function hostKeyMessage(
  settings: SshSettings,
  verdict: Exclude<HostKeyVerdict, {ok: true}>,
  offered: Buffer,
): string {
  const name = settings.hostKeyName;
  const key = `${keyTypeLabel(keyBlobType(offered))} key ${keyFingerprint(offered)}`;
  const userFile = tildePath(settings.knownHostsFiles[0] ?? join(homedir(), '.ssh', 'known_hosts'));
  const where = verdict.file ? `${tildePath(verdict.file)}:${verdict.line}` : userFile;
  switch (verdict.reason) {
    case 'unknown':
      return `ssh host key of ${name} is not in ${userFile} (the server offered ${key}); berth never adds host keys itself: run "${settings.sshCommand}" once, check the fingerprint and accept it, then try again`;
    case 'other-type':
      return `ssh host key of ${name} is not in ${userFile}: it only has ${verdict.knownTypes!.map(keyTypeLabel).join(', ')} keys for this host, the server offered ${key}; run "${settings.sshCommand}" once, check the fingerprint and accept it, then try again`;
    case 'changed':
      return `ssh host key of ${name} does not match the one in ${where} (the server offered ${key}): someone may be intercepting the connection, or the host was reinstalled; check the fingerprint with the host's administrator, then run "ssh-keygen -R '${name}'${where.startsWith(userFile) ? '' : ` -f ${tildePath(verdict.file!)}`}" and "${settings.sshCommand}" to record the new key`;
    case 'revoked':
      return `ssh host key of ${name} (${key}) is marked @revoked in ${where}; berth refuses to connect`;
  }
}

// The part of a connection's config that checks the host key against known_hosts. A refused key is reported
// through onRefused: ssh2 itself only says the handshake failed.
export function hostKeyChecks(
  settings: SshSettings,
  onRefused: (message: string) => void,
): Pick<ConnectConfig, 'algorithms' | 'hostVerifier'> {
  return {
    // Read again for every connection: the user may have run ssh to record the key meanwhile.
    algorithms: {
      serverHostKey: hostKeyAlgorithms(
        knownHostKeyTypes(settings.hostKeyName, settings.knownHostsFiles),
      ) as NonNullable<ConnectConfig['algorithms']>['serverHostKey'],
    },
    hostVerifier: (key: Buffer) => {
      const verdict = checkHostKey(settings.hostKeyName, key, settings.knownHostsFiles);
      if (!verdict.ok) onRefused(hostKeyMessage(settings, verdict, key));
      return verdict.ok;
    },
  };
}
