import {existsSync, readFileSync} from 'node:fs';
import {homedir} from 'node:os';
import {join} from 'node:path';
import ssh2 from 'ssh2';
import type {AnyAuthMethod, ParsedKey} from 'ssh2';
import type {SshHostConfig} from './config.js';
import {tildePath} from './errors.js';
import type {SshIdentity, SshSettings} from './types.js';

// ssh2 is CommonJS: named imports of its values fail when it is loaded unbundled (tests' fixtures).
const {utils} = ssh2;

export type {SshIdentity};

const DEFAULT_IDENTITY_NAMES = ['id_rsa', 'id_ecdsa', 'id_ed25519', 'id_dsa'];

// Private keys that can be used without asking for a passphrase. A passphrase-protected key is skipped (the agent
// may hold it, as ssh-add does), never an error by itself.
function loadIdentity(file: string): SshIdentity | undefined {
  if (!existsSync(file)) return undefined;
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch (error) {
    return {file, problem: `cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`};
  }
  const parsed = utils.parseKey(data);
  if (parsed instanceof Error) {
    return {
      file,
      problem: /encrypted|passphrase/i.test(parsed.message)
        ? 'is passphrase-protected (add it to ssh-agent: ssh-add ' + tildePath(file) + ')'
        : `is not a usable private key (${parsed.message})`,
    };
  }
  const key = Array.isArray(parsed) ? (parsed[0] as ParsedKey | undefined) : parsed;
  if (!key || !key.isPrivateKey()) return {file, problem: 'is not a private key'};
  return {file, key};
}

export function loadIdentities(config: SshHostConfig): SshIdentity[] {
  // As ssh: the configured identities, or the default ones when none is configured.
  const files = config.identityFiles.length
    ? config.identityFiles
    : DEFAULT_IDENTITY_NAMES.map(name => join(homedir(), '.ssh', name));
  return [...new Set(files)].map(loadIdentity).filter((identity): identity is SshIdentity => Boolean(identity));
}

export function agentSocket(config: SshHostConfig, env: NodeJS.ProcessEnv): string | undefined {
  const agentSetting = config.identityAgent;
  const socket =
    agentSetting === 'none'
      ? undefined
      : agentSetting && agentSetting !== 'SSH_AUTH_SOCK'
        ? agentSetting
        : env.SSH_AUTH_SOCK || undefined;
  return identitiesOnly(config.identitiesOnly, socket);
}

// IdentitiesOnly=yes: ssh offers only the configured identities; berth keeps it simple and leaves the agent out.
const identitiesOnly = (only: boolean | undefined, socket: string | undefined) => (only ? undefined : socket);

// As ssh: the agent's keys first, then the identity files.
export function authMethods(settings: SshSettings): AnyAuthMethod[] {
  const methods: AnyAuthMethod[] = [];
  if (settings.agentSocket) methods.push({type: 'agent', username: settings.username, agent: settings.agentSocket});
  for (const identity of settings.identities) {
    if (identity.key) methods.push({type: 'publickey', username: settings.username, key: identity.key});
  }
  return methods;
}

export function authMessage(settings: SshSettings, agentProblem: string | undefined): string {
  const tried: string[] = [];
  if (settings.agentSocket)
    tried.push(
      agentProblem
        ? `the ssh agent at ${settings.agentSocket} (${agentProblem.replace(/\.$/, '').toLowerCase()})`
        : 'the keys in the ssh agent',
    );
  for (const identity of settings.identities) if (identity.key) tried.push(tildePath(identity.file));
  const skipped = settings.identities
    .filter(identity => identity.problem)
    .map(identity => `${tildePath(identity.file)} ${identity.problem}`);
  const what = tried.length
    ? `tried ${tried.join(', ')}`
    : 'no key to offer: no ssh agent (SSH_AUTH_SOCK) and no usable identity file (IdentityFile in ~/.ssh/config, or ~/.ssh/id_ed25519)';
  return `ssh login as ${settings.username}@${settings.host}:${settings.port} was refused; ${what}${skipped.length ? `; skipped ${skipped.join('; ')}` : ''}; check with "${settings.sshCommand}"`;
}
