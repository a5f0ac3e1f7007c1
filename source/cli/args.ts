import {parseArgs} from 'node:util';
import {parseArgsMessage} from './parse-args-error.js';
import {UsageError} from '../errors.js';
import type {ConnectionFlags} from '../engine/target.js';
import {THEME_NAMES, type ThemeName} from '../theme/index.js';

export type GlobalOptions = ConnectionFlags & {
  // Every --context given (repeatable: several engines at once); `context` is set when exactly one was.
  contexts: string[];
  // --all-contexts: every context of the docker config.
  allContexts: boolean;
  config?: string;
  // The UI's compose project (the compose view): -f FILE (repeatable) and -p NAME, as compose takes them.
  composeFiles: string[];
  composeProject?: string;
  registries: string[];
  registryCa?: string;
  readonly: boolean;
  // --theme dark|light|none: wins over the config file and NO_COLOR.
  theme?: ThemeName;
  help: boolean;
  version: boolean;
};

export type ParsedArgs = {options: GlobalOptions; command: string[]};

const OPTIONS = {
  host: {type: 'string', short: 'H'},
  context: {type: 'string', short: 'c', multiple: true},
  'all-contexts': {type: 'boolean'},
  tlsverify: {type: 'boolean'},
  tlscacert: {type: 'string'},
  tlscert: {type: 'string'},
  tlskey: {type: 'string'},
  config: {type: 'string'},
  registry: {type: 'string', multiple: true},
  'registry-ca': {type: 'string'},
  readonly: {type: 'boolean'},
  theme: {type: 'string'},
  help: {type: 'boolean', short: 'h'},
  version: {type: 'boolean', short: 'v'},
  json: {type: 'boolean'},
  'no-stream': {type: 'boolean'},
  'disk-limit': {type: 'string'},
  output: {type: 'string', short: 'o'},
  input: {type: 'string', short: 'i'},
  // Flags of the image commands (images, rmi, prune); each command refuses the ones it does not take.
  all: {type: 'boolean', short: 'a'},
  dangling: {type: 'boolean'},
  force: {type: 'boolean', short: 'f'},
  volumes: {type: 'boolean'},
  'dry-run': {type: 'boolean'},
  yes: {type: 'boolean', short: 'y'},
  file: {type: 'string', multiple: true},
  'project-name': {type: 'string', short: 'p'},
  // berth cp's, as docker cp takes them (-a is --all's letter; cp reads it as --archive).
  'follow-link': {type: 'boolean', short: 'L'},
  archive: {type: 'boolean'},
  quiet: {type: 'boolean', short: 'q'},
  // berth events', as docker events takes them.
  since: {type: 'string'},
  until: {type: 'string'},
  filter: {type: 'string', multiple: true},
} as const;

// Options that take a value, so the scan for the subcommand skips their values.
const VALUE_OPTIONS = new Set([
  '-H',
  '--host',
  '-c',
  '--context',
  '--tlscacert',
  '--tlscert',
  '--tlskey',
  '--config',
  '--registry',
  '--registry-ca',
  '--theme',
  '--disk-limit',
  '-o',
  '--output',
  '-i',
  '--input',
  '--file',
  '-p',
  '--project-name',
  '--since',
  '--until',
  '--filter',
]);

const COMMANDS = new Set([
  'setup',
  'registry',
  'doctor',
  'version',
  'stats',
  'save',
  'load',
  'export',
  'cp',
  'images',
  'rmi',
  'prune',
  'ps',
  'events',
]);

// `-f` is compose's FILE for the UI (berth -f a.yml -f b.yml) and --force for the commands that have one
// (save, export, rmi): which one depends on whether a command is given.
function composeFileFlags(argv: string[]): string[] {
  const isFile = (i: number) => {
    const next = argv[i + 1];
    return argv[i] === '-f' && next !== undefined && !next.startsWith('-') && !COMMANDS.has(next);
  };
  let command: string | undefined;
  // An option's value (the argument after it) is not read as a command.
  let value = false;
  for (const [i, arg] of argv.entries()) {
    if (value) {
      value = false;
      continue;
    }
    if (arg === '--') break;
    if (VALUE_OPTIONS.has(arg) || isFile(i)) value = true;
    else if (!arg.startsWith('-')) {
      command = arg;
      break;
    }
  }
  if (command !== undefined) return argv;
  return argv.map((arg, i) => (isFile(i) ? '--file' : arg));
}

export type CommandFlags = {
  json: boolean;
  noStream: boolean;
  output?: string;
  input?: string;
  diskLimit?: string;
  all?: boolean;
  dangling?: boolean;
  force: boolean;
  volumes?: boolean;
  dryRun?: boolean;
  yes?: boolean;
  followLink?: boolean;
  archive?: boolean;
  quiet?: boolean;
  since?: string;
  until?: string;
  filter?: string[];
};

// Subcommands take their own flags; the global ones may stand anywhere, as with the docker CLI.
export function parseCommandLine(argv: string[]): ParsedArgs & {flags: CommandFlags} {
  let parsed;
  try {
    parsed = parseArgs({args: composeFileFlags(argv), options: OPTIONS, allowPositionals: true, strict: true});
  } catch (error) {
    throw new UsageError(`${parseArgsMessage(error, argv)}; see berth --help`);
  }
  const values = parsed.values;
  const theme = values.theme;
  if (theme !== undefined && !(THEME_NAMES as readonly string[]).includes(theme))
    throw new UsageError(`--theme ${theme}: no such theme; use --theme ${THEME_NAMES.join('|')}`);
  return {
    options: {
      host: values.host,
      context: values.context?.length === 1 ? values.context[0] : undefined,
      contexts: values.context ?? [],
      allContexts: values['all-contexts'] ?? false,
      tlsverify: values.tlsverify,
      tlscacert: values.tlscacert,
      tlscert: values.tlscert,
      tlskey: values.tlskey,
      config: values.config,
      composeFiles: values.file ?? [],
      composeProject: values['project-name'],
      registries: values.registry ?? [],
      registryCa: values['registry-ca'],
      readonly: values.readonly ?? false,
      theme: theme as ThemeName | undefined,
      help: values.help ?? false,
      version: values.version ?? false,
    },
    flags: {
      json: values.json ?? false,
      output: values.output,
      input: values.input,
      noStream: values['no-stream'] ?? false,
      diskLimit: values['disk-limit'],
      all: values.all,
      dangling: values.dangling,
      force: values.force ?? false,
      volumes: values.volumes,
      dryRun: values['dry-run'],
      yes: values.yes,
      followLink: values['follow-link'],
      archive: values.archive,
      quiet: values.quiet,
      since: values.since,
      until: values.until,
      filter: values.filter,
    },
    command: parsed.positionals,
  };
}

export const HELP = `berth — a terminal UI for Docker engines and container registries

Usage:
  berth [options] [-f FILE]... [-p NAME]   the UI
  berth version [--json]              berth's version and the engine's GET /version
  berth config --default | --path     a complete config file at the defaults; where berth reads its config
  berth registry ls [URL] [--json]    repositories of a registry (all pages)
  berth registry tags REPO [--json]   tags of a repository (all pages)
  berth registry rm REF [--json]      delete a manifest by digest (every tag pointing at it goes)
  berth registry tag REF NEWTAG [--json]   the same manifest under another tag (no blob moves)
  berth registry cp SRC DST [--json]  copy a tag (an index whole) within a registry or to another one
  berth ps [--all-contexts] [--json]  every container, like docker ps -a (with several engines: an ENGINE column)
  berth stats [--no-stream] [--json] [CONTAINER...]
                                      CPU, memory, network and block I/O, PIDs (like docker stats)
  berth save IMAGE... [-o FILE] [-f]  images to one tar archive (stdout without -o; -f overwrites FILE)
  berth load [-i FILE]                images from a tar archive, plain or gzip/bzip2/xz (stdin without -i)
  berth export CONTAINER [-o FILE] [-f]  a container's filesystem to a tar archive (stdout without -o)
  berth cp [-L] [-a] [-f] [-q] CONTAINER:SRC DEST|-   berth cp [-L] [-a] SRC|- CONTAINER:DEST
                                      copy files out of or into a container, as docker cp (- is a tar on
                                      stdout/stdin; -L follows a link; -a keeps owners; -f replaces files)
  berth events [--since T] [--until T] [--filter KEY=VALUE]... [--json]
                                      the engine's events as they come, like docker events (T: 10m, RFC 3339
                                      or UNIX seconds; --until ends the stream there; --json: one object a line)
  berth doctor [--json] [--disk-limit 50GB]
                                      check engine, TLS, API, clock, compose, registries, log rotation, disk
  berth setup log-rotation [--max-size 10m] [--max-file 3] [--compress] [--config FILE] [--dry-run]
                                      bound json-file logs in daemon.json (backup, atomic write)
  berth setup remote --ip ADDR [--dns NAME]... [--port 2376] --out DIR [--tls-dir DIR] [--apply]
                                      CA, server and client certificates and the systemd drop-in for TLS on TCP
  berth images [--all] [--dangling] [--json]
                                      images, one row per tag, newest first (--all: intermediate ones too)
  berth rmi [--force] IMAGE...        remove images (prints the engine's Untagged:/Deleted: lines)
  berth prune [--all] [--volumes] [--dry-run] [--yes]
                                      system prune: stopped containers, unused networks, dangling (--all:
                                      all unused) images, build cache (--volumes: unused volumes)
  berth prune images [--all] | berth prune volumes [--all]   [--dry-run] [--yes]
                                      every prune previews first; on a terminal it asks, without one and
                                      without --yes it only previews
  berth swarm services|nodes|secrets [--json]
                                      a swarm manager's services (running/desired), nodes, secrets (never values)
  berth secret create NAME [FILE|-]   a swarm secret from FILE or stdin (the value is never echoed or logged)

Engine (same order as the docker CLI: --host, --context, DOCKER_HOST, DOCKER_CONTEXT, currentContext, local socket):
  -H, --host URL        unix:///path, tcp://host:port, ssh://user@host[:port]
  -c, --context NAME    a docker context from $DOCKER_CONFIG/contexts; repeat it for several engines at once
  --all-contexts        every context in $DOCKER_CONFIG/contexts at once (the UI, ps and stats)
  --tlsverify           verify the engine's certificate (also DOCKER_TLS_VERIFY)
  --tlscacert FILE      CA certificate (default $DOCKER_CERT_PATH/ca.pem)
  --tlscert FILE        client certificate (default $DOCKER_CERT_PATH/cert.pem)
  --tlskey FILE         client key (default $DOCKER_CERT_PATH/key.pem)

Compose (view 3):
  -f, --file FILE       a compose file (repeatable); default: the compose file of the working directory
  -p, --project-name NAME   the project's name (default: its directory's name)

Registries:
  --registry URL        a registry to browse (repeatable; also BERTH_REGISTRY)
  --registry-ca FILE    extra CA for registries

Other:
  --config FILE         config file (default $XDG_CONFIG_HOME/berth/config.yml)
  --readonly            hide every action that changes something
  --theme NAME          dark (default), light (for white backgrounds) or none (no colour; also NO_COLOR)
  -h, --help            this help
  -v, --version         berth's version
`;
