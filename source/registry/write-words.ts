import {shellQuote} from '../command-log.js';
import {bytes} from '../text/format.js';
import type {CopyProgress} from './image-copy.js';

// How registry writes are spelled for people: the `crane` command that does the same (for the command log, so
// what berth did can be repeated or audited without it), and a copy's progress.

export const GARBAGE_COLLECT = 'registry garbage-collect /etc/docker/registry/config.yml';

// After a delete: the manifest and its tags are gone, the blobs' space is not.
export const SPACE_NOTE = `space is freed only when the registry's garbage collector runs: ${GARBAGE_COLLECT}`;

const crane = (...words: string[]) => ['crane', ...words].map(shellQuote).join(' ');

export function craneDelete(host: string, repository: string, digest: string): string {
  return crane('delete', `${host}/${repository}@${digest}`);
}

export function craneTag(host: string, repository: string, tag: string, newTag: string): string {
  return crane('tag', `${host}/${repository}:${tag}`, newTag);
}

export function craneCopy(from: string, to: string): string {
  return crane('copy', from, to);
}

// "3 of 5 blobs, 12MB of 300MB streamed (2 already there)"; a mount moves no bytes and says none.
export function describeCopy(progress: CopyProgress): string {
  const settled = progress.copied + progress.mounted + progress.skipped;
  const streamed = progress.totalBytes ? `, ${bytes(progress.bytes)} of ${bytes(progress.totalBytes)} streamed` : '';
  const extra = [
    progress.mounted ? `${progress.mounted} mounted` : '',
    progress.skipped ? `${progress.skipped} already there` : '',
  ].filter(Boolean);
  return `${settled} of ${progress.blobs} blobs${streamed}${extra.length ? ` (${extra.join(', ')})` : ''}`;
}
