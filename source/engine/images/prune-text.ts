import {stripAnsi} from '../../text/escapes.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {humanSize} from './units.js';
import type {PrunePreview} from './prune-plan.js';
import type {PruneResult} from './prune-run.js';
import {shortId} from './list.js';

// The preview and the result as lines of text (headless output; the UI shows the same lines in its dialog).
// Names come from the engine (container, image, volume, network names): untrusted, so every line is sanitised.
const safe = (lines: string[]) => lines.map(line => sanitizeLine(stripAnsi(line)));
export function previewTitle(preview: PrunePreview): string {
  const scope = preview.scope;
  if (scope.kind === 'images') return `prune images (${scope.all ? 'all unused' : 'dangling'})`;
  if (scope.kind === 'volumes') return `prune volumes${scope.all ? ' (--all)' : ''}`;
  return `system prune${scope.all ? ' --all' : ''}${scope.volumes ? ' --volumes' : ''}`;
}

export function previewLines(preview: PrunePreview): string[] {
  const lines: string[] = [];
  const section = (title: string, items: string[]) => {
    if (!items.length) return;
    lines.push(`${title} (${items.length}):`);
    for (const item of items) lines.push(`  ${item}`);
  };
  const system = preview.scope.kind === 'system';
  section(
    'stopped containers',
    preview.containers.map(c => `${c.name}  ${shortId(c.id)}  ${c.state}  ${humanSize(c.size)}`),
  );
  section(
    'unused networks',
    preview.networks.map(n => `${n.name}  ${shortId(n.id)}`),
  );
  section(
    'images',
    preview.images.map(
      image =>
        `${image.names.length ? image.names.join(', ') : '<none>:<none>'}  ${image.shortId}  ${humanSize(image.size)}`,
    ),
  );
  section(
    'tags removed from images that stay',
    preview.untagOnly.map(item => `${item.names.join(', ')}  ${item.shortId}  (${item.why})`),
  );
  section(
    'volumes',
    preview.volumes.map(
      volume => `${volume.name}  ${volume.anonymous ? 'anonymous' : 'named'}  ${humanSize(volume.size)}`,
    ),
  );
  if (system)
    section(
      'build cache',
      preview.buildCache.map(cache => `${cache.id.slice(0, 12)}  ${cache.type}  ${humanSize(cache.size)}`),
    );
  const targets =
    preview.containers.length +
    preview.networks.length +
    preview.images.length +
    preview.untagOnly.length +
    preview.volumes.length +
    preview.buildCache.length;
  if (!targets) lines.push('nothing to remove');
  for (const note of preview.kept) lines.push(`stays: ${note}`);
  lines.push(`frees about ${humanSize(preview.reclaimable)}`);
  return safe(lines);
}

export function previewIsEmpty(preview: PrunePreview): boolean {
  return !(
    preview.containers.length +
    preview.networks.length +
    preview.images.length +
    preview.untagOnly.length +
    preview.volumes.length +
    preview.buildCache.length
  );
}

export function resultLines(result: PruneResult): string[] {
  const lines: string[] = [];
  const section = (title: string, items: string[]) => {
    if (!items.length) return;
    lines.push(`${title}:`);
    for (const item of items) lines.push(item);
  };
  section('Deleted Containers', result.containers);
  section('Deleted Networks', result.networks);
  section('Deleted Volumes', result.volumes);
  section(
    'Deleted Images',
    result.images.map(line => `${line.kind.toLowerCase()}: ${line.value}`),
  );
  section('Deleted build cache objects', result.buildCache);
  for (const item of result.notRemoved) lines.push(`not removed: ${item.what}: ${item.why}`);
  for (const error of result.errors) lines.push(`error: ${error}`);
  lines.push(`Total reclaimed space: ${humanSize(result.spaceReclaimed)}`);
  return safe(lines);
}
