import {saveRegistry} from '../../config.js';
import {readRegistryImage} from '../../engine/layers/read-image.js';
import {errorMessage} from '../../errors.js';
import {
  createRegistryClient,
  describeRetryWait,
  isAbortError,
  parseRegistryUrl,
  RegistryError,
  type RegistryClient,
} from '../../registry/index.js';
import type {Action} from '../../store/actions.js';
import type {AppState} from '../../store/state.js';
import type {Services} from '../types.js';
import {openLayers} from '../kit/layers/effects.js';
import {perApp} from '../kit/runtime.js';
import {currentUrl} from './current-url.js';
import {pull} from './pull.js';
import {selectedRepository, selectedTag} from './reducer.js';
import {cancelCopy, confirmDelete, runConfirmed, submitCopy, submitRetag, type WriteDeps} from './writes.js';
import type {Confirmation} from '../../store/state.js';

// Per app: one client per registry URL, kept while it runs (pooled connections, cached tokens); the listing
// under way (esc aborts it); the details request and the timer that waits for the cursor to rest.
const registryParts = perApp(
  () => ({
    clients: new Map<string, Promise<RegistryClient>>(),
    listing: undefined as AbortController | undefined,
    detailsRequest: undefined as AbortController | undefined,
    detailsTimer: undefined as NodeJS.Timeout | undefined,
  }),
  self => {
    clearTimeout(self.detailsTimer);
    self.listing?.abort();
    self.detailsRequest?.abort();
    for (const pending of self.clients.values()) void pending.then(c => c.close()).catch(() => {});
    self.clients.clear();
  },
);

// l on a tag: its layers read from the registry's blobs, nothing pulled into the engine.
function showTagLayers(services: Services): void {
  const url = currentUrl(services);
  const state = services.store.get();
  const repository = state.registry.repository;
  const tag = selectedTag(state);
  if (!url || !repository || !tag) return;
  void openLayers(services, `${parseRegistryUrl(url).host}/${repository}:${tag}`, async (signal, onProgress) =>
    readRegistryImage(await client(services, url), repository, tag, {signal, onProgress}),
  );
}

function client(services: Services, url: string): Promise<RegistryClient> {
  const {clients} = registryParts(services);
  let existing = clients.get(url);
  if (!existing) {
    const options = services.config.registryOptions[url] ?? {};
    existing = createRegistryClient(url, {
      caFile: options.caFile ?? services.config.registryCa,
      insecure: options.insecure,
      env: process.env,
      // 429 and 5xx are retried a few times; the wait shows, and esc still cancels the listing.
      onRetry: wait => services.status(`${describeRetryWait(wait)} (esc cancels)`),
    });
    existing.catch(() => clients.delete(url));
    clients.set(url, existing);
  }
  return existing;
}

export function closeRegistryClients(services: Services): void {
  const self = registryParts(services);
  self.listing?.abort();
  for (const pending of self.clients.values()) void pending.then(c => c.close()).catch(() => {});
  self.clients.clear();
}

// Pages go to the store as they arrive; esc aborts a long listing.
export async function loadRepositories(services: Services): Promise<void> {
  const url = currentUrl(services);
  if (!url) return;
  registryParts(services).listing?.abort();
  const abort = new AbortController();
  registryParts(services).listing = abort;
  services.dispatch({type: 'registry.loading', level: 'repositories'});
  try {
    const registry = await client(services, url);
    await registry.listRepositories(
      page => services.dispatch({type: 'registry.page', level: 'repositories', items: page.items}),
      abort.signal,
    );
    services.dispatch({type: 'registry.loaded', level: 'repositories', status: 'done'});
  } catch (error) {
    if (isAbortError(error) || abort.signal.aborted) {
      services.dispatch({type: 'registry.loaded', level: 'repositories', status: 'cancelled'});
      return;
    }
    const noCatalog =
      error instanceof RegistryError && (error.status === 401 || error.status === 404 || error.status === 403);
    services.dispatch({
      type: 'registry.loaded',
      level: 'repositories',
      status: 'error',
      error: errorMessage(error),
      noCatalog,
    });
    if (noCatalog) services.dispatch({type: 'overlay.show', overlay: {kind: 'repository', draft: ''}});
  } finally {
    if (registryParts(services).listing === abort) registryParts(services).listing = undefined;
  }
}

export async function loadTags(services: Services, repository: string): Promise<void> {
  const url = currentUrl(services);
  if (!url) return;
  registryParts(services).listing?.abort();
  const abort = new AbortController();
  registryParts(services).listing = abort;
  services.dispatch({type: 'registry.loading', level: 'tags', repository});
  try {
    const registry = await client(services, url);
    await registry.listTags(
      repository,
      page => services.dispatch({type: 'registry.page', level: 'tags', repository, items: page.items}),
      abort.signal,
    );
    services.dispatch({type: 'registry.loaded', level: 'tags', repository, status: 'done'});
    scheduleDetails(services);
  } catch (error) {
    const cancelled = isAbortError(error) || abort.signal.aborted;
    services.dispatch({
      type: 'registry.loaded',
      level: 'tags',
      repository,
      status: cancelled ? 'cancelled' : 'error',
      error: cancelled ? undefined : errorMessage(error),
    });
  } finally {
    if (registryParts(services).listing === abort) registryParts(services).listing = undefined;
  }
}

export function cancelListing(services: Services): boolean {
  const {listing} = registryParts(services);
  if (!listing) return false;
  listing.abort();
  return true;
}

// Details are fetched for the focused tag only, once the cursor rests on it.
export function scheduleDetails(services: Services, delayMs = 120): void {
  clearTimeout(registryParts(services).detailsTimer);
  registryParts(services).detailsTimer = setTimeout(() => void loadDetails(services), delayMs);
}

async function loadDetails(services: Services): Promise<void> {
  const state = services.store.get();
  const repository = state.registry.repository;
  const tag = selectedTag(state);
  const url = currentUrl(services);
  if (!repository || !tag || !url) return;
  const key = `${url} ${repository}:${tag}`;
  if (state.registry.details?.key === key && !state.registry.details.error) return;
  registryParts(services).detailsRequest?.abort();
  const abort = new AbortController();
  registryParts(services).detailsRequest = abort;
  services.dispatch({type: 'registry.details', details: {key}});
  try {
    const registry = await client(services, url);
    const data = await registry.tagDetails(repository, tag, abort.signal);
    if (!abort.signal.aborted) services.dispatch({type: 'registry.details', details: {key, data}});
  } catch (error) {
    if (!abort.signal.aborted && !isAbortError(error))
      services.dispatch({type: 'registry.details', details: {key, error: errorMessage(error)}});
  }
}

export function enter(services: Services): void {
  const state = services.store.get();
  if (!state.registry.urls.length) {
    services.dispatch({type: 'registry.addPrompt'});
    return;
  }
  if (state.registry.level === 'repositories') {
    const repository = selectedRepository(state);
    if (repository) void loadTags(services, repository);
    else if (state.registry.noCatalog)
      services.dispatch({type: 'overlay.show', overlay: {kind: 'repository', draft: ''}});
    return;
  }
  services.dispatch({type: 'registry.openDetails'});
  scheduleDetails(services, 0);
}

export function openRepository(services: Services, name: string): void {
  const repository = name.trim().replace(/^\/+|\/+$/g, '');
  if (repository) void loadTags(services, repository);
}

export async function addRegistry(services: Services, raw: string): Promise<void> {
  // The prompt starts with `https://`; a URL typed or pasted whole after it brings its own scheme.
  const input = raw.trim().replace(/^https:\/\/(?=[a-z][a-z0-9+.-]*:\/\/)/i, '');
  if (!input || input === 'https://') return;
  try {
    parseRegistryUrl(input);
  } catch (error) {
    services.status(`registry "${input}": ${errorMessage(error)}`, 'error');
    return;
  }
  const {urls} = services.store.get().registry;
  const next = urls.includes(input) ? urls : [...urls, input];
  services.dispatch({type: 'registry.urls', urls: next, current: next.indexOf(input)});
  if (services.config.configFile) {
    try {
      await saveRegistry(services.config.configFile, input);
      services.status(`added ${input} and saved it to ${services.config.configFile}`);
    } catch (error) {
      services.status(
        `added ${input}, but could not save ${services.config.configFile}: ${errorMessage(error)}`,
        'error',
      );
    }
  }
  void loadRepositories(services);
}

export function nextRegistry(services: Services): void {
  const {urls, current} = services.store.get().registry;
  if (urls.length < 2) return;
  services.dispatch({type: 'registry.urls', urls, current: (current + 1) % urls.length});
  void loadRepositories(services);
}

const writeDeps = (services: Services): WriteDeps => ({
  client: url => client(services, url),
  reloadTags: repository => openRepository(services, repository),
});

export const registryConfirmed = (services: Services, confirm: Confirmation) =>
  runConfirmed(services, writeDeps(services), confirm);
export const retagTo = (services: Services, draft: string) => submitRetag(services, writeDeps(services), draft);
export const copyTo = (services: Services, draft: string) => submitCopy(services, writeDeps(services), draft);

// What registry view actions do beyond the reducer (called with the module loaded, see Controller.registry).
export function registryEffect(services: Services, action: Action, before: AppState, after: AppState): void {
  if (before.view !== 'registry' && after.registry.repoStatus === 'idle' && after.registry.urls.length)
    void loadRepositories(services);
  if (before.view !== 'registry' && !after.registry.urls.length)
    services.status('no registry configured: press + to add one (or start berth with --registry URL)');
  switch (action.type) {
    case 'registry.enter':
      enter(services);
      break;
    case 'registry.back':
      // A copy under way is cancelled first (it says so itself), then a listing.
      if (!cancelCopy(services) && cancelListing(services)) services.status('listing cancelled');
      break;
    case 'registry.pull':
      if (!services.config.readonly) void pull(services);
      break;
    case 'registry.layers':
      showTagLayers(services);
      break;
    case 'registry.delete':
      // The dialog lists the tags the digest carries (the registry's answer): y typed after d waits for it.
      if (!services.config.readonly)
        services.holdKeys('the tags the digest carries', confirmDelete(services, writeDeps(services)));
      break;
    case 'registry.add':
      services.dispatch({type: 'registry.addPrompt'});
      break;
    case 'registry.next':
      nextRegistry(services);
      break;
    case 'refresh':
      if (after.registry.level === 'tags' && after.registry.repository)
        openRepository(services, after.registry.repository);
      else void loadRepositories(services);
      break;
  }
  if (action.type.startsWith('cursor.') && after.registry.level === 'tags' && !after.overlay) scheduleDetails(services);
}
