import {describe, expect, test} from 'vitest';
import {JsonArrayElements} from '../../../../source/engine/limits/json-array-elements.js';

// The elements a splitter hands over when the text arrives cut at the given byte offsets.
function split(text: string, cuts: number[]): {elements: unknown[]; complete: boolean; notArray?: string} {
  const bytes = Buffer.from(text);
  const elements: unknown[] = [];
  const splitter = new JsonArrayElements(element => elements.push(JSON.parse(element)));
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    splitter.push(bytes.subarray(from, cut));
    from = cut;
  }
  return {
    elements,
    complete: splitter.complete,
    notArray: splitter.notArray && Buffer.concat(splitter.notArray).toString(),
  };
}

const LIST = [
  {Id: 'a', Names: ['/web-1'], Labels: {'x[': '}"{', q: 'back\\slash \\" ] ,'}},
  {Id: 'b', Ports: [{PrivatePort: 80}], Status: 'Up 2 hours — ünïcode ✓'},
  'a string, with ] and {',
  42,
  null,
  [1, [2, {three: 3}]],
];

describe('JsonArrayElements', () => {
  test('hands over every element of an array, cut at any byte', () => {
    for (const text of [
      JSON.stringify(LIST),
      JSON.stringify(LIST, null, 2),
      ' [ ] ',
      '[]',
      '[1]',
      '[ true , false ]',
    ]) {
      const whole = JSON.parse(text) as unknown[];
      for (let cut = 0; cut <= Buffer.byteLength(text); cut++) {
        const result = split(text, [cut]);
        expect(result.elements).toEqual(whole);
        expect(result.complete).toBe(true);
      }
    }
  });

  test('cut into single bytes', () => {
    const text = JSON.stringify(LIST);
    const cuts = Array.from({length: Buffer.byteLength(text)}, (_, i) => i);
    expect(split(text, cuts).elements).toEqual(LIST);
  });

  test('an answer that is not an array is kept whole; an array cut short is not complete', () => {
    expect(split('{"message": "no"}', [3])).toMatchObject({
      elements: [],
      complete: false,
      notArray: '{"message": "no"}',
    });
    expect(split('[{"Id": "a"}, {"Id"', [])).toMatchObject({elements: [{Id: 'a'}], complete: false});
  });
});
