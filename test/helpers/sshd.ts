import {execFileSync, spawn, type ChildProcess} from 'node:child_process';
import {existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir, userInfo} from 'node:os';
import {join} from 'node:path';
import {commandExists} from './commands.js';
import {freePort} from './registry-server.js';

// A private OpenSSH server for the ssh:// engine tests: its own host key, authorized key, pid file and log, on a free
// port of 127.0.0.1. Sessions get DOCKER_HOST (sshd_config SetEnv, OpenSSH >= 8.7), so the "remote"
// `docker system dial-stdio` reaches the bench engine's unix socket.

export const SSHD = process.env.BERTH_SSHD || '/usr/sbin/sshd';

export function sshdAvailable(): boolean {
  return existsSync(SSHD) && commandExists('ssh-keygen');
}

// Tests that need sshd run where it is installed; its absence is a failure, never a skip (npm test installs it through scripts/testbed.sh).
export function shouldRunSshTests(): boolean {
  if (sshdAvailable()) return true;
  throw new Error(
    `${SSHD} (or ssh-keygen) is not installed: install it (apt-get install -y openssh-server openssh-client, or bash scripts/testbed.sh up) so the ssh engine tests can run`,
  );
}

export type SshKey = {
  // Private key file (OpenSSH format).
  file: string;
  // The public key line: "ssh-ed25519 AAAA… comment".
  publicLine: string;
  // "ssh-ed25519 AAAA…" without the comment: what a known_hosts line carries after the host names.
  typeAndKey: string;
};

export function makeKey(
  file: string,
  options: {type?: 'ed25519' | 'ecdsa' | 'rsa'; passphrase?: string; comment?: string} = {},
): SshKey {
  mkdirSync(join(file, '..'), {recursive: true});
  rmSync(file, {force: true});
  rmSync(`${file}.pub`, {force: true});
  const type = options.type ?? 'ed25519';
  const args = ['-q', '-t', type, '-N', options.passphrase ?? '', '-C', options.comment ?? 'berth-test', '-f', file];
  if (type === 'rsa') args.splice(3, 0, '-b', '2048');
  execFileSync('ssh-keygen', args, {stdio: 'ignore'});
  const publicLine = readFileSync(`${file}.pub`, 'utf8').trim();
  return {file, publicLine, typeAndKey: publicLine.split(/\s+/).slice(0, 2).join(' ')};
}

export type SshdOptions = {
  // What sessions see as DOCKER_HOST (the bench socket, as unix://…).
  dockerHost: string;
  // Host key types; the first is also `hostKey`.
  hostKeyTypes?: Array<'ed25519' | 'ecdsa' | 'rsa'>;
  // sshd's MaxSessions (channels per connection; OpenSSH's default is 10).
  maxSessions?: number;
};

export type RunningSshd = {
  host: '127.0.0.1';
  port: number;
  user: string;
  dir: string;
  hostKey: SshKey;
  hostKeys: SshKey[];
  // A key in authorized_keys, not protected by a passphrase.
  clientKey: SshKey;
  // How known_hosts names this server: [127.0.0.1]:port.
  knownHostsName: string;
  authorize(key: SshKey): void;
  log(): string;
  // Connections that completed public key authentication so far ("Accepted publickey" lines).
  logins(): number;
  // exec requests so far ("Starting session: command" lines).
  sessions(): number;
  // Established TCP connections to this server, counted on the client side (/proc/net/tcp, no iproute2 needed).
  established(): number;
  // Cuts every client connection: SIGTERM to the per-connection sshd processes this server forked.
  dropConnections(): void;
  stop(): Promise<void>;
};

export async function startSshd(options: SshdOptions): Promise<RunningSshd> {
  if (!sshdAvailable()) throw new Error(`${SSHD} is not installed: apt-get install -y openssh-server openssh-client`);
  // sshd refuses to start without its privilege separation directory (created by the service unit, not the package).
  if (!existsSync('/run/sshd') && process.getuid?.() === 0) mkdirSync('/run/sshd', {recursive: true, mode: 0o755});
  const dir = mkdtempSync(join(tmpdir(), 'berth-sshd-'));
  try {
    return await launch(dir, options);
  } catch (error) {
    rmSync(dir, {recursive: true, force: true});
    throw error;
  }
}

async function launch(dir: string, options: SshdOptions): Promise<RunningSshd> {
  const hostKeys = (options.hostKeyTypes ?? ['ed25519']).map(type =>
    makeKey(join(dir, `host_${type}_key`), {type, comment: 'berth-test-host'}),
  );
  const [hostKey] = hostKeys;
  if (!hostKey) throw new Error('sshd needs at least one host key type');
  const clientKey = makeKey(join(dir, 'client_key'), {comment: 'berth-test-client'});
  const authorizedKeys = join(dir, 'authorized_keys');
  writeFileSync(authorizedKeys, `${clientKey.publicLine}\n`);
  const port = await freePort();
  const logFile = join(dir, 'sshd.log');
  const config = [
    'ListenAddress 127.0.0.1',
    ...hostKeys.map(key => `HostKey ${key.file}`),
    `AuthorizedKeysFile ${authorizedKeys}`,
    `PidFile ${join(dir, 'sshd.pid')}`,
    'StrictModes no',
    'UsePAM no',
    'PasswordAuthentication no',
    'KbdInteractiveAuthentication no',
    'PubkeyAuthentication yes',
    'PermitRootLogin prohibit-password',
    'LogLevel VERBOSE',
    `MaxSessions ${options.maxSessions ?? 10}`,
    'MaxStartups 100',
    `SetEnv DOCKER_HOST=${options.dockerHost}`,
    '',
  ].join('\n');
  const configFile = join(dir, 'sshd_config');
  writeFileSync(configFile, config);
  try {
    execFileSync(SSHD, ['-t', '-f', configFile], {stdio: 'pipe'});
  } catch (error) {
    throw new Error(`sshd refused its test configuration: ${String((error as {stderr?: Buffer}).stderr ?? error)}`, {
      cause: error,
    });
  }
  const child: ChildProcess = spawn(SSHD, ['-D', '-f', configFile, '-p', String(port), '-E', logFile], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  const stderr: Buffer[] = [];
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
  const log = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '') + Buffer.concat(stderr).toString('utf8');
  const count = (pattern: RegExp) =>
    log()
      .split('\n')
      .filter(line => pattern.test(line)).length;
  const deadline = Date.now() + 10_000;
  while (!/Server listening on 127\.0\.0\.1 port/.test(log())) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`sshd did not start on 127.0.0.1:${port}: ${log().slice(-2000)}`);
    }
    await new Promise(resolve => setTimeout(resolve, 25));
  }
  return {
    host: '127.0.0.1',
    port,
    user: userInfo().username,
    dir,
    hostKey,
    hostKeys,
    clientKey,
    knownHostsName: `[127.0.0.1]:${port}`,
    authorize: key => writeFileSync(authorizedKeys, `${readFileSync(authorizedKeys, 'utf8')}${key.publicLine}\n`),
    log,
    logins: () => count(/Accepted publickey for /),
    sessions: () => count(/Starting session: command /),
    established: () => establishedTo(port),
    dropConnections: () => {
      for (const pid of childrenOf(child.pid!)) process.kill(pid, 'SIGTERM');
    },
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise(resolve => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise(resolve => setTimeout(resolve, 3000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, {recursive: true, force: true});
    },
  };
}

// Client sides of established IPv4 connections to 127.0.0.1:port (state 01; addresses are little-endian hex).
function establishedTo(port: number): number {
  const wanted = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  return readFileSync('/proc/net/tcp', 'utf8')
    .split('\n')
    .slice(1)
    .map(line => line.trim().split(/\s+/))
    .filter(fields => fields[2] === wanted && fields[3] === '01').length;
}

function childrenOf(parent: number): number[] {
  const pids: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // pid (comm) state ppid …; comm may hold spaces, so split after the last ')'.
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === parent) pids.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return pids;
}

// A HOME for berth's code under test: ~/.ssh/known_hosts and ~/.ssh/config are whatever the test writes.
export function makeHome(prefix = 'berth-ssh-home-'): {
  home: string;
  ssh: string;
  write(name: string, text: string): string;
  remove(): void;
} {
  const home = mkdtempSync(join(tmpdir(), prefix));
  const ssh = join(home, '.ssh');
  mkdirSync(ssh, {mode: 0o700});
  return {
    home,
    ssh,
    write: (name, text) => {
      const file = join(ssh, name);
      writeFileSync(file, text, {mode: 0o600});
      return file;
    },
    remove: () => rmSync(home, {recursive: true, force: true}),
  };
}
