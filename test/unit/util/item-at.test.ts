import {describe, expect, it} from 'vitest';
import {itemAt} from '../../../source/util/item-at.js';

describe('itemAt', () => {
  it('reads an index inside the list, from the end when negative', () => {
    expect(itemAt(['a', 'b', 'c'], 0)).toBe('a');
    expect(itemAt(['a', 'b', 'c'], 2)).toBe('c');
    expect(itemAt(['a', 'b', 'c'], -1)).toBe('c');
    expect(itemAt(Buffer.from([7, 8]), 1)).toBe(8);
  });

  it('says which index missed instead of returning undefined', () => {
    expect(() => itemAt(['a'], 1)).toThrow(new RangeError('index 1 holds nothing in a list of 1'));
    expect(() => itemAt([], -1)).toThrow(RangeError);
    expect(() => itemAt(['a'], 0.5)).toThrow(RangeError);
    expect(() => itemAt([undefined], 0)).toThrow(RangeError);
  });
});
