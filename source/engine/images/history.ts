import type Docker from 'dockerode';
import {stripAnsi} from '../../text/escapes.js';
import {sanitizeLine} from '../../text/sanitize.js';
import {engineMessage} from '../engine-error.js';

export type HistoryRow = {
  // The layer's image ID, or '<missing>' for layers that came from a pull or load (the engine keeps no image for them).
  id: string;
  created: number;
  // Sanitised: a Dockerfile's RUN line is untrusted text that may carry escape sequences.
  createdBy: string;
  size: number;
  comment: string;
  tags: string[];
};

type Entry = {Id: string; Created: number; CreatedBy?: string; Size: number; Comment?: string; Tags?: string[] | null};

const safe = (text: string) => sanitizeLine(stripAnsi(text));

// The legacy builder writes "/bin/sh -c #(nop) " before metadata steps; the CLI shows them the same way, so keep them.
export function toHistoryRows(entries: Entry[]): HistoryRow[] {
  return entries.map(entry => ({
    id: entry.Id === '<missing>' ? entry.Id : entry.Id.replace(/^sha256:/, '').slice(0, 12),
    created: entry.Created,
    createdBy: safe(entry.CreatedBy ?? ''),
    size: entry.Size,
    comment: safe(entry.Comment ?? ''),
    tags: (entry.Tags ?? []).map(safe),
  }));
}

export async function imageHistory(docker: Docker, reference: string): Promise<HistoryRow[]> {
  try {
    return toHistoryRows((await docker.getImage(reference).history()) as Entry[]);
  } catch (error) {
    throw new Error(`image ${safe(reference)}: ${engineMessage(error)}`, {cause: error});
  }
}
