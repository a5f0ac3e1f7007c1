import {logCommand} from '../../command-log.js';
import {errorMessage} from '../../errors.js';
import {
  RegistryError,
  GARBAGE_COLLECT,
  copyImage,
  craneCopy,
  craneDelete,
  craneTag,
  deleteManifest,
  describeCopy,
  manifestDigest,
  parseImageReference,
  parseRegistryUrl,
  retag,
  tagsAt,
  type RegistryClient,
} from '../../registry/index.js';
import type {Confirmation} from '../../store/state.js';
import {askToConfirm, nothingSelected} from '../kit/actions.js';
import {perApp} from '../kit/runtime.js';
import type {Services} from '../types.js';
import {currentUrl} from './current-url.js';
import {selectedTag} from './reducer.js';

// d, t and C on a registry tag: each works out its exact targets (the tags a delete by digest takes with it, the
// tag a retag or copy would move), confirms them, and is written to the command log as the crane command.

export type WriteDeps = {
  client: (url: string) => Promise<RegistryClient>;
  reloadTags: (repository: string) => void;
};

// The copy under way: esc cancels it, as it cancels a listing.
const writing = perApp(
  () => ({copy: undefined as AbortController | undefined}),
  self => self.copy?.abort(),
);

export function cancelCopy(services: Services): boolean {
  const {copy} = writing(services);
  if (!copy) return false;
  copy.abort();
  return true;
}

const hostOf = (url: string) => parseRegistryUrl(url).host;
const short = (digest: string) => digest.slice(0, 19);

// The focused tag and where it lives; undefined (said on the status line) when there is none.
function focused(services: Services, verb: string) {
  const state = services.store.get();
  const url = currentUrl(services);
  const repository = state.registry.repository;
  const tag = selectedTag(state);
  if (!url || !repository || !tag) {
    nothingSelected(services, verb);
    return undefined;
  }
  return {url, repository, tag, host: hostOf(url)};
}

// A tag's digest, or undefined where there is no such tag.
async function digestOrNone(client: RegistryClient, repository: string, tag: string): Promise<string | undefined> {
  try {
    return await manifestDigest(client, repository, tag);
  } catch (error) {
    if (error instanceof RegistryError && error.kind === 'not-found') return undefined;
    throw error;
  }
}

function extraOf(confirm: Confirmation): Readonly<Record<string, string>> {
  return confirm.extra ?? {};
}

export async function confirmDelete(services: Services, deps: WriteDeps): Promise<void> {
  const at = focused(services, 'delete');
  if (!at) return;
  const {url, repository, tag} = at;
  services.status(`finding every tag of ${repository} that shares ${tag}'s digest…`);
  try {
    const client = await deps.client(url);
    const digest = await manifestDigest(client, repository, tag);
    const tags = await tagsAt(client, repository, digest);
    askToConfirm(services, {
      owner: 'registry',
      operation: 'delete',
      title: `Delete ${repository}:${tag} from ${at.host}?`,
      targets: [
        `the registry deletes the manifest by digest, ${digest}, and every tag pointing at it: ${tags.length === 1 ? 'this tag goes' : `all ${tags.length} of these go`}`,
        ...tags.map(name => `${repository}:${name}`),
      ],
      ids: [digest],
      names: [repository],
      extra: {url, repository, digest, tags: tags.join(' ')},
    });
    services.status('');
  } catch (error) {
    services.status(`delete ${repository}:${tag}: ${errorMessage(error)}`, 'error');
  }
}

async function runDelete(services: Services, deps: WriteDeps, confirm: Confirmation): Promise<void> {
  const {url = '', repository = '', digest = '', tags = ''} = extraOf(confirm);
  const host = hostOf(url);
  services.status(`deleting ${repository}@${short(digest)}…`);
  logCommand(craneDelete(host, repository, digest));
  try {
    await deleteManifest(await deps.client(url), repository, digest);
  } catch (error) {
    // The registry's refusal names what it refused (a 405 also the setting to change).
    services.status(errorMessage(error), 'error');
    return;
  }
  const gone = tags.split(' ').filter(Boolean);
  services.dispatch({
    type: 'overlay.show',
    overlay: {
      kind: 'text',
      title: `deleted ${repository}@${short(digest)} on ${host}`,
      lines: [
        gone.length ? 'tags gone with it:' : 'no tag pointed at it',
        ...gone.map(name => `  ${repository}:${name}`),
        '',
        "Space is freed only by the registry's garbage collection, run on its host",
        '(with the registry stopped or read-only):',
        `  ${GARBAGE_COLLECT}`,
      ],
      scroll: 0,
    },
  });
  services.status(`deleted ${repository}@${short(digest)} and ${gone.length} tag${gone.length === 1 ? '' : 's'}`);
  deps.reloadTags(repository);
}

export async function submitRetag(services: Services, deps: WriteDeps, draft: string): Promise<void> {
  const at = focused(services, 'tag');
  if (!at) return;
  const {url, repository, tag} = at;
  const newTag = draft.trim();
  if (!newTag) return;
  try {
    parseImageReference(`${repository}:${newTag}`);
    const client = await deps.client(url);
    const digest = await manifestDigest(client, repository, tag);
    const before = await digestOrNone(client, repository, newTag);
    if (before === digest) {
      services.status(`${repository}:${newTag} already points at ${short(digest)}: nothing to do`);
      return;
    }
    askToConfirm(services, {
      owner: 'registry',
      operation: 'retag',
      title: `Tag ${repository}:${tag} as ${newTag} on ${at.host}?`,
      targets: [
        `${repository}:${newTag} → ${digest}`,
        before ? `${newTag} now points at ${before}: it moves (that manifest stays)` : `${newTag} is a new tag`,
        'no blob moves: the same manifest is put under the new tag',
      ],
      ids: [digest],
      names: [`${repository}:${newTag}`],
      extra: {url, repository, tag, newTag},
    });
  } catch (error) {
    services.status(`tag ${repository}:${tag} as ${newTag}: ${errorMessage(error)}`, 'error');
  }
}

async function runRetag(services: Services, deps: WriteDeps, confirm: Confirmation): Promise<void> {
  const {url = '', repository = '', tag = '', newTag = ''} = extraOf(confirm);
  logCommand(craneTag(hostOf(url), repository, tag, newTag));
  try {
    const result = await retag({client: await deps.client(url), repository}, tag, newTag);
    services.status(`tagged ${repository}:${newTag} → ${short(result.digest)}`);
    deps.reloadTags(repository);
  } catch (error) {
    services.status(`tag ${repository}:${tag} as ${newTag}: ${errorMessage(error)}`, 'error');
  }
}

// The destination's registry: the one shown when the reference names none, else a registry configured in berth
// (its CA and options come with it).
function destinationUrl(services: Services, registry: string | undefined, current: string): string {
  if (!registry) return current;
  const found = services.store.get().registry.urls.find(url => hostOf(url) === registry);
  if (found) return found;
  throw new Error(`${registry} is not a registry configured in berth: add it with + (or start berth with --registry)`);
}

export async function submitCopy(services: Services, deps: WriteDeps, draft: string): Promise<void> {
  const at = focused(services, 'copy');
  if (!at) return;
  const {url, repository, tag} = at;
  const text = draft.trim();
  if (!text) return;
  try {
    const to = parseImageReference(text);
    if (to.digest) throw new Error('copy to a tag, not a digest (repository:tag)');
    const toUrl = destinationUrl(services, to.registry, url);
    const toTag = to.tag ?? tag;
    const toHost = hostOf(toUrl);
    const same = toUrl === url;
    if (same && to.repository === repository && toTag === tag) throw new Error('that is the tag itself');
    const from = await deps.client(url);
    const digest = await manifestDigest(from, repository, tag);
    const before = await digestOrNone(await deps.client(toUrl), to.repository, toTag);
    const details = services.store.get().registry.details;
    const platforms =
      details?.key === `${url} ${repository}:${tag}` && details.data?.kind === 'index'
        ? details.data.platforms.length
        : undefined;
    askToConfirm(services, {
      owner: 'registry',
      operation: 'copy',
      title: `Copy ${at.host}/${repository}:${tag} to ${toHost}/${to.repository}:${toTag}?`,
      targets: [
        `${toHost}/${to.repository}:${toTag} → ${digest}${before ? ` (replaces ${before} there)` : ''}`,
        same
          ? `blobs mounted from ${repository} (a cross-repository mount: no data moves)`
          : `blobs streamed from ${at.host} to ${toHost}, never through the engine or the disk`,
        'blobs already there are skipped; an index is copied whole, each platform with its manifest' +
          (platforms ? ` (${platforms} platforms)` : ''),
      ],
      ids: [digest],
      names: [`${toHost}/${to.repository}:${toTag}`],
      extra: {url, repository, tag, toUrl, toRepository: to.repository, toTag},
    });
  } catch (error) {
    services.status(`copy ${repository}:${tag} to ${text}: ${errorMessage(error)}`, 'error');
  }
}

async function runCopy(services: Services, deps: WriteDeps, confirm: Confirmation): Promise<void> {
  const {url = '', repository = '', tag = '', toUrl = '', toRepository = '', toTag = ''} = extraOf(confirm);
  const fromRef = `${hostOf(url)}/${repository}:${tag}`;
  const toRef = `${hostOf(toUrl)}/${toRepository}:${toTag}`;
  logCommand(craneCopy(fromRef, toRef));
  const self = writing(services);
  self.copy?.abort();
  const abort = new AbortController();
  self.copy = abort;
  let shown = 0;
  try {
    const result = await copyImage(
      {client: await deps.client(url), repository, reference: tag},
      {client: await deps.client(toUrl), repository: toRepository, tag: toTag},
      progress => {
        if (Date.now() - shown < 100) return;
        shown = Date.now();
        services.status(`copying to ${toRef}: ${describeCopy(progress)} (esc cancels)`);
      },
      abort.signal,
    );
    services.status(`copied ${fromRef} to ${toRef} (${short(result.digest)}): ${describeCopy(result)}`);
    const state = services.store.get().registry;
    if (toUrl === state.urls[state.current] && toRepository === state.repository) deps.reloadTags(toRepository);
  } catch (error) {
    services.status(
      abort.signal.aborted ? `copy to ${toRef} cancelled` : `copy to ${toRef}: ${errorMessage(error)}`,
      abort.signal.aborted ? 'info' : 'error',
    );
  } finally {
    if (self.copy === abort) self.copy = undefined;
  }
}

// y in a registry write's confirmation.
export function runConfirmed(services: Services, deps: WriteDeps, confirm: Confirmation): void {
  if (services.config.readonly) return;
  if (confirm.operation === 'delete') void runDelete(services, deps, confirm);
  else if (confirm.operation === 'retag') void runRetag(services, deps, confirm);
  else if (confirm.operation === 'copy') void runCopy(services, deps, confirm);
}
