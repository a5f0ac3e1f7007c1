import {expect, test} from 'vitest';
import {lineDiff} from '../../../../source/cli/setup/line-diff.js';

test('the whole file, removals before additions, kept lines marked with two spaces', () => {
  expect(lineDiff('{\n  "a": 1,\n  "b": 2\n}\n', '{\n  "a": 1,\n  "b": 3,\n  "c": 4\n}\n')).toEqual([
    '  {',
    '    "a": 1,',
    '-   "b": 2',
    '+   "b": 3,',
    '+   "c": 4',
    '  }',
  ]);
  expect(lineDiff('', '{}\n')).toEqual(['+ {}']);
  expect(lineDiff('x\n', 'x\n')).toEqual(['  x']);
});
