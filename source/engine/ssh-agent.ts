import {Agent} from 'node:http';
import type {Duplex} from 'node:stream';
import {createSshConnectionPool} from './ssh-connection-pool.js';
import {sshSettings} from './ssh-settings.js';
import type {EngineTarget} from './target.js';

export {DIAL_STDIO} from './ssh-dial-stdio.js';
export {SshError, tildePath, type SshErrorCode} from './ssh-errors.js';
export {hostKeyAlgorithms, hostKeyMessage} from './ssh-host-keys.js';
export type {SshIdentity} from './ssh-identities.js';
export {sshSettings, type SshSettings} from './ssh-settings.js';

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
