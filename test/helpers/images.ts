import {BUSYBOX} from './bench.js';
import type {Terminal} from './terminal.js';

// A small image of a test's own, built with the legacy builder on whatever engine `run` talks to: each build of
// the same tag with other content leaves the previous image dangling, as a user's rebuild does.
export function buildImage(run: (args: string[], input?: string) => string, tag: string, content: string): string {
  const dockerfile = `FROM ${BUSYBOX}\nRUN echo ${JSON.stringify(content)} > /content\nLABEL berth.test=images\n`;
  return run(['build', '--network', 'none', '-q', '-t', tag, '-'], dockerfile).trim();
}

// `docker images` rows as "ID REPOSITORY:TAG SIZE", the shape berth's rows are compared in.
export function oracleRows(output: string): string[] {
  return output.trim().split('\n').filter(Boolean).sort();
}

// An image of a test's own with a distinct ID, made without a build: a commit of a container of the bench's busybox
// (named `${tag}` with `:` and `/` made `-`, removed at once).
export function commitImage(run: (args: string[]) => string, tag: string): string {
  const source = `${tag.replace(/[:/]/g, '-')}-source`;
  run(['create', '--network', 'none', '--name', source, BUSYBOX, 'true']);
  try {
    return run(['commit', source, tag]).trim();
  } finally {
    run(['rm', source]);
  }
}

// View 2 with the list filtered to `filter` (the filter applied once the prompt has closed).
export async function openImages(t: Terminal, filter: string): Promise<void> {
  await t.waitFor(/API 1\.41/);
  t.type('2');
  await t.waitFor(/REPOSITORY +TAG +IMAGE ID/);
  t.type('/');
  t.type(filter);
  t.keys('Enter');
  await t.waitFor(`filter: ${filter}`);
}
