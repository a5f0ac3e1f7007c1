import type Docker from 'dockerode';
import {BerthError} from '../../errors.js';
import {safeText} from '../archives/archive-errors.js';
import {dial} from '../client.js';
import {engineMessage} from '../engine-error.js';

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
