import {homedir} from 'node:os';

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

export const tildePath = (file: string) => {
  const home = homedir();
  return home && home !== '/' && file.startsWith(`${home}/`) ? `~/${file.slice(home.length + 1)}` : file;
};
