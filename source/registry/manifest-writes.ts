import {deleteScope, pullScope, pushScope} from './auth.js';
import {RegistryError, problem} from './errors.js';
import {MANIFEST_ACCEPT, bareMediaType} from './media-types.js';
import {headerValue} from './transport.js';
import {assertRepositoryName, assertTagName} from './url.js';
import type {ManifestClient} from './details.js';
import {crypto} from '../util/lazy-builtins.js';

// A manifest exactly as the registry stores it: the bytes (its digest is their sha256) and their media type.
// Retag and copy put these bytes back unchanged, so the digest stays the same.
export interface RawManifest {
  body: Buffer;
  mediaType: string;
  digest: string;
}

const MAX_MANIFEST_BYTES = 8 * 1024 * 1024;
const DIGEST = /^sha(256:[a-f0-9]{64}|512:[a-f0-9]{128})$/;

export function sha256Digest(body: Buffer): string {
  return `sha256:${crypto().createHash('sha256').update(body).digest('hex')}`;
}

// `scopes`: pull for a read; a copy within one registry reads with the destination's push scope too, so one token
// does both.
export async function getRawManifest(
  client: ManifestClient,
  repository: string,
  reference: string,
  signal?: AbortSignal,
): Promise<RawManifest> {
  const subject = {what: `read ${repository}:${reference}`, repository, reference};
  const response = await client.request('GET', client.url(`/v2/${repository}/manifests/${reference}`), {
    scopes: [pullScope(repository)],
    subject,
    headers: {accept: MANIFEST_ACCEPT},
    signal,
    maxBytes: MAX_MANIFEST_BYTES,
  });
  if (response.status !== 200) throw client.fail(response, subject);
  const digest = sha256Digest(response.body);
  if (reference.startsWith('sha256:') && digest !== reference) {
    throw new RegistryError(
      'protocol',
      problem(
        `registry ${client.registry.host}`,
        `sent a manifest for ${repository}@${reference} whose content hashes to ${digest}`,
        'The registry storage may be corrupt; report this to its operator.',
      ),
      {host: client.registry.host},
    );
  }
  const mediaType = bareMediaType(headerValue(response, 'content-type')) ?? mediaTypeInside(response.body);
  return {body: response.body, mediaType, digest};
}

// A registry that sends no Content-Type: the manifest says what it is (OCI and Docker v2 both carry mediaType).
function mediaTypeInside(body: Buffer): string {
  try {
    const parsed = JSON.parse(body.toString('utf8')) as {mediaType?: unknown};
    if (typeof parsed.mediaType === 'string') return parsed.mediaType;
  } catch {
    // fall through
  }
  return 'application/vnd.oci.image.manifest.v1+json';
}

// PUT the bytes under a tag (or by their digest, for an index's children): the registry checks that every blob
// and child it names is there.
export async function putManifest(
  client: ManifestClient,
  repository: string,
  reference: string,
  manifest: RawManifest,
  signal?: AbortSignal,
): Promise<void> {
  assertRepositoryName(repository);
  if (!reference.startsWith('sha256:')) assertTagName(reference);
  const subject = {what: `push ${repository}:${reference}`, repository, reference, access: 'push' as const};
  const response = await client.request('PUT', client.url(`/v2/${repository}/manifests/${reference}`), {
    scopes: [pushScope(repository)],
    subject,
    headers: {'content-type': manifest.mediaType},
    body: manifest.body,
    signal,
  });
  if (response.status !== 201 && response.status !== 200) throw client.fail(response, subject);
}

// The digest a tag points at, as the registry computes it (HEAD with every manifest type accepted, so an index is
// not swapped for one of its children).
export async function manifestDigest(
  client: ManifestClient,
  repository: string,
  reference: string,
  signal?: AbortSignal,
): Promise<string> {
  const subject = {what: `read ${repository}:${reference}`, repository, reference};
  const response = await client.request('HEAD', client.url(`/v2/${repository}/manifests/${reference}`), {
    scopes: [pullScope(repository)],
    subject,
    headers: {accept: MANIFEST_ACCEPT},
    signal,
  });
  if (response.status !== 200) throw client.fail(response, subject);
  const digest = headerValue(response, 'docker-content-digest');
  if (digest && DIGEST.test(digest)) return digest;
  // No digest header (some proxies drop it), or one that is not a digest (it is printed and deleted by): the bytes
  // tell.
  return (await getRawManifest(client, repository, reference, signal)).digest;
}

// Every tag of the repository that points at `digest`: the tags a delete by digest takes with it.
export async function tagsAt(
  client: ManifestClient & {listTags(repository: string, onPage?: undefined, signal?: AbortSignal): Promise<string[]>},
  repository: string,
  digest: string,
  signal?: AbortSignal,
): Promise<string[]> {
  const tags = await client.listTags(repository, undefined, signal);
  // All at once: the client's pool keeps at most four in flight. A tag deleted meanwhile is simply not shared.
  const digests = await Promise.all(
    tags.map(tag =>
      manifestDigest(client, repository, tag, signal).catch((error: unknown) => {
        if (error instanceof RegistryError && error.kind === 'not-found') return undefined;
        throw error;
      }),
    ),
  );
  return tags.filter((_, i) => digests[i] === digest).sort();
}

// DELETE by digest: the registry removes the manifest and every tag pointing at it. Space comes back only when
// the registry's garbage collector runs.
export async function deleteManifest(
  client: ManifestClient,
  repository: string,
  digest: string,
  signal?: AbortSignal,
): Promise<void> {
  assertRepositoryName(repository);
  const subject = {
    what: `delete ${repository}@${digest.slice(0, 19)}`,
    repository,
    reference: digest,
    access: 'delete' as const,
  };
  const response = await client.request('DELETE', client.url(`/v2/${repository}/manifests/${digest}`), {
    scopes: [pullScope(repository), deleteScope(repository)],
    subject,
    headers: {accept: MANIFEST_ACCEPT},
    signal,
  });
  if (response.status !== 202 && response.status !== 200) throw client.fail(response, subject);
}
