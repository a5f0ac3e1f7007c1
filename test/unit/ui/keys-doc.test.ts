import {readFileSync, writeFileSync} from 'node:fs';
import {expect, test} from 'vitest';
import {DEFAULT_KEYMAP} from '../../../source/ui/keymap.js';
import {keymapMarkdown} from '../../../source/ui/keymap-markdown.js';
import {DEFAULT_VIEWS} from '../../../source/ui/view-set.js';

// docs/keys.md is generated from the keymap; `npm run docs:keys` rewrites it (UPDATE_DOCS=1 runs this test).
test('docs/keys.md lists exactly the keymap, with each action name', () => {
  const expected = keymapMarkdown(DEFAULT_KEYMAP, DEFAULT_VIEWS);
  if (process.env.UPDATE_DOCS) writeFileSync('docs/keys.md', expected);
  expect(readFileSync('docs/keys.md', 'utf8')).toBe(expected);
});
