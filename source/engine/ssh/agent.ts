import {Agent} from 'node:http';
import type {Duplex} from 'node:stream';
import {createSshConnectionPool} from './connection-pool.js';
import {sshSettings} from './settings.js';
import type {EngineTarget} from '../target.js';

export {DIAL_STDIO} from './dial-stdio.js';
export {SshError, tildePath, type SshErrorCode} from './errors.js';
export {hostKeyAlgorithms, hostKeyMessage} from './host-keys.js';
export type {SshIdentity} from './identities.js';
export {sshSettings, type SshSettings} from './settings.js';

// One SSH connection per engine, one channel (`docker system dial-stdio`) per HTTP connection: docker-modem's own
// ssh support opens a new SSH session for every request and never checks the host key.
export function createSshAgent(target: EngineTarget): Agent {
  const pool = createSshConnectionPool(sshSettings(target));

  class SshAgent extends Agent {
    override createConnection(_options: unknown, callback: (error: Error | null, stream?: Duplex) => void): undefined {
      pool.channel().then(
        socket => callback(null, socket),
        error => callback(error as Error),
      );
      return undefined;
    }
    override destroy(): void {
      pool.destroy(() => super.destroy());
    }
  }
  // Idle keep-alive channels each keep a dial-stdio process on the host and count against MaxSessions.
  return new SshAgent({keepAlive: true, maxFreeSockets: 4});
}
