import {drained} from '../util/drained.js';
import {stripAnsi} from '../text/escapes.js';
import {sanitizeLine} from '../text/sanitize.js';
import {RegistryClient} from './client.js';
import {RegistryError} from './errors.js';
import {describeRetryWait, type RetryWait} from './retry.js';
import {missingRegistryError, resolveRegistrySettings} from './settings.js';
import {sortTags} from './sort.js';
import {splitRepositoryReference} from './url.js';
import {WRITE_COMMANDS, registryWriteCommand} from './write-commands.js';

export interface RegistryCommandIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: NodeJS.ProcessEnv;
}

const USAGE =
  'usage: berth registry ls [URL] [--json] | berth registry tags REPO [--json] | berth registry rm REF | ' +
  'berth registry tag REF NEWTAG | berth registry cp SRC DST, with --registry URL, --registry-ca FILE';

interface ParsedArgs {
  subcommand?: string;
  positionals: string[];
  json: boolean;
  readonly: boolean;
  registry?: string;
  registryCa?: string;
  help: boolean;
}

class UsageProblem extends Error {}

function parseArgs(args: string[]): ParsedArgs {
  const parsed: ParsedArgs = {positionals: [], json: false, readonly: false, help: false};
  // One iterator for the loop and the options' values, so an option's value is not read again as an argument.
  const rest = args[Symbol.iterator]();
  for (const arg of rest) {
    const [name, inline] =
      arg.startsWith('--') && arg.includes('=')
        ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)]
        : [arg, undefined];
    const value = () => {
      if (inline !== undefined) return inline;
      const next = rest.next();
      if (next.done) throw new UsageProblem(`${name} needs a value`);
      return next.value;
    };
    if (name === '--json') parsed.json = true;
    else if (name === '--readonly') parsed.readonly = true;
    else if (name === '-h' || name === '--help') parsed.help = true;
    // --registry is repeatable for the UI; a headless listing uses the first one given.
    else if (name === '--registry') parsed.registry ??= value();
    else if (name === '--registry-ca') parsed.registryCa = value();
    else if (name.startsWith('-') && name !== '-') throw new UsageProblem(`unknown option ${name}`);
    else if (!parsed.subcommand) parsed.subcommand = arg;
    else parsed.positionals.push(arg);
  }
  return parsed;
}

// Registry names are untrusted text: no escape sequence, control or format character reaches the terminal. Output
// that may go to a pipe carries no colour at all: the markers of format characters (`‹U+202E›`) lose their dim too.
function safe(name: string): string {
  return stripAnsi(sanitizeLine(name));
}

// Waits for the pipe to take more; a reader that went away (`| head`) ends the listing quietly.
function writer(stream: NodeJS.WritableStream, abort: AbortController) {
  let closed = false;
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') {
      closed = true;
      abort.abort();
    }
  });
  return {
    get closed() {
      return closed;
    },
    async write(text: string): Promise<void> {
      if (closed || !text) return;
      if (!stream.write(text)) await drained(stream);
    },
  };
}

// `berth registry ls [URL] [--json]` and `berth registry tags REPO [--json]`, every page; rm, tag and cp
// (write-commands.ts).
// Exit 0 on success, 1 on a failure (one line on stderr), 2 on a usage error.
export async function registryCommand(args: string[], io: RegistryCommandIo): Promise<number> {
  let parsed: ParsedArgs;
  try {
    parsed = parseArgs(args);
  } catch (error) {
    io.stderr.write(`berth: ${(error as Error).message} (${USAGE})\n`);
    return 2;
  }
  if (parsed.help) {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const abort = new AbortController();
  const out = writer(io.stdout, abort);
  // Waits for a 429/5xx retry go to stderr, so a listing that seems stuck says why.
  const onRetry = (wait: RetryWait) => io.stderr.write(`berth: ${describeRetryWait(wait)}\n`);
  let client: RegistryClient | undefined;
  try {
    const settings = resolveRegistrySettings({registry: parsed.registry, registryCa: parsed.registryCa}, io.env);
    if (parsed.subcommand === 'ls') {
      if (parsed.positionals.length > 1)
        throw new UsageProblem(`registry ls takes at most one URL (got "${parsed.positionals.join(' ')}")`);
      const url = parsed.positionals[0] ?? settings.url;
      if (!url) throw missingRegistryError('ls');
      client = await RegistryClient.create(url, {caFile: settings.caFile, env: io.env, onRetry});
      const all: string[] = [];
      for await (const page of client.repositories({signal: abort.signal})) {
        // Not push(...items): spreading a 400,000-name page into a call overflows the stack.
        if (parsed.json) for (const name of page.items) all.push(name);
        else await out.write(page.items.map(name => `${safe(name)}\n`).join(''));
      }
      if (parsed.json) await out.write(`${JSON.stringify({registry: client.registry.origin, repositories: all})}\n`);
    } else if (parsed.subcommand === 'tags') {
      const [named, ...more] = parsed.positionals;
      if (named === undefined || more.length > 0)
        throw new UsageProblem('registry tags takes one repository name, e.g. berth registry tags tools/busybox');
      let repository = named;
      let url = settings.url;
      if (!url) {
        // Docker-style reference: 127.0.0.1:5000/tools/busybox
        const split = splitRepositoryReference(repository);
        if (split.registry) [url, repository] = [split.registry, split.repository];
      }
      if (!url) throw missingRegistryError('tags');
      client = await RegistryClient.create(url, {caFile: settings.caFile, env: io.env, onRetry});
      // distribution 2.x returns tags in storage order; sorted output is what scripts can diff.
      const tags = sortTags(await client.listTags(repository, undefined, abort.signal), 'name');
      if (parsed.json)
        await out.write(`${JSON.stringify({registry: client.registry.origin, name: repository, tags})}\n`);
      else await out.write(tags.map(tag => `${safe(tag)}\n`).join(''));
    } else if (parsed.subcommand && WRITE_COMMANDS.includes(parsed.subcommand)) {
      await registryWriteCommand(parsed.subcommand, parsed.positionals, {
        json: parsed.json,
        readonly: parsed.readonly,
        settings,
        env: io.env,
        stderr: io.stderr,
        write: text => out.write(text),
        onRetry,
        signal: abort.signal,
      });
    } else {
      throw new UsageProblem(
        parsed.subcommand ? `unknown registry command "${parsed.subcommand}"` : 'missing a registry command',
      );
    }
    return 0;
  } catch (error) {
    if (out.closed) return 0;
    if (error instanceof UsageProblem) {
      io.stderr.write(`berth: ${error.message} (${USAGE})\n`);
      return 2;
    }
    if (error instanceof RegistryError && error.kind === 'usage') {
      io.stderr.write(`berth: ${error.message}\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr.write(`berth: ${message.replace(/\s*\n\s*/g, ' ')}\n`);
    return 1;
  } finally {
    await client?.close();
  }
}
