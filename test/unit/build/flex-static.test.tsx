// Ink's <Static> lays its box out with `position: absolute`: with every Ink node a pair of yoga's and berth's
// (test/helpers/dual-yoga.ts), the static output and the frame below it must come out the same from both
// engines, frame after frame as items are added.
import {Box, Static, Text} from 'ink';
import {render} from 'ink-testing-library';
import {useEffect, useState} from 'react';
import {expect, test, vi} from 'vitest';
import instances from '../../../node_modules/ink/build/instances.js';
import renderer from '../../../node_modules/ink/build/renderer.js';
import {dual} from '../../helpers/dual-yoga.js';

vi.mock('../../../packages/flex/source/yoga.js', () => import('../../helpers/dual-yoga.js'));

function Log() {
  const [items, setItems] = useState<string[]>(['first line', 'second, a longer line of the log']);
  useEffect(() => {
    const timer = setInterval(() => setItems(current => [...current, `line ${current.length + 1}`]), 20);
    return () => clearInterval(timer);
  }, []);
  // As Ink's readme uses it: the static items first, the live part below, both at the top level.
  return (
    <>
      <Static items={items}>{item => <Text key={item}>{item}</Text>}</Static>
      <Box borderStyle="round" justifyContent="center" width="50%" padding={1}>
        <Text>{`${items.length} lines`}</Text>
      </Box>
    </>
  );
}

type Root = Parameters<typeof renderer>[0];
function both(root: Root) {
  const answer = dual.answer;
  try {
    dual.answer = 'yoga';
    const yoga = renderer(root, false);
    dual.answer = 'flex';
    return {yoga, flex: renderer(root, false)};
  } finally {
    dual.answer = answer;
  }
}

test("Ink's <Static> (position absolute) lays out as yoga does", async () => {
  dual.differences = [];
  dual.layouts = 0;
  const app = render(<Log />);
  const ink = instances.get(app.stdout as never) as unknown as {rootNode: Root};
  for (let frame = 0; frame < 5; frame++) {
    await new Promise(resolve => setTimeout(resolve, 30));
    const {yoga, flex} = both(ink.rootNode);
    expect(flex.output).toBe(yoga.output);
    expect(flex.staticOutput).toBe(yoga.staticOutput);
  }
  app.unmount();
  expect(dual.layouts).toBeGreaterThan(3);
  expect(dual.differences).toEqual([]);
  expect(app.frames.join('')).toContain('second, a longer line of the log');
});
