import type {Key} from 'ink';
import {describe, expect, test} from 'vitest';
import {NO_KEY, splitKeys} from '../../../source/ui/handle-key.js';
import {keyName} from '../../../source/ui/key-name.js';

const names = (input: string, key: Partial<Key>) =>
  splitKeys(input, {...NO_KEY, ...key}).map(([char, charKey]) => keyName(char, charKey));

describe('the keys a person typed, from what Ink reports', () => {
  test('esc with a burst after it in one read: esc, then each key (was one unknown key, the esc lost)', () => {
    expect(names('/web\r', {meta: true})).toEqual(['escape', '/', 'w', 'e', 'b', 'enter']);
  });
  test('esc then one key, esc then enter', () => {
    expect(names('d', {meta: true})).toEqual(['escape', 'd']);
    expect(names('\r', {meta: true})).toEqual(['escape', 'enter']);
  });
  test('a burst without esc is its characters; a lone key is itself', () => {
    expect(names('/web\r', {})).toEqual(['/', 'w', 'e', 'b', 'enter']);
    expect(names('s', {})).toEqual(['s']);
    expect(names('', {escape: true})).toEqual(['escape']);
  });
});
