import type Docker from 'dockerode';

// What docker-modem keeps of how it reaches the engine. Its typings do not say; the code that talks to the engine
// without the modem (raw log reads, the stats reader, bounded JSON reads) opens the same socket from these.
export type ModemFields = {
  agent?: unknown;
  host?: string;
  port?: number | string;
  protocol?: string;
  socketPath?: string;
  version?: string;
};

export const modemFields = (docker: Docker): ModemFields => docker.modem as unknown as ModemFields;
