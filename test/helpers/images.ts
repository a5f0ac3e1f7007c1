import {BUSYBOX} from './bench.js';

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
