import {expect, test} from 'vitest';
import {splitCommandLine} from '../../../source/views/command-line.js';

test('splitCommandLine: quotes inside words, escapes, empty quoted words', () => {
  expect(splitCommandLine(`A="x y" B=2 'c d' e\\ f "" g"h"i`)).toEqual(['A=x y', 'B=2', 'c d', 'e f', '', 'ghi']);
  expect(splitCommandLine(`sh -c "echo \\"hi\\"; exit 3"`)).toEqual(['sh', '-c', 'echo "hi"; exit 3']);
  expect(splitCommandLine('  ')).toEqual([]);
});
