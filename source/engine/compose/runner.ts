import {maskCredentials} from '../../text/credentials.js';
import {execFile} from 'node:child_process';
import {existsSync, writeFileSync} from 'node:fs';
import {homedir} from 'node:os';
import {basename, dirname, join} from 'node:path';
import type {EngineTarget} from '../target.js';
import type {ComposeProject} from './project.js';
import {asError} from '../engine-error.js';
import {makeTempDir} from '../temp-dirs.js';

// Which compose berth runs: the v2 plugin (`docker compose`) when `docker compose version` works, else the
// standalone v1 (`docker-compose`). berth never reimplements compose; it passes the project's files, directory and
// name and lets compose read them (.env included).
export type ComposeRunner = {
  kind: 'v2' | 'v1';
  program: string;
  // Words before the global flags: ['compose'] for the plugin.
  version: string;
};

export type ComposeDetection = {runner: ComposeRunner} | {runner: undefined; problem: string};

export const INSTALL_HINT =
  'no compose found: install the compose plugin (docker compose, e.g. the docker-compose-plugin package) or docker-compose v1, and make sure it is on PATH';

type Exec = (program: string, args: readonly string[], env: NodeJS.ProcessEnv) => Promise<string>;

const execText: Exec = (program, args, env) =>
  new Promise((resolvePromise, reject) => {
    execFile(program, [...args], {env, timeout: 10_000, encoding: 'utf8'}, (error, stdout, stderr) => {
      if (error) reject(Object.assign(asError(error), {stderr}));
      else resolvePromise(`${stdout}${stderr}`);
    });
  });

export function parseComposeVersion(text: string): string {
  return /v?(\d+\.\d+\.\d+[^\s,]*)/.exec(text)?.[1] ?? 'unknown version';
}

export async function detectCompose(
  env: NodeJS.ProcessEnv = process.env,
  exec: Exec = execText,
): Promise<ComposeDetection> {
  try {
    const out = await exec('docker', ['compose', 'version'], env);
    return {runner: {kind: 'v2', program: 'docker', version: parseComposeVersion(out)}};
  } catch {
    // No docker CLI, or no compose plugin: try v1.
  }
  try {
    const out = await exec('docker-compose', ['version', '--short'], env);
    return {
      runner: {
        kind: /^[2-9]\./.test(parseComposeVersion(out)) ? 'v2' : 'v1',
        program: 'docker-compose',
        version: parseComposeVersion(out),
      },
    };
  } catch {
    return {runner: undefined, problem: INSTALL_HINT};
  }
}

const detected = new Map<string, Promise<ComposeDetection>>();

// Once per berth run for each place the programs are looked up (a compose installed meanwhile needs a restart, as
// with the docker CLI's plugins): PATH finds `docker` and `docker-compose`, DOCKER_CONFIG the CLI's plugins. An
// environment that differs there (another engine's context, a test) gets its own answer, not the first one's.
export function composeRunner(env: NodeJS.ProcessEnv = process.env): Promise<ComposeDetection> {
  const where = `${env.PATH ?? ''}\0${env.DOCKER_CONFIG ?? ''}`;
  let detection = detected.get(where);
  if (!detection) {
    detection = detectCompose(env);
    detected.set(where, detection);
  }
  return detection;
}

export type ComposeOperation =
  | {op: 'build'}
  | {op: 'up'}
  | {op: 'down'; volumes?: boolean; removeOrphans?: boolean}
  | {op: 'config-services'}
  | {op: 'logs'; follow?: boolean};

export function operationArgs(operation: ComposeOperation): string[] {
  switch (operation.op) {
    case 'build':
      return ['build', '--no-cache'];
    case 'up':
      return ['up', '-d'];
    case 'down':
      return [
        'down',
        ...(operation.volumes ? ['--volumes'] : []),
        ...(operation.removeOrphans ? ['--remove-orphans'] : []),
      ];
    case 'config-services':
      return ['config', '--services'];
    case 'logs':
      return ['logs', ...(operation.follow ? ['-f'] : [])];
  }
}

// What works without the project's files: v2 takes `-p NAME down` on the name alone; v1 needs the files for all.
export function needsFiles(runner: ComposeRunner, operation: ComposeOperation): boolean {
  if (operation.op === 'down' || operation.op === 'logs') return runner.kind === 'v1';
  return true;
}

// The whole argv: `docker [--context=C] compose --project-name=NAME [--file=FILE]... [--project-directory=DIR] OP…`
// or the same after `docker-compose`. Files are passed only when berth knows them (a v2 down by name alone has none).
export function composeArgs(
  runner: ComposeRunner,
  project: Pick<ComposeProject, 'name' | 'files' | 'workingDir' | 'filesKnown' | 'envFile' | 'profiles'>,
  operation: ComposeOperation,
  context?: string,
): {program: string; args: string[]} {
  const withFiles = project.filesKnown && project.files.length > 0;
  // Values joined to their flags (`--file=…`): a name or path from a label that starts with `-` stays a value.
  const projectFlags = [
    `--project-name=${project.name}`,
    ...(withFiles ? project.files.map(file => `--file=${file}`) : []),
    ...(withFiles && project.workingDir ? [`--project-directory=${project.workingDir}`] : []),
    ...(withFiles && project.envFile ? [`--env-file=${project.envFile}`] : []),
    ...(project.profiles ?? []).map(profile => `--profile=${profile}`),
  ];
  const contextFlags = context ? [`--context=${context}`] : [];
  if (runner.program === 'docker')
    return {
      program: 'docker',
      args: [...contextFlags, 'compose', '--ansi', 'never', ...projectFlags, ...operationArgs(operation)],
    };
  return {
    program: runner.program,
    args: [...contextFlags, '--ansi', 'never', ...projectFlags, ...operationArgs(operation)],
  };
}

// Engine variables berth sets itself (or removes): nothing engine-related comes from the user's shell by accident.
const ENGINE_VARIABLES = [
  'DOCKER_HOST',
  'DOCKER_TLS_VERIFY',
  'DOCKER_TLS',
  'DOCKER_CERT_PATH',
  'DOCKER_CONTEXT',
  'DOCKER_API_VERSION',
];
// python-requests (compose v1) lets these win over DOCKER_CERT_PATH's CA: v1 then fails the engine's TLS.
const CA_BUNDLE_VARIABLES = ['REQUESTS_CA_BUNDLE', 'CURL_CA_BUNDLE'];

// `tempDir`: copies of the TLS files made for this run (see certPath); remove it once compose has exited.
export type ComposeEngine = {env: NodeJS.ProcessEnv; context?: string; tempDir?: string};

// Where the connection's TLS files are for DOCKER_CERT_PATH: their own directory when it holds ca.pem, cert.pem
// and key.pem under those names (the docker CLI's layout, contexts too); else copies in a private directory.
function certPath(
  tls: NonNullable<EngineTarget['tls']>,
  makeDir: () => string,
): {dir: string; temporary: boolean} | undefined {
  const files = [tls.caFile, tls.certFile, tls.keyFile].filter((file): file is string => Boolean(file));
  const dirs = new Set(files.map(dirname));
  const standard = files.every(file => ['ca.pem', 'cert.pem', 'key.pem'].includes(basename(file)));
  const [onlyDir] = dirs;
  if (files.length && dirs.size === 1 && onlyDir !== undefined && standard) return {dir: onlyDir, temporary: false};
  if (!tls.ca && !tls.cert) return undefined;
  const dir = makeDir();
  if (tls.ca) writeFileSync(join(dir, 'ca.pem'), tls.ca, {mode: 0o600});
  if (tls.cert) writeFileSync(join(dir, 'cert.pem'), tls.cert, {mode: 0o600});
  if (tls.key) writeFileSync(join(dir, 'key.pem'), tls.key, {mode: 0o600});
  return {dir, temporary: true};
}

// The subprocess environment for the engine berth is connected to: a context by name (`--context`), else
// DOCKER_HOST (and DOCKER_TLS_VERIFY / DOCKER_CERT_PATH for TLS) spelled out from the connection itself.
export function composeEngine(
  target: EngineTarget,
  base: NodeJS.ProcessEnv = process.env,
  makeDir = () => makeTempDir('berth-compose-tls-'),
  kind?: ComposeRunner['kind'],
): ComposeEngine {
  const env: NodeJS.ProcessEnv = {...base};
  for (const name of [...ENGINE_VARIABLES, ...CA_BUNDLE_VARIABLES]) delete env[name];
  // compose v1 (docker-py) looks for contexts in DOCKER_CONFIG only when that directory has a config.json, else in
  // ~/.docker: there the context's host and TLS files, which berth has read already, are spelled out instead.
  const v1FindsContexts =
    kind !== 'v1' || existsSync(join(base.DOCKER_CONFIG || join(homedir(), '.docker'), 'config.json'));
  if (target.source === 'context' && target.context !== 'default' && v1FindsContexts)
    return {env, context: target.context};
  if (target.kind === 'unix') env.DOCKER_HOST = `unix://${target.socketPath}`;
  // The same ssh:// URL (its port included): compose runs the system ssh, which reads ~/.ssh/config as berth does.
  else if (target.kind === 'ssh') env.DOCKER_HOST = target.url;
  else {
    env.DOCKER_HOST = `tcp://${target.host?.includes(':') ? `[${target.host}]` : target.host}:${target.port}`;
    if (target.tls) {
      const certs = certPath(target.tls, makeDir);
      if (certs) env.DOCKER_CERT_PATH = certs.dir;
      if (target.tls.verify) env.DOCKER_TLS_VERIFY = '1';
      else env.DOCKER_TLS = '1';
      if (certs?.temporary) return {env, tempDir: certs.dir};
    }
  }
  return {env};
}

// The command line as the command log and the pane's last line show it (environment settings that matter first).
export function displayCommand(command: {program: string; args: readonly string[]}, env?: NodeJS.ProcessEnv): string[] {
  return maskSecrets([...enginePrefix(env), command.program, ...command.args]);
}

function enginePrefix(env?: NodeJS.ProcessEnv): string[] {
  const prefix = env?.DOCKER_HOST
    ? [
        `DOCKER_HOST=${env.DOCKER_HOST}`,
        ...(env.DOCKER_TLS_VERIFY ? ['DOCKER_TLS_VERIFY=1'] : []),
        ...(env.DOCKER_CERT_PATH ? [`DOCKER_CERT_PATH=${env.DOCKER_CERT_PATH}`] : []),
      ]
    : [];
  return prefix;
}

// Credentials inside a word (a password in ssh://user:pw@host, text/credentials.ts) or KEY=value of a secret-looking key.
export function maskSecrets(words: readonly string[]): string[] {
  return words.map(word =>
    maskCredentials(word, '***').replace(
      /^([A-Za-z_][A-Za-z0-9_]*(?:PASSWORD|PASSWD|SECRET|TOKEN|KEY)[A-Za-z0-9_]*=).+$/i,
      '$1***',
    ),
  );
}
