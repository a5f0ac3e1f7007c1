import {readFileSync, writeFileSync} from 'node:fs';
import {expect, test} from 'vitest';
import {DEFAULT_KEYMAP} from '../../../source/ui/keymap.js';
import {keymapMarkdown} from '../../../source/ui/keymap-markdown.js';
import {DEFAULT_VIEWS} from '../../../source/ui/view-set.js';

// The README's key list is generated from the keymap; regenerate it with UPDATE_README=1 npx vitest run test/unit/ui/readme-keys.test.ts
test('the README lists exactly the keymap', () => {
  const readme = readFileSync('README.md', 'utf8');
  const start = '<!-- keys:start -->\n';
  const end = '\n<!-- keys:end -->';
  const expected = keymapMarkdown(DEFAULT_KEYMAP, DEFAULT_VIEWS);
  const from = readme.indexOf(start);
  const to = readme.indexOf(end);
  expect(from, 'README has the keys markers').toBeGreaterThan(-1);
  const actual = readme.slice(from + start.length, to);
  if (actual !== expected && process.env.UPDATE_README) {
    writeFileSync('README.md', readme.slice(0, from + start.length) + expected + readme.slice(to));
    return;
  }
  expect(actual).toBe(expected);
});
