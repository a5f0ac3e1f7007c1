import {Agent} from 'node:http';
import {existsSync, readFileSync} from 'node:fs';
import {homedir, userInfo} from 'node:os';
import {join} from 'node:path';
import type {Duplex} from 'node:stream';
import {Client, type ConnectConfig} from 'ssh2';
import {checkHostKey, knownHostsName} from './known-hosts.js';
import {readSshConfig} from './ssh-config.js';
import type {EngineTarget} from './target.js';

const DEFAULT_IDENTITIES = ['id_ed25519', 'id_ecdsa', 'id_rsa'].map(name => join(homedir(), '.ssh', name));

// One SSH connection per engine, one channel (`docker system dial-stdio`) per HTTP connection: docker-modem's
// own ssh support opens a new SSH session for every request and never checks the host key.
export function createSshAgent(target: EngineTarget): Agent {
  const config = readSshConfig(target.host!);
  const host = config.hostName ?? target.host!;
  const port = target.port !== 22 ? target.port! : (config.port ?? 22);
  const identity = [...config.identityFiles, ...DEFAULT_IDENTITIES].find(file => existsSync(file));
  const connect: ConnectConfig = {
    host,
    port,
    username: target.sshUser ?? config.user ?? userInfo().username,
    agent: process.env.SSH_AUTH_SOCK,
    privateKey: identity ? readFileSync(identity) : undefined,
    readyTimeout: 15_000,
    keepaliveInterval: 15_000,
    hostVerifier: (key: Buffer) => {
      const verdict = checkHostKey(host, port, key);
      if (!verdict.ok) hostKeyProblem = verdict.reason;
      return verdict.ok;
    },
  };
  let hostKeyProblem: 'unknown' | 'changed' | undefined;
  let client: Client | undefined;
  let ready: Promise<Client> | undefined;

  const connection = (): Promise<Client> => {
    if (ready) return ready;
    ready = new Promise((resolve, reject) => {
      const c = new Client();
      c.once('ready', () => {
        client = c;
        resolve(c);
      });
      c.once('error', error => {
        ready = undefined;
        if (hostKeyProblem) {
          const name = knownHostsName(host, port);
          reject(
            new Error(
              hostKeyProblem === 'unknown'
                ? `ssh host key of ${name} is not in ~/.ssh/known_hosts; run "ssh ${name}" once to check and record it`
                : `ssh host key of ${name} does not match ~/.ssh/known_hosts (possible attack, or the host was reinstalled); verify it, then fix the entry`,
            ),
          );
        } else reject(error);
      });
      c.once('close', () => {
        if (client === c) client = undefined;
        ready = undefined;
      });
      c.connect(connect);
    });
    return ready;
  };

  class SshAgent extends Agent {
    override createConnection(_options: unknown, callback: (error: Error | null, stream?: Duplex) => void): undefined {
      connection()
        .then(c =>
          c.exec('docker system dial-stdio', (error, stream) => {
            if (error) return callback(error);
            const socket = stream as unknown as Duplex & Record<string, unknown>;
            // http.ClientRequest expects these socket methods; a channel has none of them.
            for (const method of ['setKeepAlive', 'setNoDelay', 'setTimeout', 'ref', 'unref']) socket[method] = () => socket;
            callback(null, socket);
          }),
        )
        .catch(error => callback(error));
      return undefined;
    }
    override destroy(): void {
      super.destroy();
      client?.end();
    }
  }
  return new SshAgent({keepAlive: true});
}
