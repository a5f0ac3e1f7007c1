import {Box, Text} from 'ink';
import {render} from 'ink-testing-library';
import {useSyncExternalStore} from 'react';
import {expect, test} from 'vitest';

// patches/ink+6.8.0.patch: a commit that changes no Ink node (a list update off screen: the rows drawn are the
// same) skips the layout and the frame; Text keeps its transform while its styles stay, so such a render changes
// no node. Anything drawn differently (text, colour, a box's size, a node added) still makes a frame.
type Shown = {tick: number; text: string; color: string; width: number; extra: boolean};
let shown: Shown = {tick: 0, text: 'one', color: 'green', width: 20, extra: false};
const listeners = new Set<() => void>();
const set = (change: Partial<Shown>) => {
  shown = {...shown, ...change, tick: shown.tick + 1};
  for (const listener of listeners) listener();
};
const subscribe = (listener: () => void) => (listeners.add(listener), () => listeners.delete(listener));

function Shown() {
  const {text, color, width, extra} = useSyncExternalStore(subscribe, () => shown);
  return (
    <Box flexDirection="column" width={width}>
      <Text color={color} wrap="truncate-end">
        {['[', text, ']']}
      </Text>
      {extra ? <Text>more</Text> : null}
    </Box>
  );
}

const settle = () => new Promise(resolve => setTimeout(resolve, 30));

test('a render that changes no node draws no frame; each change draws one', async () => {
  const instance = render(<Shown />);
  await settle();
  const frames = () => instance.frames.length;
  const before = frames();
  expect(instance.lastFrame()).toContain('[one]');

  set({});
  await settle();
  set({});
  await settle();
  expect(frames()).toBe(before);

  const steps: [Partial<Shown>, (frame: string) => void][] = [
    [{text: 'two'}, frame => expect(frame).toContain('[two]')],
    // Colours are off here (no terminal): the frame itself is what shows the new transform was seen.
    [{color: 'red'}, frame => expect(frame).toContain('[two]')],
    [{extra: true}, frame => expect(frame).toContain('more')],
    [{extra: false}, frame => expect(frame).not.toContain('more')],
    [{width: 3}, frame => expect(frame).not.toContain('[two]')],
  ];
  for (const [change, check] of steps) {
    const count = frames();
    set(change);
    await settle();
    expect(frames(), JSON.stringify(change)).toBe(count + 1);
    check(instance.lastFrame() ?? '');
  }
  instance.unmount();
});
