import {parseArgs} from 'node:util';
import {UsageError} from '../errors.js';
import type {ConnectionFlags} from '../engine/target.js';

export type GlobalOptions = ConnectionFlags & {
  config?: string;
  registries: string[];
  registryCa?: string;
  readonly: boolean;
  help: boolean;
  version: boolean;
};

export type ParsedArgs = {options: GlobalOptions; command: string[]};

const OPTIONS = {
  host: {type: 'string', short: 'H'},
  context: {type: 'string', short: 'c'},
  tlsverify: {type: 'boolean'},
  tlscacert: {type: 'string'},
  tlscert: {type: 'string'},
  tlskey: {type: 'string'},
  config: {type: 'string'},
  registry: {type: 'string', multiple: true},
  'registry-ca': {type: 'string'},
  readonly: {type: 'boolean'},
  help: {type: 'boolean', short: 'h'},
  version: {type: 'boolean', short: 'v'},
  json: {type: 'boolean'},
  output: {type: 'string', short: 'o'},
  input: {type: 'string', short: 'i'},
} as const;

// Subcommands take their own flags; the global ones may stand anywhere, as with the docker CLI.
export function parseCommandLine(argv: string[]): ParsedArgs & {flags: {json: boolean; output?: string; input?: string}} {
  let parsed;
  try {
    parsed = parseArgs({args: argv, options: OPTIONS, allowPositionals: true, strict: true});
  } catch (error) {
    const message = (error as Error).message.replace(/\. To specify a positional argument.*$/s, '');
    throw new UsageError(`${message}; see berth --help`);
  }
  const values = parsed.values;
  return {
    options: {
      host: values.host,
      context: values.context,
      tlsverify: values.tlsverify,
      tlscacert: values.tlscacert,
      tlscert: values.tlscert,
      tlskey: values.tlskey,
      config: values.config,
      registries: values.registry ?? [],
      registryCa: values['registry-ca'],
      readonly: values.readonly ?? false,
      help: values.help ?? false,
      version: values.version ?? false,
    },
    flags: {json: values.json ?? false, output: values.output, input: values.input},
    command: parsed.positionals,
  };
}

export const HELP = `berth — a terminal UI for Docker engines and container registries

Usage:
  berth [options]                     the UI
  berth version [--json]              berth's version and the engine's GET /version
  berth registry ls [URL] [--json]    repositories of a registry (all pages)
  berth registry tags REPO [--json]   tags of a repository (all pages)

Engine (same order as the docker CLI: --host, DOCKER_HOST, --context, DOCKER_CONTEXT, currentContext, local socket):
  -H, --host URL        unix:///path, tcp://host:port, ssh://user@host[:port]
  -c, --context NAME    a docker context from $DOCKER_CONFIG/contexts
  --tlsverify           verify the engine's certificate (also DOCKER_TLS_VERIFY)
  --tlscacert FILE      CA certificate (default $DOCKER_CERT_PATH/ca.pem)
  --tlscert FILE        client certificate (default $DOCKER_CERT_PATH/cert.pem)
  --tlskey FILE         client key (default $DOCKER_CERT_PATH/key.pem)

Registries:
  --registry URL        a registry to browse (repeatable; also BERTH_REGISTRY)
  --registry-ca FILE    extra CA for registries

Other:
  --config FILE         config file (default $XDG_CONFIG_HOME/berth/config.yml)
  --readonly            hide every action that changes something
  -h, --help            this help
  -v, --version         berth's version
`;
