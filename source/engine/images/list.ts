import type Docker from 'dockerode';
import {compareApi} from '../client.js';
import {systemDf} from '../system-df.js';
import {compareText} from '../../text/compare.js';

// One row per tag, as `docker images` shows them: an image with three tags is three rows with the same ID.
export type ImageRow = {
  id: string;
  shortId: string;
  repository: string;
  tag: string;
  // repository:tag, or the short ID when the image has no name (what `docker rmi` accepts for this row).
  reference: string;
  created: number;
  size: number;
  // Bytes this image shares with other images; undefined when not asked for (it costs an engine walk).
  sharedSize?: number;
  containers: number;
  parentId: string;
  digests: string[];
  // Every name of the image (all its rows), so a remove dialog can say "also tagged …".
  tags: string[];
};

export type ImageListOptions = {all?: boolean; dangling?: boolean; sharedSize?: boolean};

type Summary = {
  Id: string;
  ParentId?: string;
  RepoTags?: string[] | null;
  RepoDigests?: string[] | null;
  Created: number;
  Size: number;
  SharedSize?: number;
  Containers?: number;
};

export const NONE = '<none>';

export function shortId(id: string): string {
  return id.replace(/^sha256:/, '').slice(0, 12);
}

// A name splits at the last ':' after the last '/': a registry port (127.0.0.1:5000/x:1) is not a tag.
export function splitReference(reference: string): {repository: string; tag: string} {
  const slash = reference.lastIndexOf('/');
  const colon = reference.lastIndexOf(':');
  if (colon > slash) return {repository: reference.slice(0, colon), tag: reference.slice(colon + 1)};
  return {repository: reference, tag: NONE};
}

function realTags(summary: Summary): string[] {
  return (summary.RepoTags ?? []).filter(tag => tag !== '<none>:<none>');
}

function realDigests(summary: Summary): string[] {
  return (summary.RepoDigests ?? []).filter(digest => digest !== '<none>@<none>');
}

// Rows as the docker CLI derives them: one per tag, one `repo <none>` per repository known only by digest
// (a pulled image whose tag moved on), and `<none> <none>` for an image with no name at all.
export function toImageRows(summary: Summary, containers: number): ImageRow[] {
  const tags = realTags(summary);
  const digests = realDigests(summary);
  const base = {
    id: summary.Id,
    shortId: shortId(summary.Id),
    created: summary.Created,
    size: summary.Size,
    sharedSize: summary.SharedSize !== undefined && summary.SharedSize >= 0 ? summary.SharedSize : undefined,
    containers,
    parentId: summary.ParentId ?? '',
    digests,
    tags,
  };
  const names: {repository: string; tag: string; reference: string}[] = tags.map(reference => ({
    ...splitReference(reference),
    reference,
  }));
  const tagged = new Set(names.map(name => name.repository));
  for (const digest of digests) {
    const repository = digest.slice(0, digest.indexOf('@'));
    if (tagged.has(repository)) continue;
    tagged.add(repository);
    names.push({repository, tag: NONE, reference: digest});
  }
  if (!names.length) names.push({repository: NONE, tag: NONE, reference: base.shortId});
  return names.map(name => ({...base, ...name}));
}

// Newest first; rows of one image stay together, in name order.
export const compareImages = (a: ImageRow, b: ImageRow): number => b.created - a.created || compareText(a.id, b.id);
export const compareImageRows = (a: ImageRow, b: ImageRow): number =>
  compareImages(a, b) || compareText(a.reference, b.reference);

export function sortImageRows(rows: ImageRow[]): ImageRow[] {
  return rows.sort(compareImageRows);
}

// How many containers (running or not) were created from each image ID.
export async function containerCounts(docker: Docker): Promise<Map<string, number>> {
  const containers = await docker.listContainers({all: true});
  const counts = new Map<string, number>();
  for (const container of containers) counts.set(container.ImageID, (counts.get(container.ImageID) ?? 0) + 1);
  return counts;
}

// Shared sizes come from /system/df (API 1.41 knows no `shared-size` on the list); from 1.42 it can be asked
// for the images part only, which spares the engine the container and volume walks.
export async function sharedSizes(docker: Docker, api: string): Promise<Map<string, number>> {
  const df = (await systemDf(docker, compareApi(api, '1.42') >= 0 ? {types: ['image']} : {})) as {
    Images?: Summary[] | null;
  };
  return new Map((df.Images ?? []).map(image => [image.Id, image.SharedSize ?? -1]));
}

// The rows again with their shared sizes (a second, slower request: the list shows first without them).
// `only`: the rows to touch (the others are another engine's, kept as they are).
export function withSharedSizes(
  rows: readonly ImageRow[],
  shared: Map<string, number>,
  only: (row: ImageRow) => boolean = () => true,
): ImageRow[] {
  return rows.map(row => {
    const size = only(row) ? shared.get(row.id) : undefined;
    return size !== undefined && size >= 0 ? {...row, sharedSize: size} : row;
  });
}

export async function listImages(docker: Docker, api: string, options: ImageListOptions = {}): Promise<ImageRow[]> {
  const query: Record<string, unknown> = {all: options.all ?? false};
  if (options.dangling) query.filters = {dangling: ['true']};
  const [summaries, counts, shared] = await Promise.all([
    docker.listImages(query) as Promise<Summary[]>,
    containerCounts(docker),
    options.sharedSize ? sharedSizes(docker, api) : Promise.resolve(undefined),
  ]);
  const rows: ImageRow[] = [];
  for (const summary of summaries) {
    const withShared = shared?.has(summary.Id) ? {...summary, SharedSize: shared.get(summary.Id)} : summary;
    rows.push(...toImageRows(withShared, counts.get(summary.Id) ?? 0));
  }
  return sortImageRows(rows);
}
