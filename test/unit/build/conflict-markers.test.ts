import {execFileSync} from 'node:child_process';
import {readFileSync} from 'node:fs';
import {expect, test} from 'vitest';

// A merge's conflict markers once stayed in docs/benchmarks.md (two sections and a command line, both sides): no
// tracked text file may hold one.
test('no tracked file holds a merge conflict marker', () => {
  const files = execFileSync('git', ['ls-files', '-z'], {encoding: 'utf8'}).split('\0').filter(Boolean);
  const marked = files.filter(file => {
    if (!/\.(md|ts|tsx|mjs|js|cjs|json|sh|ya?ml|txt)$/.test(file) && !file.startsWith('.ci/')) return false;
    return /^(<{7}|>{7})( |$)/m.test(readFileSync(file, 'utf8'));
  });
  expect(marked).toEqual([]);
});
