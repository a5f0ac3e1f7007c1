// The registry client's public face for the UI and the headless commands.
//
//   const registry = await createRegistryClient('https://127.0.0.1:5000', { caFile });
//   await registry.listRepositories((page) => show(page.items), signal);
//   await registry.listTags('tools/busybox', (page) => show(page.items), signal);
//   const details = await registry.tagDetails('tools/busybox', '1.0.0');
//   const ordered = sortTags(tags, 'newest');
//   await registry.close();
import {RegistryClient, type RegistryClientOptions} from './client.js';

export {RegistryClient} from './client.js';
export type {RegistryClientOptions} from './client.js';
export {describeRetryWait} from './retry.js';
export type {TagDetails} from './details.js';
export {RegistryError, isAbortError} from './errors.js';
export {parseRegistryUrl} from './url.js';

// A client for one registry. Rejects with a RegistryError (kind 'usage') for a bad URL or an
// unreadable CA file; nothing is sent until the first call.
export function createRegistryClient(url: string, options: RegistryClientOptions = {}): Promise<RegistryClient> {
  return RegistryClient.create(url, options);
}

// Writes: delete by digest, retag, copy within and across registries, and how each is spelled.
export {copyImage, retag} from './image-copy.js';
export {deleteManifest, manifestDigest, tagsAt} from './manifest-writes.js';
export {parseImageReference} from './image-reference.js';
export {GARBAGE_COLLECT, craneCopy, craneDelete, craneTag, describeCopy} from './write-words.js';
