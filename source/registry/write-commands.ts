import {logCommand} from '../command-log.js';
import {stripAnsi} from '../text/escapes.js';
import {sanitizeLine} from '../text/sanitize.js';
import {RegistryClient} from './client.js';
import {RegistryError, problem} from './errors.js';
import {copyImage, retag, type CopyResult} from './image-copy.js';
import {parseImageReference, type ImageReference} from './image-reference.js';
import {deleteManifest, manifestDigest, tagsAt} from './manifest-writes.js';
import type {RetryWait} from './retry.js';
import {missingRegistryError, type RegistrySettings} from './settings.js';
import {GARBAGE_COLLECT, SPACE_NOTE, craneCopy, craneDelete, craneTag, describeCopy} from './write-words.js';

export interface WriteCommandContext {
  json: boolean;
  readonly: boolean;
  settings: RegistrySettings;
  env: NodeJS.ProcessEnv;
  stderr: NodeJS.WritableStream & {isTTY?: boolean};
  write: (text: string) => Promise<void>;
  onRetry: (wait: RetryWait) => void;
  signal: AbortSignal;
}

export const WRITE_COMMANDS = ['rm', 'tag', 'cp'];

function usage(reason: string, fix: string): RegistryError {
  return new RegistryError('usage', problem('berth registry', reason, fix));
}

// A reference's registry: the --registry one when the reference names none (or names its host, then with its
// --registry-ca), else the named host (https implied, trust from certs.d). One client per registry, so a copy
// within one registry is seen as such and mounts.
function clients(context: WriteCommandContext, command: string) {
  const made = new Map<string, Promise<RegistryClient>>();
  const configuredHost = context.settings.url
    ? new URL(/^[a-z]+:\/\//i.test(context.settings.url) ? context.settings.url : `https://${context.settings.url}`)
        .host
    : undefined;
  return {
    for(reference: ImageReference): Promise<RegistryClient> {
      const configured = !reference.registry || reference.registry === configuredHost;
      const url = configured ? context.settings.url : reference.registry;
      if (!url) throw missingRegistryError(command);
      let client = made.get(url);
      if (!client) {
        client = RegistryClient.create(url, {
          caFile: configured ? context.settings.caFile : undefined,
          env: context.env,
          onRetry: context.onRetry,
        });
        made.set(url, client);
      }
      return client;
    },
    async close(): Promise<void> {
      await Promise.all([...made.values()].map(pending => pending.then(c => c.close()).catch(() => {})));
    },
  };
}

const safe = (text: string) => stripAnsi(sanitizeLine(text));

// `berth registry rm REF`, `berth registry tag REF NEWTAG`, `berth registry cp SRC DST`: what the UI's d, t and C
// do, each written to the command log as the crane command that does the same.
export async function registryWriteCommand(
  command: string,
  positionals: readonly string[],
  context: WriteCommandContext,
): Promise<void> {
  if (context.readonly)
    throw new RegistryError(
      'usage',
      problem(
        `berth registry ${command}`,
        'changes the registry, which --readonly forbids',
        'Run it without --readonly.',
      ),
    );
  const registries = clients(context, command);
  try {
    if (command === 'rm') await remove(positionals, context, registries);
    else if (command === 'tag') await tag(positionals, context, registries);
    else await copy(positionals, context, registries);
  } finally {
    await registries.close();
  }
}

type Registries = ReturnType<typeof clients>;

async function remove(positionals: readonly string[], context: WriteCommandContext, registries: Registries) {
  const [text, ...more] = positionals;
  if (text === undefined || more.length)
    throw usage('registry rm takes one reference', 'e.g. berth registry rm tools/busybox:1.0');
  const reference = parseImageReference(text);
  const named = reference.digest ?? reference.tag;
  if (!named) throw usage(`"${text}" names no tag or digest`, 'e.g. berth registry rm tools/busybox:1.0');
  const client = await registries.for(reference);
  const {repository} = reference;
  const digest = reference.digest ?? (await manifestDigest(client, repository, named, context.signal));
  const tags = await tagsAt(client, repository, digest, context.signal);
  logCommand(craneDelete(client.registry.host, repository, digest), {env: context.env});
  await deleteManifest(client, repository, digest, context.signal);
  if (context.json) {
    await context.write(
      `${JSON.stringify({registry: client.registry.origin, repository, digest, deletedTags: tags, garbageCollect: GARBAGE_COLLECT})}\n`,
    );
    return;
  }
  const with_ = tags.length ? ` and its tag${tags.length === 1 ? '' : 's'} ${tags.map(safe).join(', ')}` : '';
  await context.write(`deleted ${client.registry.host}/${repository}@${digest}${with_}\n`);
  context.stderr.write(`berth: ${SPACE_NOTE}\n`);
}

async function tag(positionals: readonly string[], context: WriteCommandContext, registries: Registries) {
  const [text, newTag, ...more] = positionals;
  if (text === undefined || newTag === undefined || more.length)
    throw usage('registry tag takes a reference and a new tag', 'e.g. berth registry tag tools/busybox:1.0 stable');
  const reference = parseImageReference(text);
  const named = reference.digest ?? reference.tag;
  if (!named) throw usage(`"${text}" names no tag or digest`, 'e.g. berth registry tag tools/busybox:1.0 stable');
  parseImageReference(`${reference.repository}:${newTag}`);
  const client = await registries.for(reference);
  logCommand(craneTag(client.registry.host, reference.repository, named, newTag), {env: context.env});
  const result = await retag({client, repository: reference.repository}, named, newTag, context.signal);
  if (context.json)
    await context.write(
      `${JSON.stringify({registry: client.registry.origin, repository: reference.repository, tag: newTag, digest: result.digest, mediaType: result.mediaType})}\n`,
    );
  else
    await context.write(`tagged ${client.registry.host}/${reference.repository}:${safe(newTag)} → ${result.digest}\n`);
}

async function copy(positionals: readonly string[], context: WriteCommandContext, registries: Registries) {
  const [fromText, toText, ...more] = positionals;
  if (fromText === undefined || toText === undefined || more.length)
    throw usage(
      'registry cp takes a source and a destination',
      'e.g. berth registry cp 127.0.0.1:5000/tools/busybox:1.0 127.0.0.1:5001/mirror/busybox:1.0',
    );
  const from = parseImageReference(fromText);
  const to = parseImageReference(toText);
  const named = from.digest ?? from.tag;
  if (!named) throw usage(`"${fromText}" names no tag or digest`, 'Add :TAG or @sha256:… to the source.');
  const toTag = to.tag ?? from.tag;
  if (!toTag || to.digest) throw usage(`"${toText}" needs a tag`, 'Add :TAG to the destination.');
  const source = await registries.for(from);
  const target = await registries.for(to);
  const fromFull = `${source.registry.host}/${from.repository}${from.digest ? `@${from.digest}` : `:${named}`}`;
  const toFull = `${target.registry.host}/${to.repository}:${toTag}`;
  logCommand(craneCopy(fromFull, toFull), {env: context.env});
  const progress = progressLine(context.stderr, `copying ${fromFull}`);
  let result: CopyResult;
  try {
    result = await copyImage(
      {client: source, repository: from.repository, reference: named},
      {client: target, repository: to.repository, tag: toTag},
      progress.update,
      context.signal,
    );
  } finally {
    progress.end();
  }
  if (context.json) {
    const {digest, mediaType, how, manifests, blobs, copied, mounted, skipped, bytes} = result;
    await context.write(
      `${JSON.stringify({from: fromFull, to: toFull, digest, mediaType, how, manifests, blobs, copied, mounted, skipped, bytes})}\n`,
    );
  } else await context.write(`copied ${fromFull} to ${toFull} (${result.digest}): ${describeCopy(result)}\n`);
}

// Redrawn in place at most ten times a second, only on a terminal: a script's stderr stays clean.
function progressLine(stderr: WriteCommandContext['stderr'], verb: string) {
  let last = 0;
  let shown = false;
  return {
    update: (progress: Parameters<typeof describeCopy>[0]) => {
      if (!stderr.isTTY || Date.now() - last < 100) return;
      last = Date.now();
      shown = true;
      stderr.write(`\r\x1b[K${verb}: ${describeCopy(progress)}`);
    },
    end: () => {
      if (shown) stderr.write('\r\x1b[K');
    },
  };
}
