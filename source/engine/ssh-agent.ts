import {Agent} from 'node:http';
import {existsSync, readFileSync} from 'node:fs';
import {homedir, userInfo} from 'node:os';
import {join} from 'node:path';
import {Duplex} from 'node:stream';
import ssh2, {type AnyAuthMethod, type Client as SshClient, type ClientChannel, type ConnectConfig, type ParsedKey} from 'ssh2';

// ssh2 is CommonJS: named imports of its values fail when it is loaded unbundled (tests' fixtures).
const {Client, utils} = ssh2;
import {
  checkHostKey,
  defaultKnownHostsFiles,
  keyBlobType,
  keyFingerprint,
  keyTypeLabel,
  knownHostKeyTypes,
  knownHostsName,
  type HostKeyVerdict,
} from './known-hosts.js';
import {readSshConfig} from './ssh-config.js';
import type {EngineTarget} from './target.js';

// What the remote side runs for every HTTP connection, as the docker CLI does for ssh:// hosts.
export const DIAL_STDIO = 'docker system dial-stdio';

export type SshErrorCode = 'BERTH_SSH_HOST_KEY' | 'BERTH_SSH_AUTH' | 'BERTH_SSH_DIAL_STDIO' | 'BERTH_SSH_CLOSED';

// Errors whose message already says what happened and what to do (connect-errors.ts passes them through).
export class SshError extends Error {
  constructor(
    message: string,
    readonly code: SshErrorCode,
  ) {
    super(message);
    this.name = 'SshError';
  }
}

export type SshIdentity = {file: string; key?: ParsedKey; problem?: string};

// Everything a connection needs, resolved once from the target, ~/.ssh/config and the environment.
export type SshSettings = {
  // The host as the user wrote it (what ~/.ssh/config matched, and what "ssh …" in messages should name).
  alias: string;
  host: string;
  port: number;
  username: string;
  // The name looked up in known_hosts: [host]:port off port 22, or HostKeyAlias.
  hostKeyName: string;
  knownHostsFiles: string[];
  agentSocket?: string;
  identities: SshIdentity[];
  // "ssh -p 2222 root@host": how the user checks the host key or the login themselves.
  sshCommand: string;
};

const DEFAULT_IDENTITY_NAMES = ['id_rsa', 'id_ecdsa', 'id_ed25519', 'id_dsa'];

export const tildePath = (file: string) => {
  const home = homedir();
  return home && home !== '/' && file.startsWith(`${home}/`) ? `~/${file.slice(home.length + 1)}` : file;
};

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
    return {file, problem: /encrypted|passphrase/i.test(parsed.message) ? 'is passphrase-protected (add it to ssh-agent: ssh-add ' + tildePath(file) + ')' : `is not a usable private key (${parsed.message})`};
  }
  const key = Array.isArray(parsed) ? (parsed[0] as ParsedKey | undefined) : parsed;
  if (!key || !key.isPrivateKey()) return {file, problem: 'is not a private key'};
  return {file, key};
}

export function sshSettings(target: EngineTarget, env: NodeJS.ProcessEnv = process.env): SshSettings {
  const alias = target.host!;
  const config = readSshConfig(alias);
  const host = (config.hostName ?? alias).toLowerCase();
  // An explicit port in the URL wins over ~/.ssh/config; the target says 22 when the URL had none.
  const explicitPort = target.port !== undefined && target.port !== 22;
  const port = explicitPort ? target.port! : (config.port ?? 22);
  const username = target.sshUser ?? config.user ?? userInfo().username;
  const defaults = defaultKnownHostsFiles();
  const agentSetting = config.identityAgent;
  const agentSocket = agentSetting === 'none' ? undefined : agentSetting && agentSetting !== 'SSH_AUTH_SOCK' ? agentSetting : env.SSH_AUTH_SOCK || undefined;
  // As ssh: the configured identities, or the default ones when none is configured.
  const files = config.identityFiles.length ? config.identityFiles : DEFAULT_IDENTITY_NAMES.map(name => join(homedir(), '.ssh', name));
  const identities = [...new Set(files)].map(loadIdentity).filter((identity): identity is SshIdentity => Boolean(identity));
  const sshCommand = `ssh ${explicitPort ? `-p ${port} ` : ''}${target.sshUser ? `${target.sshUser}@` : ''}${alias}`;
  return {
    alias,
    host,
    port,
    username,
    hostKeyName: (config.hostKeyAlias ?? knownHostsName(host, port)).toLowerCase(),
    knownHostsFiles: [...(config.userKnownHostsFiles ?? defaults.user), ...defaults.global],
    agentSocket: identitiesOnly(config.identitiesOnly, agentSocket),
    identities,
    sshCommand,
  };
}

// IdentitiesOnly=yes: ssh offers only the configured identities; berth keeps it simple and leaves the agent out.
const identitiesOnly = (only: boolean | undefined, socket: string | undefined) => (only ? undefined : socket);

// ssh2 offers ssh-ed25519 first; ssh prefers the key types already recorded for the host, so a server with
// several host keys hands over the one the user has in known_hosts.
const HOST_KEY_ALGORITHMS = ['ssh-ed25519', 'ecdsa-sha2-nistp256', 'ecdsa-sha2-nistp384', 'ecdsa-sha2-nistp521', 'rsa-sha2-512', 'rsa-sha2-256', 'ssh-rsa'];

export function hostKeyAlgorithms(knownTypes: string[]): string[] {
  const preferred = knownTypes.flatMap(type => (type === 'ssh-rsa' ? ['rsa-sha2-512', 'rsa-sha2-256', 'ssh-rsa'] : [type])).filter(algorithm => HOST_KEY_ALGORITHMS.includes(algorithm));
  return [...new Set([...preferred, ...HOST_KEY_ALGORITHMS])];
}

export function hostKeyMessage(settings: SshSettings, verdict: Exclude<HostKeyVerdict, {ok: true}>, offered: Buffer): string {
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

function authMessage(settings: SshSettings, agentProblem: string | undefined): string {
  const tried: string[] = [];
  if (settings.agentSocket) tried.push(agentProblem ? `the ssh agent at ${settings.agentSocket} (${agentProblem.replace(/\.$/, '').toLowerCase()})` : 'the keys in the ssh agent');
  for (const identity of settings.identities) if (identity.key) tried.push(tildePath(identity.file));
  const skipped = settings.identities.filter(identity => identity.problem).map(identity => `${tildePath(identity.file)} ${identity.problem}`);
  const what = tried.length ? `tried ${tried.join(', ')}` : 'no key to offer: no ssh agent (SSH_AUTH_SOCK) and no usable identity file (IdentityFile in ~/.ssh/config, or ~/.ssh/id_ed25519)';
  return `ssh login as ${settings.username}@${settings.host}:${settings.port} was refused; ${what}${skipped.length ? `; skipped ${skipped.join('; ')}` : ''}; check with "${settings.sshCommand}"`;
}

type Connection = {
  client: SshClient;
  ready: Promise<void>;
  // Open channels (HTTP connections), and how many the server allows (MaxSessions, learnt on refusal).
  channels: number;
  limit: number;
  isReady: boolean;
  closed: boolean;
  // Closed by the other side or the network, not by berth.
  lost: boolean;
  endedByUs: boolean;
};

// A channel refused by the server because this connection has too many (OpenSSH: MaxSessions, default 10).
const isChannelRefusal = (error: unknown) => /Channel open failure/i.test((error as Error)?.message ?? '');

// The HTTP connection over one `docker system dial-stdio` channel. The remote command's stderr and exit status
// turn into the error a request sees when it fails, instead of "socket hang up".
class DialStdioSocket extends Duplex {
  private stderr = '';
  private exit: {code?: number | null; signal?: string} | undefined;
  private received = false;

  constructor(
    private readonly channel: ClientChannel,
    private readonly describe: () => string,
    // True once the ssh connection under this channel went away without berth closing it.
    private readonly lost: () => boolean,
  ) {
    // Like a TCP socket of the http client: when the remote side is done, so is ours (and 'close' follows, which
    // is what takes a dead keep-alive socket out of the Agent's pool).
    super({allowHalfOpen: false});
    channel.on('data', (chunk: Buffer) => {
      this.received = true;
      if (!this.push(chunk)) channel.pause();
    });
    channel.stderr.on('data', (chunk: Buffer) => {
      if (this.stderr.length < 4096) this.stderr += chunk.toString('utf8');
    });
    channel.on('exit', (code: number | null, signal?: string) => {
      this.exit = {code, signal};
    });
    channel.on('error', (error: Error) => this.destroy(error));
    channel.once('close', () => this.channelClosed());
  }

  private channelClosed(): void {
    if (this.destroyed) return;
    const failed = this.exit ? this.exit.code !== 0 && this.exit.code !== undefined : !this.received;
    if (failed && (this.stderr.trim() || this.exit)) {
      const status = this.exit?.signal ? `signal ${this.exit.signal}` : `exit status ${this.exit?.code ?? '?'}`;
      this.destroy(new SshError(dialStdioMessage(this.describe(), this.stderr, this.exit?.code, status), 'BERTH_SSH_DIAL_STDIO'));
      return;
    }
    if (!this.exit && this.lost()) {
      this.destroy(new SshError(`the ssh connection to ${this.describe()} was lost`, 'BERTH_SSH_CLOSED'));
      return;
    }
    if (!this.exit && !this.received) {
      this.destroy(new SshError(`the ssh connection to ${this.describe()} closed before "${DIAL_STDIO}" answered`, 'BERTH_SSH_CLOSED'));
      return;
    }
    this.push(null);
  }

  override _read(): void {
    this.channel.resume();
  }

  override _write(chunk: Buffer, encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    this.channel.write(chunk, encoding, callback);
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.channel.end();
    callback();
  }

  override _destroy(error: Error | null, callback: (error: Error | null) => void): void {
    this.channel.destroy();
    callback(error);
  }

  // http.ClientRequest and the Agent call these socket methods; a channel has none of them.
  setKeepAlive(): this {
    return this;
  }
  setNoDelay(): this {
    return this;
  }
  setTimeout(): this {
    return this;
  }
  ref(): this {
    return this;
  }
  unref(): this {
    return this;
  }
}

function dialStdioMessage(where: string, stderr: string, exitCode: number | null | undefined, status: string): string {
  const text = stderr.replace(/\s+/g, ' ').trim();
  const said = text ? `: ${text.length > 300 ? `${text.slice(0, 297)}...` : text}` : '';
  let hint = '';
  if (exitCode === 127 || /\bdocker: (command )?not found/i.test(text)) hint = '; install the docker CLI on that host (berth runs "docker system dial-stdio" there as the ssh user)';
  else if (/permission denied/i.test(text)) hint = '; add the ssh user to the docker group on that host';
  else if (/Cannot connect to the Docker daemon|raw stream connection|dial unix|connection refused|no such file/i.test(text)) hint = '; is dockerd running on that host, and is DOCKER_HOST right for the ssh user there?';
  else if (/unknown command|is not a docker command/i.test(text)) hint = '; the docker CLI on that host is too old for "system dial-stdio" (it needs 18.09 or later)';
  return `"${DIAL_STDIO}" failed on ${where} (${status})${said}${hint}`;
}

// One SSH connection per engine, one channel (`docker system dial-stdio`) per HTTP connection: docker-modem's own
// ssh support opens a new SSH session for every request and never checks the host key. A second connection is
// opened only when the server refuses more channels on the first (MaxSessions).
export function createSshAgent(target: EngineTarget): Agent {
  const settings = sshSettings(target);
  const connections: Connection[] = [];
  let destroyed = false;
  const describe = () => `${settings.username}@${settings.host}:${settings.port}`;

  const open = (): Connection => {
    const client = new Client();
    let hostKeyProblem: string | undefined;
    let agentProblem: string | undefined;
    const authMethods: AnyAuthMethod[] = [];
    if (settings.agentSocket) authMethods.push({type: 'agent', username: settings.username, agent: settings.agentSocket});
    for (const identity of settings.identities) {
      if (identity.key) authMethods.push({type: 'publickey', username: settings.username, key: identity.key});
    }
    const config: ConnectConfig = {
      host: settings.host,
      port: settings.port,
      username: settings.username,
      authHandler: authMethods,
      readyTimeout: 15_000,
      keepaliveInterval: 15_000,
      keepaliveCountMax: 3,
      // Read again for every connection: the user may have run ssh to record the key meanwhile.
      algorithms: {serverHostKey: hostKeyAlgorithms(knownHostKeyTypes(settings.hostKeyName, settings.knownHostsFiles)) as NonNullable<ConnectConfig['algorithms']>['serverHostKey']},
      hostVerifier: (key: Buffer) => {
        const verdict = checkHostKey(settings.hostKeyName, key, settings.knownHostsFiles);
        if (!verdict.ok) hostKeyProblem = hostKeyMessage(settings, verdict, key);
        return verdict.ok;
      },
    };
    let firstError: (Error & {level?: string}) | undefined;
    const connection: Connection = {
      client,
      ready: Promise.resolve(),
      channels: 0,
      limit: Infinity,
      isReady: false,
      closed: false,
      lost: false,
      endedByUs: false,
    };
    connection.ready = new Promise<void>((resolve, reject) => {
      client.once('ready', () => {
        connection.isReady = true;
        resolve();
      });
      // ssh2 reports some problems as 'error' and carries on (an unreachable agent, a key it cannot sign with);
      // the connection has failed only when it closes before 'ready'.
      client.on('error', (error: Error & {level?: string}) => {
        if (error.level === 'agent') agentProblem ??= error.message;
        else firstError ??= error;
      });
      // 'end' and 'close' come before ssh2 closes the channels, so they can tell why.
      const gone = () => {
        connection.closed = true;
        if (!connection.endedByUs && !destroyed) connection.lost = true;
      };
      client.once('end', gone);
      client.once('close', () => {
        gone();
        const index = connections.indexOf(connection);
        if (index >= 0) connections.splice(index, 1);
        if (connection.isReady) return;
        if (hostKeyProblem) reject(new SshError(hostKeyProblem, 'BERTH_SSH_HOST_KEY'));
        else if (firstError?.level === 'client-authentication') reject(new SshError(authMessage(settings, agentProblem), 'BERTH_SSH_AUTH'));
        else if (destroyed && !firstError) reject(new SshError(`the ssh connection to ${describe()} was closed`, 'BERTH_SSH_CLOSED'));
        else reject(firstError ?? new SshError(`the ssh connection to ${describe()} closed during the handshake`, 'BERTH_SSH_CLOSED'));
      });
    });
    // Nobody may be waiting when it fails (e.g. closed by destroy()).
    connection.ready.catch(() => {});
    connections.push(connection);
    try {
      client.connect(config);
    } catch (error) {
      connection.closed = true;
      connections.splice(connections.indexOf(connection), 1);
      connection.ready = Promise.reject(error);
      connection.ready.catch(() => {});
    }
    return connection;
  };

  const exec = (connection: Connection): Promise<ClientChannel> =>
    new Promise((resolve, reject) => {
      connection.client.exec(DIAL_STDIO, (error, channel) => (error ? reject(error) : resolve(channel)));
    });

  const release = (connection: Connection) => {
    connection.channels--;
    // Extra connections exist only for bursts beyond MaxSessions; the first one stays.
    if (connection.channels === 0 && connections.indexOf(connection) > 0) {
      connection.endedByUs = true;
      connection.client.end();
    }
  };

  const channel = async (): Promise<DialStdioSocket> => {
    for (let attempt = 0; ; attempt++) {
      if (destroyed) throw new SshError(`the ssh connection to ${describe()} was closed`, 'BERTH_SSH_CLOSED');
      const connection = connections.find(c => !c.closed && c.channels < c.limit) ?? open();
      connection.channels++;
      let stream: ClientChannel;
      try {
        await connection.ready;
        stream = await exec(connection);
      } catch (error) {
        release(connection);
        // The server allows no more channels on this connection: remember its limit and use another one.
        if (isChannelRefusal(error) && connection.channels > 0 && attempt < 8) {
          connection.limit = connection.channels;
          continue;
        }
        throw error;
      }
      if (destroyed) {
        stream.close();
        release(connection);
        throw new SshError(`the ssh connection to ${describe()} was closed`, 'BERTH_SSH_CLOSED');
      }
      stream.once('close', () => release(connection));
      return new DialStdioSocket(stream, describe, () => connection.lost);
    }
  };

  class SshAgent extends Agent {
    override createConnection(_options: unknown, callback: (error: Error | null, stream?: Duplex) => void): undefined {
      channel().then(
        socket => callback(null, socket),
        error => callback(error as Error),
      );
      return undefined;
    }
    override destroy(): void {
      destroyed = true;
      super.destroy();
      // A handshake still in progress is cut; established connections say goodbye.
      for (const connection of [...connections]) connection.isReady ? connection.client.end() : connection.client.destroy();
    }
  }
  // Idle keep-alive channels each keep a dial-stdio process on the host and count against MaxSessions.
  return new SshAgent({keepAlive: true, maxFreeSockets: 4});
}
