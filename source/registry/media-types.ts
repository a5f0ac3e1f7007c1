export const DOCKER_MANIFEST = 'application/vnd.docker.distribution.manifest.v2+json';
export const DOCKER_MANIFEST_LIST = 'application/vnd.docker.distribution.manifest.list.v2+json';
export const OCI_MANIFEST = 'application/vnd.oci.image.manifest.v1+json';
export const OCI_INDEX = 'application/vnd.oci.image.index.v1+json';

// All four, without q= values: a missing OCI type makes distribution answer MANIFEST_UNKNOWN for
// an index, a missing list type makes it swap in the linux/amd64 child (and its digest), and
// GCR mis-parses q (docs/registry-facts.md, "Manifests").
export const MANIFEST_ACCEPT = [OCI_INDEX, OCI_MANIFEST, DOCKER_MANIFEST_LIST, DOCKER_MANIFEST].join(', ');

export function isIndexType(mediaType: string | undefined): boolean {
  return mediaType === OCI_INDEX || mediaType === DOCKER_MANIFEST_LIST;
}

// Content-Type may carry parameters; the spec says to ignore them.
export function bareMediaType(contentType: string | undefined): string | undefined {
  return contentType?.replace(/;.*$/s, '').trim().toLowerCase() || undefined;
}
