import {Text, useInput} from 'ink';
import {render} from 'ink-testing-library';
import {useState} from 'react';
import {expect, test} from 'vitest';
import {createInputParser} from '../../../node_modules/ink/build/input-parser.js';

// patches/ink+6.8.0.patch: Ink 6.8 read two escapes arriving in one read (esc pressed twice quickly, or joined
// on the way over ssh) as one "meta escape" key, so the second esc was lost.
test('the input parser gives two escapes in one read as two keys, and keeps meta + arrow whole', () => {
  const parse = (chunk: string) => {
    const parser = createInputParser();
    return [...parser.push(chunk), parser.flushPendingEscape()].filter(Boolean);
  };
  expect(parse('\x1b\x1bx')).toEqual(['\x1b', '\x1bx']);
  expect(parse('\x1b\x1b[A')).toEqual(['\x1b\x1b[A']);
  expect(parse('a\x1b[B')).toEqual(['a', '\x1b[B']);
});

function Escapes() {
  const [count, setCount] = useState(0);
  useInput((_input, key) => {
    if (key.escape) setCount(n => n + 1);
  });
  return <Text>{`escapes ${count}`}</Text>;
}

test('an app sees both escapes of "esc esc" written at once', async () => {
  const instance = render(<Escapes />);
  await new Promise(resolve => setTimeout(resolve, 20));
  instance.stdin.write('\x1b\x1b');
  await new Promise(resolve => setTimeout(resolve, 50));
  expect(instance.lastFrame()).toBe('escapes 2');
  instance.unmount();
});
