import {appendFileSync, mkdirSync} from 'node:fs';
import {homedir} from 'node:os';
import {dirname, isAbsolute, join} from 'node:path';

// Every action berth runs is recorded as the docker command that would do the same, so users can learn the CLI
// from the UI and audit what was done. Values that may be secret never reach the file.

export function commandLogPath(env: NodeJS.ProcessEnv = process.env): string {
  // The XDG spec says to ignore a relative value, as if it were unset.
  const state =
    env.XDG_STATE_HOME && isAbsolute(env.XDG_STATE_HOME) ? env.XDG_STATE_HOME : join(homedir(), '.local', 'state');
  return join(state, 'berth', 'commands.log');
}

// Logging must never break the action it records: a read-only home or a full disk only loses the line.
export function logCommand(line: string, options: {env?: NodeJS.ProcessEnv; now?: Date} = {}): void {
  try {
    const file = commandLogPath(options.env);
    mkdirSync(dirname(file), {recursive: true, mode: 0o700});
    // One command per line, whatever the caller passed in.
    const oneLine = line.replace(/[\r\n]+/g, ' ');
    appendFileSync(file, `${(options.now ?? new Date()).toISOString()} ${oneLine}\n`, {mode: 0o600});
  } catch {
    // See above.
  }
}

const PLAIN_WORD = /^[A-Za-z0-9_@%+=:,./-]+$/;
const CONTROL = /[\x00-\x1f\x7f]/;

// Quotes a word so that pasting the line into bash or zsh gives the same argv.
export function shellQuote(word: string): string {
  if (PLAIN_WORD.test(word)) return word;
  // Control characters inside '…' would split the log line or hide in the terminal; $'…' spells them out.
  if (CONTROL.test(word)) {
    const escaped = word.replace(/[\\'\x00-\x1f\x7f]/g, char => {
      if (char === '\\') return '\\\\';
      if (char === "'") return "\\'";
      if (char === '\n') return '\\n';
      if (char === '\t') return '\\t';
      if (char === '\r') return '\\r';
      return `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
    });
    return `$'${escaped}'`;
  }
  return `'${word.replace(/'/g, `'\\''`)}'`;
}

function renderCommand(words: string[]): string {
  return words.map(shellQuote).join(' ');
}

// KEY=value becomes KEY=*** (values are where secrets live); a bare KEY passes through as docker reads it.
function envFlags(env: readonly string[] | undefined): string[] {
  return (env ?? []).flatMap(entry => {
    const equals = entry.indexOf('=');
    return ['-e', equals < 0 ? entry : `${entry.slice(0, equals)}=***`];
  });
}

function ttyFlag(interactive: boolean, tty: boolean): string[] {
  const letters = `${interactive ? 'i' : ''}${tty ? 't' : ''}`;
  return letters ? [`-${letters}`] : [];
}

export type ExecCommandParts = {
  // With several engines: the context the command goes to (docker --context NAME exec …).
  context?: string;
  containerName: string;
  cmd: readonly string[];
  user?: string;
  tty: boolean;
  interactive: boolean;
  env?: readonly string[];
};

export function dockerExecCommand(parts: ExecCommandParts): string {
  return renderCommand([
    'docker',
    ...contextWords(parts.context),
    'exec',
    ...ttyFlag(parts.interactive, parts.tty),
    ...(parts.user ? ['-u', parts.user] : []),
    ...envFlags(parts.env),
    parts.containerName,
    ...parts.cmd,
  ]);
}

export type RunCommandParts = {
  // With several engines: the context the container is run on (docker --context NAME run …).
  context?: string;
  image: string;
  cmd?: readonly string[];
  rm?: boolean;
  name?: string;
  env?: readonly string[];
};

// berth's run is always interactive with a terminal (the Images view's `r`), hence -it.
export function dockerRunCommand(parts: RunCommandParts): string {
  return renderCommand([
    'docker',
    ...contextWords(parts.context),
    'run',
    '-it',
    ...(parts.rm ? ['--rm'] : []),
    ...(parts.name ? ['--name', parts.name] : []),
    ...envFlags(parts.env),
    parts.image,
    ...(parts.cmd ?? []),
  ]);
}

// With several engines every logged command names its engine's context, so the line does the same when pasted.
export const contextWords = (context: string | undefined): string[] => (context ? ['--context', context] : []);

// Any docker command from its words, quoted for the shell (save, load, export, …).
export function dockerCommand(words: readonly string[]): string {
  return renderCommand(['docker', ...words]);
}
