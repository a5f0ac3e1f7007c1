import type {IncomingMessage} from 'node:http';
import {saveRegistry} from '../../config.js';
import {logCommand} from '../../command-log.js';
import {engineMessage} from '../../engine/engine-error.js';
import {errorMessage} from '../../errors.js';
import {createRegistryClient, isAbortError, parseRegistryUrl, RegistryError, type RegistryClient} from '../../registry/index.js';
import type {Action} from '../actions.js';
import type {Controller} from '../controller.js';
import type {AppState} from '../state.js';
import {selectedRepository, selectedTag} from '../reduce-registry.js';

// One client per registry URL, kept while berth runs (pooled connections, cached tokens).
const clients = new Map<string, Promise<RegistryClient>>();
let listing: AbortController | undefined;
let detailsRequest: AbortController | undefined;
let detailsTimer: NodeJS.Timeout | undefined;

function currentUrl(controller: Controller): string | undefined {
  const {urls, current} = controller.store.get().registry;
  return urls[current];
}

function client(controller: Controller, url: string): Promise<RegistryClient> {
  let existing = clients.get(url);
  if (!existing) {
    const options = controller.config.registryOptions[url] ?? {};
    existing = createRegistryClient(url, {caFile: options.caFile ?? controller.config.registryCa, insecure: options.insecure, env: process.env});
    existing.catch(() => clients.delete(url));
    clients.set(url, existing);
  }
  return existing;
}

export function closeRegistryClients(): void {
  listing?.abort();
  for (const pending of clients.values()) void pending.then(c => c.close()).catch(() => {});
  clients.clear();
}

// Pages go to the store as they arrive; esc aborts a long listing.
export async function loadRepositories(controller: Controller): Promise<void> {
  const url = currentUrl(controller);
  if (!url) return;
  listing?.abort();
  const abort = new AbortController();
  listing = abort;
  controller.dispatch({type: 'registry.loading', level: 'repositories'});
  try {
    const registry = await client(controller, url);
    await registry.listRepositories(page => controller.dispatch({type: 'registry.page', level: 'repositories', items: page.items}), abort.signal);
    controller.dispatch({type: 'registry.loaded', level: 'repositories', status: 'done'});
  } catch (error) {
    if (isAbortError(error) || abort.signal.aborted) {
      controller.dispatch({type: 'registry.loaded', level: 'repositories', status: 'cancelled'});
      return;
    }
    const noCatalog = error instanceof RegistryError && (error.status === 401 || error.status === 404 || error.status === 403);
    controller.dispatch({type: 'registry.loaded', level: 'repositories', status: 'error', error: errorMessage(error), noCatalog});
    if (noCatalog) controller.dispatch({type: 'overlay.show', overlay: {kind: 'repository', draft: ''}});
  } finally {
    if (listing === abort) listing = undefined;
  }
}

export async function loadTags(controller: Controller, repository: string): Promise<void> {
  const url = currentUrl(controller);
  if (!url) return;
  listing?.abort();
  const abort = new AbortController();
  listing = abort;
  controller.dispatch({type: 'registry.loading', level: 'tags', repository});
  try {
    const registry = await client(controller, url);
    await registry.listTags(repository, page => controller.dispatch({type: 'registry.page', level: 'tags', repository, items: page.items}), abort.signal);
    controller.dispatch({type: 'registry.loaded', level: 'tags', repository, status: 'done'});
    scheduleDetails(controller);
  } catch (error) {
    const cancelled = isAbortError(error) || abort.signal.aborted;
    controller.dispatch({type: 'registry.loaded', level: 'tags', repository, status: cancelled ? 'cancelled' : 'error', error: cancelled ? undefined : errorMessage(error)});
  } finally {
    if (listing === abort) listing = undefined;
  }
}

export function cancelListing(): boolean {
  if (!listing) return false;
  listing.abort();
  return true;
}

// Details are fetched for the focused tag only, once the cursor rests on it.
export function scheduleDetails(controller: Controller, delayMs = 120): void {
  clearTimeout(detailsTimer);
  detailsTimer = setTimeout(() => void loadDetails(controller), delayMs);
}

async function loadDetails(controller: Controller): Promise<void> {
  const state = controller.store.get();
  const repository = state.registry.repository;
  const tag = selectedTag(state);
  const url = currentUrl(controller);
  if (!repository || !tag || !url) return;
  const key = `${url} ${repository}:${tag}`;
  if (state.registry.details?.key === key && !state.registry.details.error) return;
  detailsRequest?.abort();
  const abort = new AbortController();
  detailsRequest = abort;
  controller.dispatch({type: 'registry.details', details: {key}});
  try {
    const registry = await client(controller, url);
    const data = await registry.tagDetails(repository, tag, abort.signal);
    if (!abort.signal.aborted) controller.dispatch({type: 'registry.details', details: {key, data}});
  } catch (error) {
    if (!abort.signal.aborted && !isAbortError(error)) controller.dispatch({type: 'registry.details', details: {key, error: errorMessage(error)}});
  }
}

export function enter(controller: Controller): void {
  const state = controller.store.get();
  if (!state.registry.urls.length) {
    controller.dispatch({type: 'registry.addPrompt'});
    return;
  }
  if (state.registry.level === 'repositories') {
    const repository = selectedRepository(state);
    if (repository) void loadTags(controller, repository);
    else if (state.registry.noCatalog) controller.dispatch({type: 'overlay.show', overlay: {kind: 'repository', draft: ''}});
    return;
  }
  controller.dispatch({type: 'registry.openDetails'});
  scheduleDetails(controller, 0);
}

export function openRepository(controller: Controller, name: string): void {
  const repository = name.trim().replace(/^\/+|\/+$/g, '');
  if (repository) void loadTags(controller, repository);
}

export async function addRegistry(controller: Controller, raw: string): Promise<void> {
  const input = raw.trim();
  if (!input || input === 'https://') return;
  try {
    parseRegistryUrl(input);
  } catch (error) {
    controller.status(`registry "${input}": ${errorMessage(error)}`, 'error');
    return;
  }
  const {urls} = controller.store.get().registry;
  const next = urls.includes(input) ? urls : [...urls, input];
  controller.dispatch({type: 'registry.urls', urls: next, current: next.indexOf(input)});
  if (controller.config.configFile) {
    try {
      await saveRegistry(controller.config.configFile, input);
      controller.status(`added ${input} and saved it to ${controller.config.configFile}`);
    } catch (error) {
      controller.status(`added ${input}, but could not save ${controller.config.configFile}: ${errorMessage(error)}`, 'error');
    }
  }
  void loadRepositories(controller);
}

export function nextRegistry(controller: Controller): void {
  const {urls, current} = controller.store.get().registry;
  if (urls.length < 2) return;
  controller.dispatch({type: 'registry.urls', urls, current: (current + 1) % urls.length});
  void loadRepositories(controller);
}

type Progress = {id?: string; status?: string; progressDetail?: {current?: number; total?: number}; errorDetail?: {message?: string}; error?: string};

// Pull through the engine, with progress; errors the engine reports inside the 200 stream count as errors.
export async function pull(controller: Controller): Promise<void> {
  const state = controller.store.get();
  const url = currentUrl(controller);
  const repository = state.registry.repository;
  const tag = selectedTag(state);
  const docker = controller.docker();
  if (!url || !repository || !tag || !docker) return;
  const host = parseRegistryUrl(url).host;
  const ref = `${host}/${repository}:${tag}`;
  logCommand(`docker pull ${ref}`);
  const layers = new Map<string, {current: number; total: number; done: boolean}>();
  const report = (patch: {finished?: boolean; error?: string} = {}) => {
    let current = 0;
    let total = 0;
    let done = 0;
    for (const layer of layers.values()) {
      current += layer.current;
      total += layer.total;
      if (layer.done) done += 1;
    }
    controller.dispatch({
      type: 'registry.pullProgress',
      pull: {ref, layers: layers.size, done, percent: total ? Math.min(100, Math.round((current / total) * 100)) : undefined, ...patch},
    });
  };
  report();
  try {
    const stream = (await docker.pull(ref)) as IncomingMessage;
    await new Promise<void>((resolve, reject) => {
      docker.modem.followProgress(
        stream,
        (error: Error | null) => (error ? reject(error) : resolve()),
        (event: Progress) => {
          if (event.errorDetail || event.error) return reject(new Error(event.errorDetail?.message ?? event.error));
          if (!event.id || event.id === tag) return;
          const layer = layers.get(event.id) ?? {current: 0, total: 0, done: false};
          if (event.progressDetail?.total) layer.total = event.progressDetail.total;
          if (event.progressDetail?.current !== undefined && /Downloading/.test(event.status ?? '')) layer.current = event.progressDetail.current;
          if (/Pull complete|Already exists|Download complete/.test(event.status ?? '')) {
            layer.done = /Pull complete|Already exists/.test(event.status ?? '') || layer.done;
            layer.current = layer.total;
          }
          layers.set(event.id, layer);
          report();
        },
      );
    });
    report({finished: true});
    controller.status(`pulled ${ref}`);
  } catch (error) {
    const message = engineMessage(error);
    const fix = /x509|certificate/i.test(message)
      ? `; the engine does not trust ${host}: put the registry's CA in /etc/docker/certs.d/${host}/ca.crt on the engine host`
      : /unauthorized|authentication required|denied/i.test(message)
        ? `; log the engine in: docker login ${host}`
        : '';
    report({error: message});
    controller.status(`pull ${ref}: ${message}${fix}`, 'error');
  }
}

// What registry view actions do beyond the reducer (called with the module loaded, see Controller.registry).
export function registryEffect(controller: Controller, action: Action, before: AppState, after: AppState): void {
  if (before.view !== 'registry' && after.registry.repoStatus === 'idle' && after.registry.urls.length) void loadRepositories(controller);
  if (before.view !== 'registry' && !after.registry.urls.length) controller.status('no registry configured: press + to add one (or start berth with --registry URL)');
  switch (action.type) {
    case 'registry.enter':
      enter(controller);
      break;
    case 'registry.back':
      if (cancelListing()) controller.status('listing cancelled');
      break;
    case 'registry.pull':
      if (!controller.config.readonly) void pull(controller);
      break;
    case 'registry.add':
      controller.dispatch({type: 'registry.addPrompt'});
      break;
    case 'registry.next':
      nextRegistry(controller);
      break;
    case 'refresh':
      if (after.registry.level === 'tags' && after.registry.repository) openRepository(controller, after.registry.repository);
      else void loadRepositories(controller);
      break;
  }
  if (action.type.startsWith('cursor.') && after.registry.level === 'tags' && !after.overlay) scheduleDetails(controller);
}
