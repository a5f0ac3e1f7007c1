import type {ParsedKey} from 'ssh2';

export type SshIdentity = {file: string; key?: ParsedKey; problem?: string};

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
