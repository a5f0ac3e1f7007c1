import type {TarEntry} from '../tar/header.js';

// One entry of a layer's tar as berth keeps it: only what the layers pane shows, so that an image of 100,000
// files costs a few megabytes. Whiteouts are turned into what they mean: `dir/.wh.NAME` deletes `dir/NAME`
// from the layers below, `dir/.wh..wh..opq` hides everything below has under `dir` (an opaque directory).
export type LayerFileKind = 'file' | 'directory' | 'symlink' | 'hardlink' | 'other' | 'deleted' | 'opaque';

export type LayerFile = {
  // Relative to the image's root, no leading or trailing slash ("etc/passwd").
  path: string;
  kind: LayerFileKind;
  size: number;
  link?: string;
};

const WHITEOUT = '.wh.';
const OPAQUE = '.wh..wh..opq';

// "./etc/", "/etc", "etc" → "etc"; the root itself → undefined.
export function normalPath(raw: string): string | undefined {
  const parts = raw.split('/').filter(part => part !== '' && part !== '.');
  return parts.length ? parts.join('/') : undefined;
}

export function layerFileOf(entry: TarEntry): LayerFile | undefined {
  const path = normalPath(entry.path);
  if (!path) return undefined;
  const cut = path.lastIndexOf('/');
  const base = path.slice(cut + 1);
  const directory = cut < 0 ? '' : path.slice(0, cut);
  if (base === OPAQUE) return directory ? {path: directory, kind: 'opaque', size: 0} : undefined;
  if (base.startsWith(WHITEOUT)) {
    const name = base.slice(WHITEOUT.length);
    return name ? {path: directory ? `${directory}/${name}` : name, kind: 'deleted', size: 0} : undefined;
  }
  const kind =
    entry.kind === 'file' || entry.kind === 'directory' || entry.kind === 'symlink' || entry.kind === 'hardlink'
      ? entry.kind
      : 'other';
  const file: LayerFile = {path, kind, size: kind === 'file' ? entry.size : 0};
  if (kind === 'symlink' || kind === 'hardlink') file.link = entry.linkTarget;
  return file;
}
