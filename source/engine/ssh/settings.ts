import {userInfo} from 'node:os';
import {defaultKnownHostsFiles, knownHostsName} from './known-hosts.js';
import {readSshConfig} from './config.js';
import {agentSocket, loadIdentities} from './identities.js';
import type {SshSettings} from './types.js';
import type {EngineTarget} from '../target.js';

// Everything a connection needs, resolved once from the target, ~/.ssh/config and the environment.
export type {SshSettings};

export function sshSettings(target: EngineTarget, env: NodeJS.ProcessEnv = process.env): SshSettings {
  const alias = target.host!;
  const config = readSshConfig(alias);
  const host = (config.hostName ?? alias).toLowerCase();
  // An explicit port in the URL wins over ~/.ssh/config; the target says 22 when the URL had none.
  const explicitPort = target.port !== undefined && target.port !== 22;
  const port = explicitPort ? target.port! : (config.port ?? 22);
  const username = target.sshUser ?? config.user ?? userInfo().username;
  const defaults = defaultKnownHostsFiles();
  const socket = agentSocket(config, env);
  const identities = loadIdentities(config);
  const sshCommand = `ssh ${explicitPort ? `-p ${port} ` : ''}${target.sshUser ? `${target.sshUser}@` : ''}${alias}`;
  return {
    alias,
    host,
    port,
    username,
    hostKeyName: (config.hostKeyAlias ?? knownHostsName(host, port)).toLowerCase(),
    knownHostsFiles: [...(config.userKnownHostsFiles ?? defaults.user), ...defaults.global],
    agentSocket: socket,
    identities,
    sshCommand,
  };
}
