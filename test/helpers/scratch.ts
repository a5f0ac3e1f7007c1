import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {afterAll} from 'vitest';

// A temporary directory for the test file (or describe block) it is called in, removed after its last test; a
// test needing a fresh directory of its own makes one inside it (mkdtempSync(join(scratch, 'x-'))). Called while
// the tests are collected (at the top of the file or in a describe), not inside a test.
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  afterAll(() => rmSync(dir, {recursive: true, force: true}));
  return dir;
}
