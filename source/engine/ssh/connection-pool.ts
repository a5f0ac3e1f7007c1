import ssh2 from 'ssh2';
import type {Client as SshClient, ClientChannel, ConnectConfig} from 'ssh2';
import {DialStdioSocket, DIAL_STDIO} from './dial-stdio.js';
import {SshError} from './errors.js';
import {hostKeyChecks} from './host-keys.js';
import {authMessage, authMethods} from './identities.js';
import type {SshSettings} from './settings.js';
import {asError} from '../engine-error.js';

// ssh2 is CommonJS: named imports of its values fail when it is loaded unbundled (tests' fixtures).
const {Client} = ssh2;

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

export type SshConnectionPool = {
  channel: () => Promise<DialStdioSocket>;
  // closeSockets runs once the pool counts as destroyed and before its connections end, so channels closed by
  // it are not taken for a lost connection.
  destroy: (closeSockets: () => void) => void;
};

// A channel refused by the server because this connection has too many (OpenSSH: MaxSessions, default 10).
const isChannelRefusal = (error: unknown) => /Channel open failure/i.test((error as Error)?.message ?? '');

// One SSH connection, one channel (`docker system dial-stdio`) per HTTP connection. A second connection is opened
// only when the server refuses more channels on the first (MaxSessions).
export function createSshConnectionPool(settings: SshSettings): SshConnectionPool {
  const connections: Connection[] = [];
  let destroyed = false;
  const describe = () => `${settings.username}@${settings.host}:${settings.port}`;

  const open = (): Connection => {
    const client = new Client();
    let hostKeyProblem: string | undefined;
    let agentProblem: string | undefined;
    const config: ConnectConfig = {
      host: settings.host,
      port: settings.port,
      username: settings.username,
      authHandler: authMethods(settings),
      readyTimeout: 15_000,
      keepaliveInterval: 15_000,
      keepaliveCountMax: 3,
      ...hostKeyChecks(settings, message => (hostKeyProblem = message)),
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
        else if (firstError?.level === 'client-authentication')
          reject(new SshError(authMessage(settings, agentProblem), 'BERTH_SSH_AUTH'));
        else if (destroyed && !firstError)
          reject(new SshError(`the ssh connection to ${describe()} was closed`, 'BERTH_SSH_CLOSED'));
        else
          reject(
            firstError ??
              new SshError(`the ssh connection to ${describe()} closed during the handshake`, 'BERTH_SSH_CLOSED'),
          );
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
      connection.ready = Promise.reject(asError(error));
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

  return {
    channel,
    destroy: closeSockets => {
      destroyed = true;
      closeSockets();
      // A handshake still in progress is cut; established connections say goodbye.
      for (const connection of [...connections]) {
        if (connection.isReady) connection.client.end();
        else connection.client.destroy();
      }
    },
  };
}
