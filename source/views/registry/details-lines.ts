import {wrapWords} from '../../text/wrap-words.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {bytes} from '../../text/format.js';
import type {RegistryViewState} from './state.js';

// `role`: the theme's colour for the line (theme/roles.ts).
export type DetailLine = {text: string; role?: 'error' | 'warning' | 'success'};

// What a finished pull did, in words: nothing to fetch reads differently from fetched layers.
export function pullResult(pull: NonNullable<RegistryViewState['pull']>): string {
  const pulled = pull.pulled ?? 0;
  const present = pull.present ?? 0;
  if (pulled === 0)
    return `already present${present ? ` (${present} layer${present === 1 ? '' : 's'})` : ''} · up to date`;
  return `pulled ${pullSummary(pull)}`;
}

// "3 layers, 12MB" (and what the engine already had).
export function pullSummary(pull: NonNullable<RegistryViewState['pull']>): string {
  const pulled = pull.pulled ?? 0;
  const present = pull.present ?? 0;
  const size = pull.bytes ? `, ${bytes(pull.bytes)}` : '';
  return `${pulled} layer${pulled === 1 ? '' : 's'}${size}${present ? ` · ${present} already present` : ''}`;
}

// The pane's rows at its inner width: coloured lines (errors, hints) wrap so their reason is whole, each row its
// own line, so what follows never lands on a wrapped row (at 80 columns two texts were drawn into one).
export function detailRows(registry: RegistryViewState, tag: string | undefined, width: number): DetailLine[] {
  return detailLines(registry, tag, width).flatMap(line =>
    line.role ? wrapWords(sanitizeLine(line.text), Math.max(1, width)).map(text => ({text, role: line.role})) : [line],
  );
}

// The right (or lower) pane of the registry view: hints at the repository level, the focused tag's details, a pull.
export function detailLines(registry: RegistryViewState, tag: string | undefined, width: number): DetailLine[] {
  const lines: DetailLine[] = [];
  if (registry.level === 'repositories') {
    if (registry.noCatalog)
      lines.push({text: 'this registry does not list its repositories: press enter and type a name', role: 'warning'});
    if (registry.error && !registry.noCatalog && registry.repoStatus === 'error') {
      // A listing that broke part way keeps what came (the registry went away mid-listing, say).
      const count = registry.repositories.length;
      const kept = count
        ? `listing stopped after ${count.toLocaleString('en-US')} repositories (kept; ctrl-r lists again): `
        : 'listing failed (ctrl-r tries again): ';
      lines.push({text: kept + registry.error, role: 'error'});
    } else if (registry.error) lines.push({text: registry.error, role: registry.noCatalog ? undefined : 'error'});
    lines.push({text: 'enter: tags of the repository · / filter · + add a registry'});
  } else if (tag) {
    const details = registry.details;
    lines.push({text: `${registry.repository}:${tag}`});
    if (!details || (!details.data && !details.error)) lines.push({text: 'loading details…'});
    if (details?.error) lines.push({text: details.error, role: 'error'});
    const d = details?.data;
    if (d) {
      lines.push({text: `digest   ${d.digest}`});
      lines.push({text: `type     ${d.kind === 'index' ? 'multi-platform index' : 'image'} (${d.mediaType})`});
      if (d.size !== undefined) lines.push({text: `size     ${bytes(d.size)} (config + layers, compressed)`});
      if (d.created) lines.push({text: `created  ${d.created}`});
      lines.push({text: `platforms (${d.platforms.length})`});
      for (const p of d.platforms) {
        lines.push({
          text: `  ${p.platform.padEnd(16)} ${p.size !== undefined ? bytes(p.size).padStart(8) : ''}  ${p.created ?? ''}${p.error ? `  ${p.error}` : ''}`,
          role: p.error ? 'error' : undefined,
        });
      }
    }
  }
  // A pull under way shows wherever the view is; a finished one only with its own tag.
  const pull = registry.pull;
  const own = registry.level === 'tags' && tag !== undefined && pull?.ref.endsWith(`/${registry.repository}:${tag}`);
  if (pull && (!pull.finished || own)) {
    const barWidth = Math.max(10, Math.min(40, width - 30));
    const filled = Math.round(((pull.finished ? 100 : (pull.percent ?? 0)) / 100) * barWidth);
    lines.push({text: ''});
    lines.push({text: `pull ${pull.ref}`});
    lines.push({
      text: pull.error
        ? `failed: ${pull.error}`
        : pull.finished
          ? pullResult(pull)
          : `${'█'.repeat(filled)}${'░'.repeat(barWidth - filled)} ${pull.percent ?? 0}% · ${pull.done}/${pull.layers} layers`,
      role: pull.error ? 'error' : pull.finished ? 'success' : undefined,
    });
  }
  return lines;
}
