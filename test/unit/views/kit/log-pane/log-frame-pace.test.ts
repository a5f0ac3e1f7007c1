import {expect, test} from 'vitest';
import {FLOOD_FRAME_MS, FLOOD_HOLD_MS, FramePace} from '../../../../../source/views/kit/log-pane/frame-pace.js';

test('a few lines are drawn at once; a flood at most every FLOOD_FRAME_MS', () => {
  const pace = new FramePace();
  expect(pace.wait(5, 38, 1000)).toBe(0);
  pace.drawn(1000);
  expect(pace.wait(500, 38, 1100)).toBe(FLOOD_FRAME_MS - 100);
});

// A logger writing 500 lines every 100 ms: the tail of a burst arrives just after a frame. Judged alone it is
// "a few lines", and drew a second frame 20-50 ms after the first.
test('the tail of a burst waits for the flood pace; the pace ends FLOOD_HOLD_MS after the last flood', () => {
  const pace = new FramePace();
  expect(pace.wait(500, 38, 0)).toBe(0);
  pace.drawn(0);
  expect(pace.wait(30, 38, 30)).toBe(FLOOD_FRAME_MS - 30);
  pace.drawn(FLOOD_FRAME_MS);
  expect(pace.wait(3, 38, FLOOD_FRAME_MS + 10)).toBe(FLOOD_FRAME_MS - 10);
  // No flood for FLOOD_HOLD_MS: a few lines right after a frame are drawn at once again.
  pace.drawn(FLOOD_HOLD_MS + 1);
  expect(pace.wait(3, 38, FLOOD_HOLD_MS + 20)).toBe(0);
});
