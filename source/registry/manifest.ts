import {isIndexType} from './media-types.js';

export interface Descriptor {
  mediaType?: string;
  digest: string;
  size: number;
  platform?: Platform;
  annotations?: Record<string, string>;
}

export interface Platform {
  os: string;
  architecture: string;
  variant?: string;
  osVersion?: string;
}

export interface ImageManifest {
  kind: 'image';
  mediaType?: string;
  config: Descriptor;
  layers: Descriptor[];
  annotations?: Record<string, string>;
}

export interface IndexManifest {
  kind: 'index';
  mediaType?: string;
  manifests: Descriptor[];
  annotations?: Record<string, string>;
}

export type Manifest = ImageManifest | IndexManifest;

// An annotations object keeps only its string values: the registry's JSON is not trusted to be well formed.
function stringRecord(value: unknown): Record<string, string> | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

function descriptor(value: unknown): Descriptor | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const raw = value as Record<string, unknown>;
  if (typeof raw.digest !== 'string') return undefined;
  const result: Descriptor = {
    mediaType: typeof raw.mediaType === 'string' ? raw.mediaType : undefined,
    digest: raw.digest,
    size: typeof raw.size === 'number' ? raw.size : 0,
  };
  const annotations = stringRecord(raw.annotations);
  if (annotations) result.annotations = annotations;
  if (raw.platform && typeof raw.platform === 'object') {
    const platform = raw.platform as Record<string, unknown>;
    // Untrusted JSON: a non-string os or architecture is unknown, not "[object Object]" or "42".
    result.platform = {
      os: typeof platform.os === 'string' ? platform.os : 'unknown',
      architecture: typeof platform.architecture === 'string' ? platform.architecture : 'unknown',
      variant: typeof platform.variant === 'string' ? platform.variant : undefined,
      osVersion: typeof platform['os.version'] === 'string' ? platform['os.version'] : undefined,
    };
  }
  return result;
}

// Reads an image manifest or an index/manifest list; the media type comes from the response when
// the body leaves it out (OCI allows that). Returns undefined for anything else (schema1, artifacts
// without a config).
export function parseManifest(body: string, contentType: string | undefined): Manifest | undefined {
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(body) as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (!raw || typeof raw !== 'object') return undefined;
  const mediaType = typeof raw.mediaType === 'string' ? raw.mediaType : contentType;
  const annotations = stringRecord(raw.annotations);
  if (isIndexType(mediaType) || Array.isArray(raw.manifests)) {
    const manifests = (Array.isArray(raw.manifests) ? raw.manifests : [])
      .map(descriptor)
      .filter((d): d is Descriptor => !!d);
    return {kind: 'index', mediaType, manifests, annotations};
  }
  const config = descriptor(raw.config);
  if (!config) return undefined;
  const layers = (Array.isArray(raw.layers) ? raw.layers : []).map(descriptor).filter((d): d is Descriptor => !!d);
  return {kind: 'image', mediaType, config, layers, annotations};
}

// BuildKit stores provenance/SBOM attestations as index entries with platform unknown/unknown;
// they are not images anyone runs (docs/registry-facts.md, "Manifests").
export function isAttestation(entry: Descriptor): boolean {
  if (entry.annotations?.['vnd.docker.reference.type'] === 'attestation-manifest') return true;
  return entry.platform?.os === 'unknown' && entry.platform.architecture === 'unknown';
}

// Compressed size, as the registry stores it: config plus layers.
export function imageSize(manifest: ImageManifest): number {
  return manifest.config.size + manifest.layers.reduce((sum, layer) => sum + layer.size, 0);
}

export function platformName(platform: Platform | undefined): string {
  if (!platform) return 'unknown';
  return [platform.os, platform.architecture, platform.variant].filter(Boolean).join('/');
}
