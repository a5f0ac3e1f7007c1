import type Docker from 'dockerode';
import {BerthError} from '../../errors.js';
import {safeText} from '../archives/archive-errors.js';
import {dial} from '../client.js';
import {engineMessage} from '../engine-error.js';
import {components} from './list-directory.js';

// GET /containers/{id}/changes, as docker diff shows it: C (changed), A (added), D (deleted) against the image.
export type ChangeKind = 'A' | 'C' | 'D';
export type Change = {path: string; kind: ChangeKind};

const KINDS: ChangeKind[] = ['C', 'A', 'D'];

export async function containerChanges(docker: Docker, container: string, signal?: AbortSignal): Promise<Change[]> {
  let answer: unknown;
  try {
    answer = await dial(docker, {
      path: `/containers/${encodeURIComponent(container)}/changes?`,
      method: 'GET',
      timeoutMs: 60_000,
      signal,
    });
  } catch (error) {
    const status = (error as {statusCode?: number}).statusCode;
    if (status === 404)
      throw new BerthError(`no such container: ${safeText(container)}; check the name with docker ps -a`);
    throw new BerthError(`cannot read the changes of ${safeText(container)}: ${safeText(engineMessage(error))}`);
  }
  if (!Array.isArray(answer)) return [];
  return (answer as {Path?: unknown; Kind?: unknown}[]).flatMap(change => {
    const kind = typeof change.Kind === 'number' ? KINDS[change.Kind] : undefined;
    return typeof change.Path === 'string' && kind ? [{path: change.Path, kind}] : [];
  });
}

export type ChangeCounts = Record<ChangeKind, number>;

// One line of the tree: a path's last component indented by its depth, its own kind (a directory the engine did
// not list itself has none) and, for a directory, what changed below it.
export type ChangeLine = {path: string; name: string; depth: number; kind?: ChangeKind; below?: ChangeCounts};

type Node = {name: string; path: string; kind?: ChangeKind; children: Map<string, Node>};

export function changeTree(changes: readonly Change[]): {lines: ChangeLine[]; totals: ChangeCounts} {
  const root: Node = {name: '/', path: '/', children: new Map()};
  const totals: ChangeCounts = {A: 0, C: 0, D: 0};
  for (const change of changes) {
    totals[change.kind] += 1;
    let node = root;
    for (const part of components(change.path)) {
      let next = node.children.get(part);
      if (!next) {
        next = {name: part, path: node.path === '/' ? `/${part}` : `${node.path}/${part}`, children: new Map()};
        node.children.set(part, next);
      }
      node = next;
    }
    node.kind = change.kind;
  }
  const lines: ChangeLine[] = [];
  const walk = (node: Node, depth: number): ChangeCounts => {
    const counts: ChangeCounts = {A: 0, C: 0, D: 0};
    const line: ChangeLine = {path: node.path, name: node.name, depth, kind: node.kind};
    lines.push(line);
    for (const child of [...node.children.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      const below = walk(child, depth + 1);
      if (child.kind) counts[child.kind] += 1;
      for (const kind of KINDS) counts[kind] += below[kind];
    }
    if (node.children.size) line.below = counts;
    return counts;
  };
  for (const child of [...root.children.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)))
    walk(child, 0);
  return {lines, totals};
}
